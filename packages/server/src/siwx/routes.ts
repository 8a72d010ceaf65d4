// Sign-In with X, the server-verified provider's side (issue 7): nonces, sessions, revocation.
import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi'
import {
  ErrorText,
  isValidEmail,
  type SIWXMessageData,
  serializeSiwxMessage,
} from '@latchkey/core/shared'
import type { Context } from 'hono'
import type { Kysely } from 'kysely'
import { isSolanaAddress } from '../chain/base58.ts'
import type { Chains } from '../chain/client.ts'
import { parseCaip2 } from '../chain/config.ts'
import { isSolanaCaip2 } from '../chain/solanaConfig.ts'
import {
  SIWX_CLOCK_SKEW_MS,
  SIWX_MAX_FIELD_LENGTH,
  SIWX_MAX_MESSAGE_LENGTH,
  SIWX_MAX_RESOURCES,
} from '../constants.ts'
import type { Database, SiwxSessionRow } from '../db/schema.ts'
import type { AppEnv } from '../env.ts'
import {
  type ErrorBody,
  invalidParameter,
  siwxDomainNotAllowed,
  siwxIssuedInFuture,
  siwxMessageExpired,
  siwxMessageMismatch,
  siwxMessageNotYetValid,
  siwxNonceExpired,
  siwxNonceOtherProject,
  siwxNonceUnknown,
  siwxNonceUsed,
  siwxSessionNotFound,
  siwxSignatureInvalid,
  siwxUnsupportedChain,
  upstreamUnavailable,
} from '../errors.ts'
import {
  type AccountAddress,
  accountAddressParam,
  addressReason,
  chainRefParam,
  parseEvmAddress,
} from '../routes/chainParams.ts'
import { commonQuery, ErrorSchema, projectErrorResponses, singleValue } from '../routes/params.ts'
import {
  consumeNonce,
  insertSession,
  issueNonce,
  listSessions,
  type NonceOutcome,
  revokeAccountSessions,
  revokeSession,
} from './store.ts'
import { VerifierUnavailableError, verifyEvmSignature, verifySolanaSignature } from './verify.ts'

const CommonQuery = z.object(commonQuery)

const field = (max = SIWX_MAX_FIELD_LENGTH) =>
  z.string().max(max, { error: `must be at most ${max} characters` })
const isoTime = () => z.iso.datetime({ offset: true, error: 'must be an ISO 8601 date-time' })

const SiwxDataSchema = z
  .object({
    accountAddress: field(128),
    chainId: field(128).regex(/^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/, {
      error: 'must be a CAIP-2 id like eip155:1',
    }),
    domain: field(256).min(1, { error: 'must not be empty' }),
    uri: field(),
    version: field(16),
    nonce: z
      .string()
      .regex(/^[A-Za-z0-9]{8,128}$/, { error: 'must be 8 to 128 letters and digits (EIP-4361)' }),
    statement: field().optional(),
    resources: z
      .array(field())
      .max(SIWX_MAX_RESOURCES, { error: `must list at most ${SIWX_MAX_RESOURCES} items` })
      .optional(),
    requestId: field(256).optional(),
    issuedAt: isoTime(),
    expirationTime: isoTime().optional(),
    notBefore: isoTime().optional(),
    serializedMessage: field(SIWX_MAX_MESSAGE_LENGTH).optional(),
  })
  .openapi('SIWXMessageData')

const SessionSchema = z
  .object({
    id: z.string(),
    chainId: z.string().openapi({ example: 'eip155:31337' }),
    address: z.string(),
    data: SiwxDataSchema,
    message: z.string(),
    signature: z.string(),
    createdAt: z.string(),
    expiresAt: z.string().nullable(),
  })
  .openapi('SIWXSession')

const AccountQuery = z.object({
  ...commonQuery,
  chainId: chainRefParam(),
  address: singleValue().openapi({
    type: 'string',
    description: 'EVM (0x…) or Solana (base58) address, fitting chainId',
    example: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  }),
})

function json<T extends z.ZodType>(schema: T, description: string) {
  return { description, content: { 'application/json': { schema } } }
}
const errorJson = (description: string) => json(ErrorSchema, description)

export const postNonceRoute = createRoute({
  method: 'post',
  path: '/siwx/v1/nonce',
  summary: 'A single-use sign-in nonce, valid 5 minutes',
  request: { query: CommonQuery },
  responses: {
    200: json(z.object({ nonce: z.string(), expiresAt: z.string() }), 'A fresh nonce'),
    ...projectErrorResponses,
  },
})

