// The server's own pages (device approval, the onramp sandbox's checkout): plain HTML without a
// script, that nothing may frame and whose address never leaks.

/** Headers of every such page: nothing loads, nothing frames it, forms post only to the server. */
export const SCRIPTLESS_PAGE_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy':
    "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'no-referrer',
  'X-Content-Type-Options': 'nosniff',
  'Cache-Control': 'no-store',
}

/** The pages' look: readable, with a visible focus ring */
export const PAGE_STYLE = [
  'body{font-family:system-ui,sans-serif;margin:3rem auto;max-width:32rem;padding:0 1rem;line-height:1.5;color:#111;background:#fff}',
  'dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem}',
  'dt{font-weight:600}dd{margin:0}',
  'button{font:inherit;font-weight:600;padding:.6rem 1.6rem;border:0;border-radius:.5rem;background:#1d4ed8;color:#fff;cursor:pointer}',
  'button:focus-visible{outline:3px solid #111;outline-offset:2px}',
].join('')

export const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  )

/** A whole page: `main` is HTML already escaped by the caller. */
export function htmlPage(title: string, style: string, main: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="referrer" content="no-referrer"><meta name="robots" content="noindex"><title>${escapeHtml(title)} · Latchkey</title><style>${style}</style></head><body><main>${main}</main></body></html>`
}
