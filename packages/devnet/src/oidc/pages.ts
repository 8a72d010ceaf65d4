import type { IncomingMessage, ServerResponse } from 'node:http'

import {
  DISPLAY_NAMES,
  MAX_FORM_BYTES,
  OIDC_MAX_USERNAME_LENGTH,
  type OidcSocialClient,
} from './clients.ts'

export const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  )

export const PAGE_STYLE =
  'body{font-family:system-ui,sans-serif;background:#f4f4f5;color:#18181b;margin:0}' +
  'main{max-width:22rem;margin:4rem auto;background:#fff;border-radius:12px;padding:1.5rem;' +
  'box-shadow:0 1px 3px rgba(0,0,0,.15)}h1{font-size:1.25rem;margin:0 0 .5rem}' +
  'p{font-size:.875rem;color:#52525b}label{display:block;font-size:.875rem;margin:1rem 0 .25rem}' +
  'input{box-sizing:border-box;width:100%;font:inherit;padding:.5rem;border:1px solid #a1a1aa;' +
  'border-radius:6px}button{font:inherit;margin-top:1rem;padding:.5rem 1rem;border-radius:6px;' +
  'border:0;background:#2563eb;color:#fff;cursor:pointer}button.secondary{background:#e4e4e7;' +
  'color:#18181b;margin-left:.5rem}.error{color:#b91c1c}'

export function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><style>${PAGE_STYLE}</style></head><body><main>${body}</main></body></html>`
}

export function loginPage(
  uid: string,
  client: OidcSocialClient,
  error?: string,
  login = '',
): string {
  const name = DISPLAY_NAMES[client]
  const action = `/interaction/${encodeURIComponent(uid)}`
  return page(
    `Sign in with ${name}`,
    `<h1>Sign in with ${name}</h1>` +
      `<p>Local stand-in for ${name} (Latchkey devnet): any username signs in.</p>` +
      (error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : '') +
      `<form method="post" action="${action}/login">` +
      `<label for="login">Username</label>` +
      `<input id="login" name="login" data-testid="oidc-login" autocomplete="username" required autofocus maxlength="${OIDC_MAX_USERNAME_LENGTH}" value="${escapeHtml(login)}">` +
      `<button type="submit" data-testid="oidc-submit">Continue</button>` +
      `<button type="submit" class="secondary" data-testid="oidc-cancel" formaction="${action}/abort" formnovalidate>Cancel</button>` +
      `</form>`,
  )
}

export function send(res: ServerResponse, status: number, html: string): void {
  res.statusCode = status
  res.setHeader('Content-Type', 'text/html; charset=utf-8')
  res.setHeader('Cache-Control', 'no-store')
  res.setHeader(
    'Content-Security-Policy',
    "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'",
  )
  res.end(html)
}

export async function readForm(req: IncomingMessage): Promise<URLSearchParams | undefined> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > MAX_FORM_BYTES) return undefined
    chunks.push(chunk)
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'))
}

export const expiredPage = page(
  'Sign-in expired',
  '<h1>This sign-in has expired</h1><p>Close this window and start again.</p>',
)
