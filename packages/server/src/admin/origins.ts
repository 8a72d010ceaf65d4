import { MAX_PROJECT_ORIGINS } from '../constants.ts'
import { adminErrors } from '../errors.ts'

/**
 * An allowed origin is compared exactly with a page's Origin header (middleware/cors.ts), so it
 * must be one: http or https, a host, an optional port, nothing else. Default ports are dropped
 * and the host lowercased, as browsers send them.
 */
export function normaliseOrigin(value: string): string {
  const trimmed = value.trim()
  // Scheme, then an authority without userinfo, then at most a slash: nothing after the port.
  if (!/^https?:\/\/[^/?#@\s]+\/?$/i.test(trimmed)) throw adminErrors.invalidOrigin(value)
  let url: URL
  try {
    url = new URL(trimmed)
  } catch {
    throw adminErrors.invalidOrigin(value)
  }
  // A browser's Origin never holds a pattern: 'https://*.example.com' would match no page.
  if (!/^([a-z0-9-]+\.)*[a-z0-9-]+$|^\[[0-9a-f:.]+\]$/.test(url.hostname)) {
    throw adminErrors.invalidOrigin(value)
  }
  return url.origin
}

export function normaliseOrigins(values: readonly string[]): string[] {
  const origins = [...new Set(values.map(normaliseOrigin))]
  if (origins.length > MAX_PROJECT_ORIGINS) throw adminErrors.tooManyOrigins(MAX_PROJECT_ORIGINS)
  return origins
}
