// The local stand-in for every social login (docs/architecture.md "Real stand-ins": OAuth → a local OpenID
// provider). One oidc-provider issuer serves a public client per social provider (client_id
// google, github, apple, facebook, x, discord): authorization code flow with PKCE (S256) only,
// scopes `openid email profile`. Its login page is ours: one username field, no external assets,
// any username accepted; the account is `<provider>:<username>`. Consent is granted without a
// second screen, and no login is remembered: every authorization asks for the username again.
import { generateKeyPair } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { promisify } from 'node:util'
import type { Interaction } from 'oidc-provider'
import { listenOn } from '../free-port.ts'
import { DEFAULT_OIDC_PORT, OIDC_MAX_USERNAME_LENGTH, OIDC_SCOPE } from './clients.ts'
import { configuration, isClient, isUsername } from './configuration.ts'
import { expiredPage, loginPage, page, readForm, send } from './pages.ts'

/** oidc-provider's login session cookie (cookies.names.session) and its signature */
const SESSION_COOKIE = /^_session(?:\.sig)?=/

export interface StartOidcProviderOptions {
  /** Default OIDC_PORT or 8790; 0 picks a free port */
  port?: number
  /**
   * Redirect URIs registered on every client. Any http(s) URL on 127.0.0.1, localhost or [::1]
   * (any port) is accepted as well, so a dev page on any port may receive the code.
   */
  redirectUris?: string[]
}

export interface OidcProvider {
  /** http://127.0.0.1:<port>; its discovery document is at /.well-known/openid-configuration */
  issuer: string
  port: number
  stop(): Promise<void>
}

/** OIDC_PORT when set, else 8790. */
export function defaultOidcPort(): number {
  const raw = process.env.OIDC_PORT
  if (raw === undefined || raw === '') return DEFAULT_OIDC_PORT
  const port = Number(raw)
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    throw new Error(`OIDC_PORT must be a TCP port number, got "${raw}"`)
  }
  return port
}

/** An http(s) URL on the loopback interface, any port. */
function isLoopbackUrl(value: string): boolean {
  const url = URL.parse(value)
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) return false
  if (url.username || url.password || url.hash) return false
  return ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname)
}

/**
 * oidc-provider, loaded on first use so that importing @latchkey/devnet does not load it. v9 warns
 * on import that it wants Node 22; it runs on the Node 20.18+ this repo uses (it needs URL.parse
 * and crypto.hash, both there), which this file's tests prove, so that one warning is dropped.
 */
async function loadOidcProvider() {
  const warn = console.warn
  console.warn = (...args: unknown[]) => {
    if (typeof args[0] === 'string' && args[0].includes('Unsupported runtime')) return
    warn(...args)
  }
  try {
    return await import('oidc-provider')
  } finally {
    console.warn = warn
  }
}

export async function startOidcProvider(
  options: StartOidcProviderOptions = {},
): Promise<OidcProvider> {
  const requestedPort = options.port ?? defaultOidcPort()
  const host = '127.0.0.1'
  const { Provider } = await loadOidcProvider()
  const { privateKey } = await promisify(generateKeyPair)('rsa', { modulusLength: 2048 })
  for (const uri of options.redirectUris ?? []) {
    if (!URL.canParse(uri)) throw new Error(`redirectUris: not a URL: ${uri}`)
  }
  let handle: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => {
    res.statusCode = 503
    res.end()
  }
  const server = createServer((req, res) => handle(req, res))
  const port = await listenOn(server, requestedPort, host)
  const issuer = `http://${host}:${port}`

  const registered = options.redirectUris?.length
    ? options.redirectUris
    : [`http://${host}/`, 'http://localhost/']
  let provider: InstanceType<typeof Provider>
  try {
    provider = new Provider(issuer, configuration(registered, privateKey))
  } catch (error) {
    server.close()
    throw error
  }
  const exactlyRegistered = provider.Client.prototype.redirectUriAllowed
  provider.Client.prototype.redirectUriAllowed = function redirectUriAllowed(
    this: unknown,
    uri: string,
  ) {
    return exactlyRegistered.call(this, uri) || isLoopbackUrl(uri)
  }
  // No remembered login: the browser never gets the session cookie, so every authorization
  // shows the login form (a test may sign in as someone else in the same browser).
  provider.use(async (ctx, next) => {
    await next()
    const cookies = ctx.response.get('Set-Cookie')
    if (!Array.isArray(cookies)) return
    const kept = cookies.filter((cookie) => !SESSION_COOKIE.test(cookie))
    if (kept.length === cookies.length) return
    if (kept.length > 0) ctx.set('Set-Cookie', kept)
    else ctx.remove('Set-Cookie')
  })
  const callback = provider.callback()

  async function interaction(req: IncomingMessage, res: ServerResponse, path: string[]) {
    const [uid, action, ...extra] = path
    if (extra.length > 0) {
      send(res, 404, page('Not found', '<h1>Not found</h1>'))
      return
    }
    let details: Interaction
    try {
      details = await provider.interactionDetails(req, res)
    } catch {
      send(res, 400, expiredPage)
      return
    }
    const client = details.params.client_id
    if (details.uid !== uid || !isClient(client)) {
      send(res, 400, expiredPage)
      return
    }
    if (details.prompt.name === 'consent') {
      // A first-party client: whatever is missing is granted, no second screen.
      const grant = details.grantId
        ? await provider.Grant.find(details.grantId)
        : new provider.Grant({ accountId: details.session?.accountId, clientId: client })
      if (!grant) {
        send(res, 400, expiredPage)
        return
      }
      grant.addOIDCScope(OIDC_SCOPE)
      const grantId = await grant.save()
      await provider.interactionFinished(req, res, { consent: { grantId } })
      return
    }
    if (req.method === 'GET' && action === undefined) {
      send(res, 200, loginPage(details.uid, client))
      return
    }
    if (req.method !== 'POST' || (action !== 'login' && action !== 'abort')) {
      send(res, 404, page('Not found', '<h1>Not found</h1>'))
      return
    }
    if (action === 'abort') {
      await provider.interactionFinished(
        req,
        res,
        { error: 'access_denied', error_description: 'The user cancelled the sign-in' },
        { mergeWithLastSubmission: false },
      )
      return
    }
    const form = await readForm(req)
    const login = form?.get('login')?.trim() ?? ''
    if (!isUsername(login)) {
      const error = login === '' ? 'Enter a username.' : 'That username is not valid.'
      send(
        res,
        400,
        loginPage(details.uid, client, error, login.slice(0, OIDC_MAX_USERNAME_LENGTH)),
      )
      return
    }
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId: `${client}:${login}` } },
      { mergeWithLastSubmission: false },
    )
  }

  handle = (req, res) => {
    const { pathname } = new URL(req.url ?? '/', issuer)
    const [first, ...rest] = pathname.split('/').filter(Boolean)
    // uids are nanoids and the actions plain words: nothing here needs decoding
    if (first !== 'interaction') {
      callback(req, res)
      return
    }
    interaction(req, res, rest).catch(() => {
      if (!res.headersSent) send(res, 500, page('Error', '<h1>Something went wrong</h1>'))
      else res.end()
    })
  }

  let stopping: Promise<void> | undefined
  return {
    issuer,
    port,
    stop() {
      stopping ??= new Promise((resolve) => {
        server.close(() => resolve())
        // Keep-alive sockets would hold close() open until they time out.
        server.closeAllConnections()
      })
      return stopping
    },
  }
}
