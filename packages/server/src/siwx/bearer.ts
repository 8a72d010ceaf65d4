// The proof a SIWX write or listing needs: the account's access JWT (README "Sign-In with X").
import type { Context } from 'hono'
import type { Kysely } from 'kysely'
import { SIWX_FALLBACK_ISSUER } from '../constants.ts'
import type { Database } from '../db/schema.ts'
import type { AppEnv } from '../env.ts'
import type { ErrorBody } from '../errors/body.ts'
import {
  siwxTokenExpired,
  siwxTokenInvalid,
  siwxTokenMissing,
  siwxTokenOtherAccount,
  siwxTokenOtherProject,
} from '../errors/siwx.ts'
import { siwxAddress, siwxChain } from './accounts.ts'
import { type BearerRefusal, verifyBearer } from './tokens.ts'

export interface BearerDeps {
  db: Kysely<Database>
  now: () => number
  /** The server's public URL: the tokens' `iss` */
  publicUrl: () => string
}

export function issuerOf(deps: Pick<BearerDeps, 'publicUrl'>): string {
  return deps.publicUrl() || SIWX_FALLBACK_ISSUER
}

const REFUSALS: Record<BearerRefusal, ErrorBody> = {
  missing: siwxTokenMissing,
  invalid: siwxTokenInvalid,
  expired: siwxTokenExpired,
  'other-project': siwxTokenOtherProject,
}

/** RFC 6750 §3: a 401 names the scheme, and why when a token was sent. */
export function unauthorized(c: Context<AppEnv>, body: ErrorBody, tokenSent: boolean): Response {
  const error = tokenSent ? ', error="invalid_token"' : ''
  c.header('WWW-Authenticate', `Bearer realm="siwx"${error}`)
  return c.json(body, 401)
}

/** The CAIP-10 account the request's access token proves, or the 401 to answer. */
export async function bearerAccount(
  c: Context<AppEnv>,
  deps: BearerDeps,
): Promise<{ subject: string } | { response: Response }> {
  const header = c.req.header('Authorization')
  const verified = await verifyBearer(
    deps.db,
    header,
    { issuer: issuerOf(deps), projectId: c.var.project.project_id },
    new Date(deps.now()),
  )
  if ('refusal' in verified) {
    return { response: unauthorized(c, REFUSALS[verified.refusal], header !== undefined) }
  }
  return { subject: verified.subject }
}

/** Answers 401 unless the token proves `account` (CAIP-10, address as stored). */
export async function requireAccount(
  c: Context<AppEnv>,
  deps: BearerDeps,
  account: string,
): Promise<Response | undefined> {
  const proved = await bearerAccount(c, deps)
  if ('response' in proved) return proved.response
  if (proved.subject !== account) return unauthorized(c, siwxTokenOtherAccount, true)
  return undefined
}

/**
 * A CAIP-10 id with its address as the sessions store it (EVM checksummed, Bitcoin bech32 in
 * lower case); as given when it is no account a sign-in can be of.
 */
export function canonicalAccount(caip10: string): string {
  const [namespace, reference, ...rest] = caip10.split(':')
  const chain = siwxChain(`${namespace}:${reference}`)
  const canonical = chain && siwxAddress(chain, rest.join(':'))
  return chain && canonical ? `${chain.caip2}:${canonical}` : caip10
}