export const postSessionRoute = createRoute({
  method: 'post',
  path: '/siwx/v1/sessions',
  summary: 'Verifies a signed sign-in message and stores the session',
  request: {
    query: CommonQuery,
    body: {
      required: true,
      content: {
        'application/json': {
          schema: z.object({
            data: SiwxDataSchema,
            message: field(SIWX_MAX_MESSAGE_LENGTH),
            signature: field(4096).min(1, { error: 'must not be empty' }),
          }),
        },
      },
    },
  },
  responses: {
    201: json(z.object({ session: SessionSchema }), 'The stored session'),
    ...projectErrorResponses,
    401: errorJson('The nonce, the message times or the signature do not hold'),
    502: errorJson("The chain's node did not answer (EVM contract-account check)"),
  },
})

export const getSessionsRoute = createRoute({
  method: 'get',
  path: '/siwx/v1/sessions',
  summary: "An account's live sessions, newest first",
  request: { query: AccountQuery },
  responses: {
    200: json(z.object({ sessions: z.array(SessionSchema) }), 'Neither revoked nor expired'),
    ...projectErrorResponses,
  },
})

export const deleteSessionsRoute = createRoute({
  method: 'delete',
  path: '/siwx/v1/sessions',
  summary: "Revokes all of an account's sessions",
  request: { query: AccountQuery },
  responses: { 204: { description: 'Revoked' }, ...projectErrorResponses },
})

export const deleteSessionRoute = createRoute({
  method: 'delete',
  path: '/siwx/v1/sessions/{id}',
  summary: 'Revokes one session',
  request: {
    params: z.object({
      id: z.uuid({ error: 'must be a session id' }).openapi({ param: { name: 'id', in: 'path' } }),
    }),
    query: CommonQuery,
  },
  responses: {
    204: { description: 'Revoked (or already revoked)' },
    ...projectErrorResponses,
    404: errorJson('The project has no such session'),
  },
})

export interface SiwxRouteDeps {
  db: Kysely<Database>
  chains: Chains
  /** Clock (ms); Date.now by default */
  now: () => number
}

const NONCE_REFUSALS: Record<Exclude<NonceOutcome, 'ok'>, ErrorBody> = {
  unknown: siwxNonceUnknown,
  'other-project': siwxNonceOtherProject,
  expired: siwxNonceExpired,
  used: siwxNonceUsed,
}

/** The hosts (host[:port], as EIP-4361's domain) of the project's allowed origins. */
function allowedHosts(origins: readonly string[]): Set<string> {
  const hosts = new Set<string>()
  for (const origin of origins) {
    if (URL.canParse(origin)) hosts.add(new URL(origin).host)
  }
  return hosts
}

function toSession(row: SiwxSessionRow) {
  return {
    id: row.id,
    chainId: row.chain_id,
    address: row.address,
    data: row.data,
    message: row.message,
    signature: row.signature,
    createdAt: row.created_at.toISOString(),
    expiresAt: row.expires_at?.toISOString() ?? null,
  }
}

/** The account of a GET/DELETE query: the address must fit the chain's namespace. */
function accountOf(
  c: Context<AppEnv>,
  namespace: 'eip155' | 'solana',
  rawAddress: string,
): { address: string } | { response: Response } {
  const parsed = accountAddressParam('address').safeParse(rawAddress.trim())
  const account: AccountAddress | undefined = parsed.success ? parsed.data : undefined
  if (account?.namespace !== namespace) {
    return { response: c.json(invalidParameter('address', addressReason(namespace)), 400) }
  }
  return { address: account.address }
}

const EmailBody = z.object({
  caipAddress: z
    .string()
    .max(SIWX_MAX_FIELD_LENGTH)
    .regex(/^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}:[-.%a-zA-Z0-9]{1,128}$/, {
      error: 'must be a CAIP-10 account id',
    }),
  email: z
    .string()
    .max(254)
    .refine((value) => isValidEmail(value), { error: ErrorText.invalidEmail }),
})

export const postEmailRoute = createRoute({
  method: 'post',
  path: '/siwx/v1/email',
  summary: "§4 DataCapture: keeps the visitor's email with the project and account",
  request: {
    query: CommonQuery,
    body: { required: true, content: { 'application/json': { schema: EmailBody } } },
  },
  responses: {
    204: { description: 'Stored (a new email replaces the old one)' },
    ...projectErrorResponses,
  },
})

export const SIWX_ROUTES = [
  postNonceRoute,
  postSessionRoute,
  getSessionsRoute,
  deleteSessionsRoute,
  deleteSessionRoute,
  postEmailRoute,
]

