// The SIWX routes' OpenAPI definitions and body schemas (handlers: routes.ts, tokenRoutes.ts).
import { createRoute, z } from '@hono/zod-openapi'
import { ErrorText, isValidEmail } from '@latchkey/core/shared'
import { SIWX_MAX_FIELD_LENGTH, SIWX_MAX_MESSAGE_LENGTH, SIWX_MAX_RESOURCES } from '../constants.ts'
import {
  commonQuery,
  ErrorSchema,
  json,
  projectErrorResponses,
  singleValue,
} from '../routes/params.ts'
import { siwxChainParam } from './accounts.ts'

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

const TokenPairSchema = z
  .object({
    accessToken: z
      .string()
      .openapi({ description: 'ES256 JWT: iss, aud (projectId), sub (CAIP-10), sid, iat, exp' }),
    tokenType: z.literal('Bearer'),
    accessTokenExpiresAt: z.string(),
    refreshToken: z.string().openapi({ description: 'Single use: POST /siwx/v1/token' }),
    refreshTokenExpiresAt: z.string(),
  })
  .openapi('SIWXTokens')

/** Routes that act on an account: its access JWT as `Authorization: Bearer` (README). */
const bearer = [{ siwxBearer: [] }]
const unauthorized = {
  401: {
    description: "No access token, or not this project's and this account's",
    content: { 'application/json': { schema: ErrorSchema } },
  },
}

export const AccountQuery = z.object({
  ...commonQuery,
  chainId: siwxChainParam(),
  address: singleValue().openapi({
    type: 'string',
    description:
      'EVM (0x…), Solana (base58) or Bitcoin (P2PKH, P2SH-P2WPKH, P2WPKH or P2TR) address, fitting chainId',
    example: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  }),
})

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
    201: json(
      z.object({ session: SessionSchema }).extend(TokenPairSchema.shape),
      'The stored session, and tokens that prove the account',
    ),
    ...projectErrorResponses,
    401: errorJson('The nonce, the message times or the signature do not hold'),
    502: errorJson("The chain's node did not answer (EVM contract-account check)"),
  },
})

export const getSessionsRoute = createRoute({
  method: 'get',
  path: '/siwx/v1/sessions',
  summary: "An account's live sessions, newest first",
  security: bearer,
  request: { query: AccountQuery },
  responses: {
    200: json(z.object({ sessions: z.array(SessionSchema) }), 'Neither revoked nor expired'),
    ...projectErrorResponses,
    ...unauthorized,
  },
})

export const deleteSessionsRoute = createRoute({
  method: 'delete',
  path: '/siwx/v1/sessions',
  summary: "Revokes all of an account's sessions",
  security: bearer,
  request: { query: AccountQuery },
  responses: { 204: { description: 'Revoked' }, ...projectErrorResponses, ...unauthorized },
})

export const deleteSessionRoute = createRoute({
  method: 'delete',
  path: '/siwx/v1/sessions/{id}',
  summary: 'Revokes one session',
  security: bearer,
  request: {
    params: z.object({
      id: z.uuid({ error: 'must be a session id' }).openapi({ param: { name: 'id', in: 'path' } }),
    }),
    query: CommonQuery,
  },
  responses: {
    204: { description: 'Revoked (or already revoked)' },
    ...projectErrorResponses,
    ...unauthorized,
    404: errorJson('The project has no such session'),
  },
})

export const EmailBody = z.object({
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
  security: bearer,
  request: {
    query: CommonQuery,
    body: { required: true, content: { 'application/json': { schema: EmailBody } } },
  },
  responses: {
    204: { description: 'Stored (a new email replaces the old one)' },
    ...projectErrorResponses,
    ...unauthorized,
  },
})

export const postTokenRoute = createRoute({
  method: 'post',
  path: '/siwx/v1/token',
  summary: 'Trades a refresh token (single use) for a new access JWT and refresh token',
  request: {
    query: CommonQuery,
    body: {
      required: true,
      content: {
        'application/json': {
          schema: z.object({
            refreshToken: z
              .string()
              .min(1, { error: 'must not be empty' })
              .max(256, { error: 'must be at most 256 characters' }),
          }),
        },
      },
    },
  },
  responses: {
    200: json(TokenPairSchema, 'The next pair; the refresh token given is spent'),
    ...projectErrorResponses,
    401: errorJson('Unknown, expired or revoked; or reused, which revokes its sign-in'),
  },
})

export const getJwksRoute = createRoute({
  method: 'get',
  path: '/.well-known/jwks.json',
  summary: "The public keys of SIWX access JWTs (RFC 7517), for an app's backend",
  responses: {
    200: json(
      z.object({ keys: z.array(z.record(z.string(), z.string())) }).openapi('JWKS'),
      'The keys whose tokens may still be valid',
    ),
  },
})

/** The project routes (JWKS is served to anyone, without a project). */
export const SIWX_ROUTES = [
  postNonceRoute,
  postSessionRoute,
  getSessionsRoute,
  deleteSessionsRoute,
  deleteSessionRoute,
  postEmailRoute,
  postTokenRoute,
]
