// Test support: goes through the local OpenID provider's sign-in the way a browser does (manual
// redirects, a cookie jar, the login form posted), from Node, without a browser.

export interface OidcSignInOptions {
  /** The username typed into the login form */
  login?: string
  /** Press Cancel instead: the provider redirects back with error=access_denied */
  cancel?: boolean
}

/** A cookie jar and the sign-in steps; one instance is one browser profile. */
export class OidcBrowser {
  readonly cookies = new Map<string, string>()
  /** Login forms shown so far */
  loginPages = 0

  /**
   * Opens `authorizationUrl`, signs in on the login form, and answers the URL the provider
   * redirected to outside its own origin (the client's redirect_uri with code and state, or
   * error). Throws on anything else (an error page, a redirect loop).
   */
  async signIn(authorizationUrl: string, options: OidcSignInOptions = {}): Promise<string> {
    const origin = new URL(authorizationUrl).origin
    let url = authorizationUrl
    let init: { method: string; body?: string; type?: string } = { method: 'GET' }
    for (let hop = 0; hop < 12; hop++) {
      const response = await this.fetch(url, init)
      const location = response.headers.get('location')
      if (response.status >= 300 && response.status < 400 && location) {
        await response.arrayBuffer()
        const next = new URL(location, url)
        if (next.origin !== origin) return next.href
        url = next.href
        init = { method: 'GET' }
        continue
      }
      const html = await response.text()
      const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1]
      if (response.status !== 200 || !action || !html.includes('data-testid="oidc-login"')) {
        throw new Error(
          `OIDC sign-in: unexpected ${response.status} at ${url}: ${html.slice(0, 300)}`,
        )
      }
      this.loginPages++
      const target = options.cancel ? action.replace(/\/login$/, '/abort') : action
      url = new URL(target.replaceAll('&amp;', '&'), url).href
      init = {
        method: 'POST',
        body: new URLSearchParams({ login: options.login ?? 'alice' }).toString(),
        type: 'application/x-www-form-urlencoded',
      }
    }
    throw new Error(`OIDC sign-in: too many redirects from ${authorizationUrl}`)
  }

  /** fetch with this jar's cookies, redirects not followed; keeps the cookies it sets. */
  async fetch(url: string, init: { method?: string; body?: string; type?: string } = {}) {
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
    const response = await fetch(url, {
      method: init.method ?? 'GET',
      redirect: 'manual',
      headers: {
        ...(cookie && { Cookie: cookie }),
        ...(init.type && { 'Content-Type': init.type }),
      },
      ...(init.body !== undefined && { body: init.body }),
    })
    for (const header of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = header.split(';')
      const eq = pair.indexOf('=')
      const name = pair.slice(0, eq).trim()
      const value = pair.slice(eq + 1).trim()
      const expired = attributes.some((attribute) => {
        const [key = '', raw = ''] = attribute.split('=')
        const k = key.trim().toLowerCase()
        return (
          (k === 'max-age' && Number(raw) <= 0) || (k === 'expires' && Date.parse(raw) < Date.now())
        )
      })
      if (expired || value === '') this.cookies.delete(name)
      else this.cookies.set(name, value)
    }
    return response
  }
}

/** One sign-in in a fresh browser profile: the URL the provider sent the browser back to. */
export function signInWithOidc(
  authorizationUrl: string,
  options: OidcSignInOptions = {},
): Promise<string> {
  return new OidcBrowser().signIn(authorizationUrl, options)
}
