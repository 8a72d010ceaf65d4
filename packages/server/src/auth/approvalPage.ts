// The device-approval pages (HTML, no script): the confirmation page the mail's link opens,
// naming the sign-in request, with its Approve form; and the pages that answer it.
import { escapeHtml, htmlPage, PAGE_STYLE, SCRIPTLESS_PAGE_HEADERS } from '../htmlPage.ts'
import { formatRequestTime } from './requestInfo.ts'

/** The headers of every approval page: nothing loads, nothing frames it, the link never leaks. */
export const APPROVAL_PAGE_HEADERS = SCRIPTLESS_PAGE_HEADERS

function page(title: string, main: string): string {
  return htmlPage(title, PAGE_STYLE, main)
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
