import type { CaipNetworkId } from '../caip.ts'
import { DEFAULT_API_URL } from '../constants.ts'
import {
  messageForThisPage,
  type SIWXConfig,
  type SIWXMessageInput,
  type SIWXSession,
} from './siwx.ts'
import type { SIWXMessageData } from './siwxMessage.ts'
import { defaultStorage, HeldTokenStore, type HeldTokens, type TokenPair } from './siwxTokens.ts'

/** Where ServerSIWX keeps refresh tokens across reloads: sessionStorage's shape. */
export type SIWXTokenStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

export interface ServerSIWXOptions {
  projectId: string
  /** The server (packages/server); default the local stack's */
  apiUrl?: string
  statement?: string
  /** How long a session lasts; default a day */
  expiresInMs?: number
  required?: boolean
  fetch?: typeof fetch
  /**
   * Where refresh tokens outlive a reload; default sessionStorage (this tab only). null keeps
   * them in memory: a reload then asks the visitor to sign again. Access tokens are never stored.
   */
  tokenStorage?: SIWXTokenStorage | null
}

/** An access token this close to its expiry is refreshed before it is sent. */
const EXPIRY_MARGIN_MS = 30_000

/** The account a token is for: CAIP-10, EVM addresses lower-cased. */
function accountKey(chainId: string, address: string): string {
  return `${chainId}:${chainId.startsWith('eip155:') ? address.toLowerCase() : address}`
}

class HttpError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message)
  }
}

/**
 * §7 Sign-in verified by our server: it issues the nonce, checks the message, the domain and
 * the signature (EIP-1271/6492 for contract accounts), and keeps the session (revocable). A
 * sign-in returns an access JWT (kept in memory) and a refresh token; listing, revoking and
 * email capture send the account's access JWT.
 */
export class ServerSIWX implements SIWXConfig {
  readonly required: boolean
  readonly #options: ServerSIWXOptions
  readonly #store: HeldTokenStore
  readonly #refreshing = new Map<string, Promise<HeldTokens | undefined>>()
  readonly #pendingEmails = new Map<string, { email: string; caipAddress: string }>()
  #lastAccount: string | undefined

