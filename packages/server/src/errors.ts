// Error bodies the server answers with. Codes and short messages come from §8 (setup alerts);
// the other texts are ours. The catalogue's parts by service are in errors/ (body, siwx, relay,
// auth, names, farcaster, sessions, analytics).

import { SetupAlerts } from '@latchkey/core/shared'
import type { ErrorBody } from './errors/body.ts'

function alertBody(code: 'APKT007' | 'APKT008' | 'APKT010'): ErrorBody {
  return { error: SetupAlerts[code].shortMessage, code }
}

/** §8 APKT008 Project ID Missing (HTTP 400) */
export const projectIdMissing = alertBody('APKT008')
/** §8 APKT007 Invalid Project ID (HTTP 403) */
export const invalidProjectId = alertBody('APKT007')
/** §7 HTTP 429 -> RATE_LIMITED, §8 APKT010 Rate Limited */
export const rateLimited = alertBody('APKT010')

/** §7 image blobs: an id we have no image for (HTTP 404) */
export const imageNotFound: ErrorBody = { error: 'Image not found' }
/** Ours: a path or method the service does not serve (HTTP 404) */
export const routeNotFound: ErrorBody = { error: 'Not found' }
/** docs/architecture.md "The local stack": bad input is a 4xx; this is the last resort for our own bugs */
export const internalError: ErrorBody = { error: 'Internal error' }

/** Ours: a chain the server has no node for (HTTP 400) */
export function unsupportedChain(chainId: string): ErrorBody {
  return { error: `Unsupported chain: ${chainId}` }
}
/** Thrown at start when another server has the PGlite data directory open */
export function dataDirInUse(dataDir: string, owner?: { pid: number; host: string }): string {
  const by = owner ? ` by the server with pid ${owner.pid} on ${owner.host}` : ''
  return (
    `The database directory ${dataDir} is in use${by}. PGlite serves one process: stop that ` +
    'server, or run several on PostgreSQL (DATABASE_URL).'
  )
}
/** Ours: a request body over the limit (HTTP 413) */
export const bodyTooLarge: ErrorBody = { error: 'Request body too large' }
/** Ours: a JSON body nested deeper than MAX_JSON_DEPTH (HTTP 400) */
export function jsonTooDeep(depth: number): string {
  return `Request body nested deeper than ${depth} levels`
}
/** Ours: the chain's node did not answer (HTTP 502) */
export const upstreamUnavailable: ErrorBody = { error: 'Chain node unavailable' }

// ---- Administration (issue 21: the CLI and /admin/v1/*) ----

/** A refused admin operation: the CLI prints the message, the admin API answers it with status */
export class AdminError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 401 | 404,
  ) {
    super(message)
    this.name = 'AdminError'
  }
}

export const adminErrors = {
  /** No admin token or project token, or a wrong one (the answer does not say which) */
  unauthorized: () => new AdminError('Admin token missing or wrong', 401),
  projectNotFound: (projectId: string) => new AdminError(`No project '${projectId}'`, 404),
  invalidName: (max: number) => new AdminError(`A project name is 1 to ${max} characters`, 400),
  invalidOrigin: (value: string) =>
    new AdminError(
      `'${value}' is not an origin: http(s)://host[:port], with nothing after the host or port`,
      400,
    ),
  tooManyOrigins: (max: number) => new AdminError(`A project lists at most ${max} origins`, 400),
  invalidFeatures: (reason: string) => new AdminError(`Invalid features: ${reason}`, 400),
}

/** §8: a chain without an exchange, asked for swap tokens, quotes or transactions (HTTP 400) */
export const swapsUnsupported: ErrorBody = { error: 'Network not supported for Swaps' }
/** §8: a chain without an exchange, asked for gas prices (HTTP 400) */
export const gasPriceUnsupported: ErrorBody = { error: 'Network not supported for Gas Price' }
/** §8: no pool path can take the trade (HTTP 400) */
export const insufficientLiquidity: ErrorBody = { error: 'Insufficient liquidity' }
/** Ours: the node ran a built swap and it failed; its reason (allowance or balance short) (HTTP 400) */
export function swapWouldFail(reason: string): ErrorBody {
  return { error: `The swap would fail: ${reason.slice(0, 300)}` }
}

/** §9 An onramp amount outside the payment method's limits (HTTP 400) */
export function onrampAmountOutOfRange(min: number, max: number, currency: string): ErrorBody {
  return { error: `Amount must be between ${min} and ${max} ${currency}` }
}
/** §1 An onramp asked from a restricted timezone: no checkout URL (HTTP 403) */
export const onrampRegionRestricted: ErrorBody = {
  error: 'Buying crypto is not available in your region',
}
/** Ours: an onramp order id that is not known (HTTP 404) */
export const onrampOrderNotFound: ErrorBody = { error: 'Order not found' }
