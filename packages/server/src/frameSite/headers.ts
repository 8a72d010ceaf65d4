// The embedded wallet frame's HTTP headers (SECURITY.md "The frame"). frame-ancestors can only be
// sent as a header (a <meta> CSP ignores it), and it is what keeps pages of other origins from
// framing the wallet at all: the browser refuses to load it there.

export interface FrameHeaderOptions {
  /** The project's allowed origins (projects.allowed_origins): the pages that may frame it */
  ancestors: readonly string[]
  /** The API's origin, which the frame calls */
  apiOrigin: string
  /** The Vite dev server: its client injects styles and talks over a WebSocket */
  dev?: boolean
}

/**
 * An allowed-origin entry as a CSP source: an origin, a `*.` host wildcard or `:*` port, or a
 * bare host (core's origins.ts accepts the same forms). Anything else is left out, so an entry
 * can never add a directive.
 */
const SOURCE = /^([a-z][a-z0-9+.-]*:\/\/)?(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:([0-9]{1,5}|\*))?$/i

export function ancestorSources(origins: readonly string[]): string[] {
  return [
    ...new Set(origins.map((o) => o.trim().replace(/\/+$/, '')).filter((o) => SOURCE.test(o))),
  ]
}

export function frameContentSecurityPolicy({ ancestors, apiOrigin, dev }: FrameHeaderOptions) {
  const sources = ancestorSources(ancestors)
  return [
    "default-src 'none'",
    "script-src 'self'",
    `style-src 'self'${dev ? " 'unsafe-inline'" : ''}`,
    "img-src 'self' data: https: http:",
    // The API, and the JSON-RPC endpoints the page names for its chains (not yet proxied).
    `connect-src 'self' ${new URL(apiOrigin).origin} http: https:${dev ? ' ws:' : ''}`,
    "base-uri 'none'",
    "form-action 'none'",
    "object-src 'none'",
    `frame-ancestors ${sources.length > 0 ? sources.join(' ') : "'none'"}`,
  ].join('; ')
}

/** Every response of the frame site carries these; documents also the CSP. */
export function frameHeaders(options: FrameHeaderOptions): Record<string, string> {
  return {
    'Content-Security-Policy': frameContentSecurityPolicy(options),
    'Referrer-Policy': 'no-referrer',
    // Opened as a top-level page by another origin, the frame keeps no handle to its opener; a
    // popup it opens keeps its own (the social login's popup is the host page's, not the frame's).
    'Cross-Origin-Opener-Policy': 'same-origin-allow-popups',
    'X-Content-Type-Options': 'nosniff',
  }
}
