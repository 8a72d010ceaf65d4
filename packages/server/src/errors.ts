// Error bodies the server answers with. Codes and short messages come from §8 (setup alerts);
// the other texts are ours.

import { SetupAlerts } from '@latchkey/core/errors'

export interface ErrorBody {
  error: string
  code?: string
}

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
/** DESIGN "The services": bad input is a 4xx; this is the last resort for our own bugs */
export const internalError: ErrorBody = { error: 'Internal error' }

/** DESIGN "The services": every 400 names the parameter at fault */
export function invalidParameter(name: string, reason: string): ErrorBody {
  return { error: `Invalid parameter '${name}': ${reason}` }
}

/** Ours: a chain the server has no node for (HTTP 400) */
export function unsupportedChain(chainId: string): ErrorBody {
  return { error: `Unsupported chain: ${chainId}` }
}
/** Ours: a request body over the limit (HTTP 413) */
export const bodyTooLarge: ErrorBody = { error: 'Request body too large' }
/** Ours: the chain's node did not answer (HTTP 502) */
export const upstreamUnavailable: ErrorBody = { error: 'Chain node unavailable' }
