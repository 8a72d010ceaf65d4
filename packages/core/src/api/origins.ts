import type { SetupAlertCode } from '../errors.ts'
import { type ApiClient, ApiError } from './api.ts'

export type OriginsResult =
  | { allowedOrigins: string[] }
  | { error: 'RATE_LIMITED' | 'SERVER_ERROR' }

/**
 * §7 origins lookup failures: HTTP 429 → RATE_LIMITED; 500–599 → SERVER_ERROR; any other
 * failure (network, other 4xx, malformed body, missing project ID) → an empty list.
 */
export function originsResultFor(error: unknown): OriginsResult {
  const status = error instanceof ApiError ? error.status : 0
  if (status === 429) return { error: 'RATE_LIMITED' }
  if (status >= 500 && status <= 599) return { error: 'SERVER_ERROR' }
  return { allowedOrigins: [] }
}

/** §7 GET /projects/v1/origins → the allowed origins, or the failure as `originsResultFor` maps it. */
export async function fetchAllowedOrigins(
  api: Pick<ApiClient, 'getOrigins'>,
): Promise<OriginsResult> {
  try {
    return await api.getOrigins()
  } catch (error) {
    return originsResultFor(error)
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.+?^${}()|[\]\\]/g, '\\$&')
}

/**
 * An allowed-origin entry matches an exact origin ('https://app.example.com'), a wildcard
 * host label or port ('https://*.example.com', 'http://localhost:*'), or a bare host that
 * allows any scheme ('app.example.com'). Case-insensitive; a trailing slash is ignored.
 */
export function originMatches(origin: string, allowed: string): boolean {
  const pattern = allowed.trim().toLowerCase().replace(/\/+$/, '')
  if (pattern === '') return false
  const withScheme = pattern.includes('://') ? pattern : `*://${pattern}`
  const source = withScheme.split('*').map(escapeRegExp).join('[a-z0-9.-]+')
  return new RegExp(`^${source}$`).test(origin.trim().toLowerCase())
}

/**
 * The §8 setup alert the origin check raises, if any:
 * APKT010 when rate limited, APKT009 on a server error, APKT002 when the page's origin is not
 * in a non-empty allowed list. An empty list (no origins configured, or the lookup failed in
 * another way, §7) raises nothing: there is nothing to check against.
 */
export function checkOrigin(origin: string, result: OriginsResult): SetupAlertCode | undefined {
  if ('error' in result) return result.error === 'RATE_LIMITED' ? 'APKT010' : 'APKT009'
  if (result.allowedOrigins.length === 0) return undefined
  return result.allowedOrigins.some((allowed) => originMatches(origin, allowed))
    ? undefined
    : 'APKT002'
}

/** Fetches the project's origins and raises the alert `checkOrigin` gives for this page. */
export async function checkPageOrigin(ctx: {
  api: Pick<ApiClient, 'getOrigins'>
  origin: string
  raise(code: SetupAlertCode): void
}): Promise<SetupAlertCode | undefined> {
  const code = checkOrigin(ctx.origin, await fetchAllowedOrigins(ctx.api))
  if (code) ctx.raise(code)
  return code
}