export function registerSiwxRoutes(app: OpenAPIHono<AppEnv>, deps: SiwxRouteDeps) {
  const { db, chains, now } = deps

  app.openapi(postEmailRoute, async (c) => {
    const { caipAddress, email } = c.req.valid('json')
    const row = {
      project_id: c.var.project.project_id,
      caip_address: caipAddress,
      email: email.trim(),
      created_at: new Date(now()),
    }
    await db
      .insertInto('captured_emails')
      .values(row)
      .onConflict((oc) =>
        oc
          .columns(['project_id', 'caip_address'])
          .doUpdateSet({ email: row.email, created_at: row.created_at }),
      )
      .execute()
    return c.body(null, 204)
  })

  app.openapi(postNonceRoute, async (c) => {
    const { nonce, expiresAt } = await issueNonce(db, c.var.project.project_id, new Date(now()))
    return c.json({ nonce, expiresAt: expiresAt.toISOString() }, 200)
  })

  app.openapi(postSessionRoute, async (c) => {
    const project = c.var.project
    const body = c.req.valid('json')
    const data = body.data as SIWXMessageData

    // 1. The chain: EIP-4361 (eip155) or its Solana form; the address must fit it.
    const evmChainId = parseCaip2(data.chainId)
    const namespace =
      evmChainId !== undefined ? 'eip155' : isSolanaCaip2(data.chainId) ? 'solana' : undefined
    if (!namespace) return c.json(siwxUnsupportedChain(data.chainId), 400) as never
    const address =
      namespace === 'eip155'
        ? data.accountAddress.startsWith('0x')
          ? parseEvmAddress(data.accountAddress)
          : undefined
        : isSolanaAddress(data.accountAddress)
          ? data.accountAddress
          : undefined
    if (!address) {
      return c.json(invalidParameter('data.accountAddress', addressReason(namespace)), 400) as never
    }

    // 2. The signed text is the text of `data` (a tampered message or data is refused). A
    //    provider's own serializedMessage is taken only when it is that same text: this server
    //    vouches for fields it can read in what was signed.
    const text = serializeSiwxMessage(data)
    if (
      body.message !== text ||
      (data.serializedMessage !== undefined && data.serializedMessage !== text)
    )
      return c.json(siwxMessageMismatch, 400) as never

    // 3. The domain is the host of one of the project's allowed origins.
    if (!allowedHosts(project.allowed_origins).has(data.domain)) {
      return c.json(siwxDomainNotAllowed(data.domain), 400) as never
    }

    // 4. The nonce: ours, this project's, not expired, not used; taken now (single use).
    const at = new Date(now())
    const outcome = await consumeNonce(db, project.project_id, data.nonce, at)
    if (outcome !== 'ok') return c.json(NONCE_REFUSALS[outcome], 401)

    // 5. The message's times.
    const time = at.getTime()
    if (Date.parse(data.issuedAt) > time + SIWX_CLOCK_SKEW_MS) {
      return c.json(siwxIssuedInFuture, 401)
    }
    const expiresAt = data.expirationTime ? new Date(data.expirationTime) : null
    if (expiresAt && expiresAt.getTime() <= time) return c.json(siwxMessageExpired, 401)
    if (data.notBefore && Date.parse(data.notBefore) > time + SIWX_CLOCK_SKEW_MS) {
      return c.json(siwxMessageNotYetValid, 401)
    }

    // 6. The signature.
    let valid: boolean
    if (namespace === 'solana') {
      valid = verifySolanaSignature(address, body.message, body.signature)
    } else {
      try {
        const chain = evmChainId === undefined ? undefined : chains.get(evmChainId)
        valid = await verifyEvmSignature(
          chain,
          address as `0x${string}`,
          body.message,
          body.signature,
        )
      } catch (error) {
        if (error instanceof VerifierUnavailableError) return c.json(upstreamUnavailable, 502)
        throw error
      }
    }
    if (!valid) return c.json(siwxSignatureInvalid, 401)

    const row = await insertSession(db, {
      projectId: project.project_id,
      chainId: data.chainId,
      address,
      message: body.message,
      signature: body.signature,
      data,
      createdAt: at,
      expiresAt,
    })
    return c.json({ session: toSession(row) }, 201)
  })

  app.openapi(getSessionsRoute, async (c) => {
    const query = c.req.valid('query')
    const found = accountOf(c, query.chainId.namespace, query.address)
    if ('response' in found) return found.response as never
    const rows = await listSessions(
      db,
      { projectId: c.var.project.project_id, chainId: query.chainId.caip2, address: found.address },
      new Date(now()),
    )
    return c.json({ sessions: rows.map(toSession) }, 200)
  })

  app.openapi(deleteSessionsRoute, async (c) => {
    const query = c.req.valid('query')
    const found = accountOf(c, query.chainId.namespace, query.address)
    if ('response' in found) return found.response as never
    await revokeAccountSessions(
      db,
      { projectId: c.var.project.project_id, chainId: query.chainId.caip2, address: found.address },
      new Date(now()),
    )
    return c.body(null, 204)
  })

  app.openapi(deleteSessionRoute, async (c) => {
    const { id } = c.req.valid('param')
    const revoked = await revokeSession(db, c.var.project.project_id, id, new Date(now()))
    if (!revoked) return c.json(siwxSessionNotFound, 404)
    return c.body(null, 204)
  })
}