  constructor(options: ServerSIWXOptions) {
    this.#options = options
    this.required = Boolean(options.required)
    this.#store = new HeldTokenStore(
      options.tokenStorage === undefined ? defaultStorage() : options.tokenStorage,
      options.projectId,
    )
  }

  async #call<T>(
    path: string,
    init: RequestInit = {},
    query: Record<string, string> = {},
    token?: string,
  ): Promise<T> {
    const url = new URL(path, this.#options.apiUrl ?? DEFAULT_API_URL)
    url.searchParams.set('projectId', this.#options.projectId)
    for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value)
    const headers: Record<string, string> = {}
    if (init.body) headers['content-type'] = 'application/json'
    if (token) headers.authorization = `Bearer ${token}`
    const response = await (this.#options.fetch ?? fetch)(url, { ...init, headers })
    if (response.status === 204) return undefined as T
    const body = (await response.json().catch(() => ({}))) as T & { error?: string }
    if (!response.ok) {
      throw new HttpError(body.error ?? `HTTP status code: ${response.status}`, response.status)
    }
    return body
  }

  /** Calls with the account's access token; on a 401, refreshes once and tries again. */
  async #authorized<T>(key: string, path: string, init: RequestInit, query = {}): Promise<T> {
    const token = await this.#accessToken(key)
    try {
      return await this.#call<T>(path, init, query, token)
    } catch (error) {
      if (!(error instanceof HttpError && error.status === 401 && token)) throw error
      const fresh = await this.#refresh(key)
      if (!fresh?.accessToken) throw error
      return this.#call<T>(path, init, query, fresh.accessToken)
    }
  }

  #keep(key: string, pair: TokenPair): HeldTokens {
    this.#lastAccount = key
    return this.#store.keep(key, pair)
  }

  /** One refresh at a time per account: a refresh token is single use. */
  #refresh(key: string): Promise<HeldTokens | undefined> {
    let running = this.#refreshing.get(key)
    if (!running) {
      running = this.#doRefresh(key).finally(() => this.#refreshing.delete(key))
      this.#refreshing.set(key, running)
    }
    return running
  }

  async #doRefresh(key: string): Promise<HeldTokens | undefined> {
    const held = this.#store.get(key)
    if (!held || held.refreshExpiresAt <= Date.now()) {
      this.#store.forget(key)
      return undefined
    }
    try {
      const pair = await this.#call<TokenPair>('/siwx/v1/token', {
        method: 'POST',
        body: JSON.stringify({ refreshToken: held.refreshToken }),
      })
      return this.#keep(key, pair)
    } catch (error) {
      if (error instanceof HttpError && error.status === 401) {
        this.#store.forget(key)
        return undefined
      }
      throw error
    }
  }

  async #accessToken(key: string): Promise<string | undefined> {
    const held = this.#store.get(key)
    if (!held) return undefined
    if (held.accessToken && held.accessExpiresAt - EXPIRY_MARGIN_MS > Date.now()) {
      return held.accessToken
    }
    return (await this.#refresh(key))?.accessToken
  }

  /**
   * The access JWT of an account (default: the last one that signed in or refreshed), refreshed
   * when it is about to expire, for the app's own backend to verify against the server's
   * /.well-known/jwks.json. Undefined when this page holds no sign-in for it.
   */
  async getAccessToken(chainId?: CaipNetworkId, address?: string): Promise<string | undefined> {
    const key = chainId && address ? accountKey(chainId, address) : this.#lastAccount
    return key ? this.#accessToken(key) : undefined
  }

  async createMessage(input: SIWXMessageInput): Promise<SIWXMessageData> {
    const { nonce } = await this.#call<{ nonce: string }>('/siwx/v1/nonce', { method: 'POST' })
    return messageForThisPage(input, nonce, this.#options)
  }

  async addSession(session: SIWXSession) {
    const answer = await this.#call<Partial<TokenPair> | undefined>('/siwx/v1/sessions', {
      method: 'POST',
      body: JSON.stringify(session),
    })
    if (!answer?.accessToken || !answer.refreshToken) return
    const key = accountKey(session.data.chainId, session.data.accountAddress)
    this.#keep(key, answer as TokenPair)
    const pending = this.#pendingEmails.get(key)
    if (pending) {
      this.#pendingEmails.delete(key)
      // The sign-in stands even if the email does not go: it waits for the next one.
      await this.captureEmail(pending.email, pending.caipAddress).catch(() => {
        this.#pendingEmails.set(key, pending)
      })
    }
  }

  /** Without this tab's sign-in for the account (a 401), there is no session to list: []. */
  async getSessions(chainId: CaipNetworkId, address: string): Promise<SIWXSession[]> {
    try {
      const { sessions } = await this.#authorized<{ sessions: SIWXSession[] }>(
        accountKey(chainId, address),
        '/siwx/v1/sessions',
        {},
        { chainId, address },
      )
      return sessions
    } catch (error) {
      if (error instanceof HttpError && error.status === 401) return []
      throw error
    }
  }

  async setSessions(sessions: SIWXSession[], account?: SIWXMessageInput) {
    if (account) {
      const key = accountKey(account.chainId, account.accountAddress)
      await this.#authorized(
        key,
        '/siwx/v1/sessions',
        { method: 'DELETE' },
        { chainId: account.chainId, address: account.accountAddress },
      )
      this.#store.forget(key)
    }
    for (const session of sessions) await this.addSession(session)
  }

  /**
   * §4 DataCapture: stores the email against the account (CAIP-10). The server takes it only
   * with the account's access token; before the account has signed in on this page, the email
   * waits here and goes with the sign-in (addSession).
   */
  async captureEmail(email: string, caipAddress: string): Promise<void> {
    const [namespace, reference, ...rest] = caipAddress.split(':')
    const key = accountKey(`${namespace}:${reference}`, rest.join(':'))
    if (!(await this.#accessToken(key))) {
      this.#pendingEmails.set(key, { email, caipAddress })
      return
    }
    await this.#authorized(key, '/siwx/v1/email', {
      method: 'POST',
      body: JSON.stringify({ caipAddress, email }),
    })
  }
}
