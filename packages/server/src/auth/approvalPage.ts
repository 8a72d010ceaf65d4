// The device-approval pages (HTML, no script): the confirmation page the mail's link opens,
// naming the sign-in request, with its Approve form; and the pages that answer it.
import { formatRequestTime } from './requestInfo.ts'

/** The headers of every approval page: nothing loads, nothing frames it, the link never leaks. */
export const APPROVAL_PAGE_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy':
    "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'no-referrer',
  'X-Content-Type-Options': 'nosniff',
  'Cache-Control': 'no-store',
}

const STYLE = [
  'body{font-family:system-ui,sans-serif;margin:3rem auto;max-width:32rem;padding:0 1rem;line-height:1.5;color:#111;background:#fff}',
  'dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem}',
  'dt{font-weight:600}dd{margin:0}',
  'button{font:inherit;font-weight:600;padding:.6rem 1.6rem;border:0;border-radius:.5rem;background:#1d4ed8;color:#fff;cursor:pointer}',
  'button:focus-visible{outline:3px solid #111;outline-offset:2px}',
].join('')

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  )

function page(title: string, main: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="referrer" content="no-referrer"><meta name="robots" content="noindex"><title>${escapeHtml(title)} · Latchkey</title><style>${STYLE}</style></head><body><main>${main}</main></body></html>`
}

/** A page that only says something (approved, invalid link, …). */
export function messagePage(text: string): string {
  return page(
    'Sign-in approval',
    `<h1>Sign-in approval</h1><p role="status">${escapeHtml(text)}</p>`,
  )
}

export interface ConfirmationPage {
  device: string
  ip: string
  at: Date
  /** The form's hidden fields: the link's token and the CSRF token bound to it */
  token: string
  csrf: string
}

/** The link's page: what asks to sign in, and an Approve button that POSTs the form. */
export function confirmationPage(request: ConfirmationPage): string {
  const time = formatRequestTime(request.at)
  return page(
    'Approve sign-in',
    `<h1>Approve this sign-in?</h1>` +
      `<p>Someone asked to sign in to your wallet with this email address from a device that has not signed in with it before:</p>` +
      `<dl><dt>Device</dt><dd>${escapeHtml(request.device)}</dd>` +
      `<dt>IP address</dt><dd>${escapeHtml(request.ip)}</dd>` +
      `<dt>Time</dt><dd><time datetime="${request.at.toISOString()}">${escapeHtml(time)}</time></dd></dl>` +
      `<p>Approve only if this was you. The page you were signing in on then asks for the code we mail you.</p>` +
      `<form method="post" action="approve">` +
      `<input type="hidden" name="token" value="${escapeHtml(request.token)}">` +
      `<input type="hidden" name="csrf" value="${escapeHtml(request.csrf)}">` +
      `<button type="submit">Approve</button></form>` +
      `<p>If it was not you, close this page: nothing is approved.</p>`,
  )
}
