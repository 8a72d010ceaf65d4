import type { CaipNetworkId } from './caip.ts'
import { DEFAULT_API_URL } from './constants.ts'
import {
  messageForThisPage,
  type SIWXConfig,
  type SIWXMessageInput,
  type SIWXSession,
} from './siwx.ts'
import type { SIWXMessageData } from './siwxMessage.ts'

export interface ServerSIWXOptions {
  projectId: string
  /** The server (packages/server); default the local stack's */
  apiUrl?: string
  statement?: string
  /** How long a session lasts; default a day */
  expiresInMs?: number
  required?: boolean
  fetch?: typeof fetch
}

/**
 * §7 Sign-in verified by our server: it issues the nonce, checks the message, the domain and
 * the signature (EIP-1271/6492 for contract accounts), and keeps the session (revocable).
 */
export class ServerSIWX implements SIWXConfig {
  readonly required: boolean
  readonly #options: ServerSIWXOptions

  constructor(options: ServerSIWXOptions) {
    this.#options = options
    this.required = Boolean(options.required)
  }

  async #call<T>(path: string, init: RequestInit = {}, query: Record<string, string> = {}) {
    const url = new URL(path, this.#options.apiUrl ?? DEFAULT_API_URL)
    url.searchParams.set('projectId', this.#options.projectId)
    for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value)
    const response = await (this.#options.fetch ?? fetch)(url, {
      ...init,
      headers: init.body ? { 'content-type': 'application/json' } : undefined,
    })
    if (response.status === 204) return undefined as T
    const body = (await response.json().catch(() => ({}))) as T & { error?: string }
    if (!response.ok) throw new Error(body.error ?? `HTTP status code: ${response.status}`)
    return body
  }

  async createMessage(input: SIWXMessageInput): Promise<SIWXMessageData> {
    const { nonce } = await this.#call<{ nonce: string }>('/siwx/v1/nonce', { method: 'POST' })
    return messageForThisPage(input, nonce, this.#options)
  }

  async addSession(session: SIWXSession) {
    await this.#call('/siwx/v1/sessions', { method: 'POST', body: JSON.stringify(session) })
  }

  async getSessions(chainId: CaipNetworkId, address: string): Promise<SIWXSession[]> {
    const { sessions } = await this.#call<{ sessions: SIWXSession[] }>(
      '/siwx/v1/sessions',
      {},
      { chainId, address },
    )
    return sessions
  }

  async setSessions(sessions: SIWXSession[], account?: SIWXMessageInput) {
    if (account) {
      await this.#call(
        '/siwx/v1/sessions',
        { method: 'DELETE' },
        { chainId: account.chainId, address: account.accountAddress },
      )
    }
    for (const session of sessions) await this.addSession(session)
  }
}
