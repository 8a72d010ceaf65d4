// Sign-In with X, the server-verified provider's side (issue 7): nonces, sessions, revocation.
// Listing, revoking and email capture need the account's access JWT (issue 18 #10, bearer.ts).
import type { OpenAPIHono } from '@hono/zod-openapi'
import type { SIWXMessageData } from '@latchkey/core/shared'
import { serializeSiwxMessage } from '@latchkey/core/shared'
import type { Context } from 'hono'
import type { Kysely } from 'kysely'
import type { Chains } from '../chain/client.ts'
import { SIWX_CLOCK_SKEW_MS } from '../constants.ts'
import type { Database, SiwxSessionRow } from '../db/schema.ts'
import type { AppEnv } from '../env.ts'
import { type ErrorBody, invalidParameter } from '../errors/body.ts'
import {
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
  siwxTokenOtherAccount,
  siwxUnsupportedChain,
} from '../errors/siwx.ts'
import { upstreamUnavailable } from '../errors.ts'
import { parseEvmAddress } from '../routes/chainParams.ts'
import { type SiwxChain, siwxAddress, siwxAddressReason, siwxChain } from './accounts.ts'
import {
  bearerAccount,
  canonicalAccount,
  issuerOf,
  requireAccount,
  unauthorized,
} from './bearer.ts'
import {
  deleteSessionRoute,
  deleteSessionsRoute,
  getSessionsRoute,
  postEmailRoute,
  postNonceRoute,
  postSessionRoute,
} from './routeDefs.ts'
import {
  consumeNonce,
  insertSession,
  issueNonce,
  listSessions,
  type NonceOutcome,
  revokeAccountSessions,
  revokeSession,
} from './store.ts'
import { registerTokenRoutes } from './tokenRoutes.ts'
import { issueTokens } from './tokens.ts'
import { VerifierUnavailableError, verifySiwxSignature } from './verify.ts'

export interface SiwxRouteDeps {
  db: Kysely<Database>
  chains: Chains
  /** Clock (ms); Date.now by default */
  now: () => number
  /** The server's URL as browsers and apps reach it: the access JWTs' `iss` */
  publicUrl: () => string
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

/** The account of a GET/DELETE query: the address must fit the chain (an EVM one may omit 0x). */
function accountOf(
  c: Context<AppEnv>,
  chain: SiwxChain,
  rawAddress: string,
): { address: string } | { response: Response } {
  const text = rawAddress.trim()
  const address = chain.namespace === 'eip155' ? parseEvmAddress(text) : siwxAddress(chain, text)
  if (!address) {
    return { response: c.json(invalidParameter('address', siwxAddressReason(chain)), 400) }
  }
  return { address }
}

export function registerSiwxRoutes(app: OpenAPIHono<AppEnv>, deps: SiwxRouteDeps) {
  const { db, chains, now } = deps

  /** The account a sessions query names, once its address parses and the bearer token proves it */
  async function provedAccount(c: Context<AppEnv>, query: { chainId: SiwxChain; address: string }) {
    const found = accountOf(c, query.chainId, query.address)
    if ('response' in found) return found
    const refused = await requireAccount(c, deps, `${query.chainId.caip2}:${found.address}`)
    if (refused) return { response: refused }
    const projectId = c.var.project.project_id
    return { account: { projectId, chainId: query.chainId.caip2, address: found.address } }
  }
  registerTokenRoutes(app, deps)

  app.openapi(postEmailRoute, async (c) => {
    const { caipAddress, email } = c.req.valid('json')
    const account = canonicalAccount(caipAddress)
    const refused = await requireAccount(c, deps, account)
    if (refused) return refused as never
    const row = {
      project_id: c.var.project.project_id,
      caip_address: account,
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

    // 1. The chain: EIP-4361 (eip155), or its Solana or Bitcoin form; the address must fit it.
    const chain = siwxChain(data.chainId)
    if (!chain) return c.json(siwxUnsupportedChain(data.chainId), 400) as never
    const address = siwxAddress(chain, data.accountAddress)
    if (!address) {
      const reason = siwxAddressReason(chain)
      return c.json(invalidParameter('data.accountAddress', reason), 400) as never
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
    try {
      valid = await verifySiwxSignature(chain, chains, address, body.message, body.signature)
    } catch (error) {
      if (error instanceof VerifierUnavailableError) return c.json(upstreamUnavailable, 502)
      throw error
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
    const tokens = await issueTokens(
      db,
      {
        issuer: issuerOf(deps),
        projectId: project.project_id,
        subject: `${row.chain_id}:${row.address}`,
        sessionId: row.id,
      },
      expiresAt,
      at,
    )
    return c.json({ session: toSession(row), ...tokens }, 201)
  })

  app.openapi(getSessionsRoute, async (c) => {
    const proved = await provedAccount(c, c.req.valid('query'))
    if ('response' in proved) return proved.response as never
    const rows = await listSessions(db, proved.account, new Date(now()))
    return c.json({ sessions: rows.map(toSession) }, 200)
  })

  app.openapi(deleteSessionsRoute, async (c) => {
    const proved = await provedAccount(c, c.req.valid('query'))
    if ('response' in proved) return proved.response as never
    await revokeAccountSessions(db, proved.account, new Date(now()))
    return c.body(null, 204)
  })

  app.openapi(deleteSessionRoute, async (c) => {
    const { id } = c.req.valid('param')
    const proved = await bearerAccount(c, deps)
    if ('response' in proved) return proved.response as never
    const projectId = c.var.project.project_id
    const revoked = await revokeSession(db, projectId, id, proved.subject, new Date(now()))
    if (revoked === 'not-found') return c.json(siwxSessionNotFound, 404)
    if (revoked === 'other-account') return unauthorized(c, siwxTokenOtherAccount, true) as never
    return c.body(null, 204)
  })
}
