import {
  type CaipNetworkId,
  resolveServiceUrls,
  ServerSIWX,
  type SIWXConfig,
  type SIWXMessageData,
  type SIWXMessageInput,
  type SIWXSession,
} from '@latchkey/core/internal'
import { getDefaultAppKit } from '../instance.ts'
import { SIWXErrorText } from './errors.ts'

export interface ReownAuthenticationOptions {
  /** AppKit's; not used: the sessions are kept by the server, not as tokens in this browser */
  localAuthStorageKey?: string
  /** AppKit's; not used, as localAuthStorageKey */
  localNonceStorageKey?: string
  /** The visitor cannot use the app without signing in; default true, as AppKit */
  required?: boolean
  /** Default: createAppKit's projectId */
  projectId?: string
  /** Default: createAppKit's apiUrl, else the page's latchkey-api-url meta tag, else the local stack's */
  apiUrl?: string
  /** Shown in the message the wallet signs */
  statement?: string
  /** How long a session lasts; default a day */
  expiresInMs?: number
}

type SessionListener = (session: SIWXSession | undefined) => void

/**
 * AppKit's ReownAuthentication, on our services: ServerSIWX (packages/server issues the nonce,
 * verifies the signature and keeps the session). Made with no options, it takes the project
 * and the service from createAppKit when it is first used.
 */
export class ReownAuthentication implements SIWXConfig {
  readonly required: boolean
  readonly #options: ReownAuthenticationOptions
  #server: ServerSIWX | undefined
  readonly #listeners = new Set<SessionListener>()

  constructor(options: ReownAuthenticationOptions = {}) {
    this.#options = options
    this.required = options.required ?? true
  }

  async createMessage(input: SIWXMessageInput): Promise<SIWXMessageData> {
    return this.#api().createMessage(input)
  }

  async addSession(session: SIWXSession): Promise<void> {
    await this.#api().addSession(session)
    this.#emit(session)
  }

  async getSessions(chainId: CaipNetworkId, address: string): Promise<SIWXSession[]> {
    const sessions = await this.#api().getSessions(chainId, address)
    if (sessions[0]) this.#emit(sessions[0])
    return sessions
  }

  async setSessions(sessions: SIWXSession[], account?: SIWXMessageInput): Promise<void> {
    await this.#api().setSessions(sessions, account)
    this.#emit(sessions[0])
  }

  /** DataCapture's email, saved with the account's access token (ServerSIWX). */
  captureEmail(email: string, caipAddress: string): Promise<void> {
    return this.#api().captureEmail(email, caipAddress)
  }

  /** The access token (a JWT the app's backend verifies offline; README "Sign in with X"). */
  getAccessToken(chainId?: CaipNetworkId, address?: string): Promise<string | undefined> {
    return this.#api().getAccessToken(chainId, address)
  }

  /** AppKit's: signs the account out on this network. */
  revokeSession(chainId: CaipNetworkId, address: string): Promise<void> {
    return this.setSessions([], { chainId, accountAddress: address })
  }

  /** AppKit's */
  getRequired(): boolean {
    return this.required
  }

  /** AppKit's: called with the session after each sign-in, and undefined after a sign-out. */
  on(_event: 'sessionChanged', listener: SessionListener): () => void {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }

  removeAllListeners(): void {
    this.#listeners.clear()
  }

  #emit(session: SIWXSession | undefined) {
    for (const listener of this.#listeners) listener(session)
  }

  #api(): ServerSIWX {
    if (this.#server) return this.#server
    const app = getDefaultAppKit()?.core.options
    const projectId = this.#options.projectId ?? app?.projectId
    if (!projectId) throw new Error(SIWXErrorText.noProjectId)
    this.#server = new ServerSIWX({
      projectId,
      apiUrl: resolveServiceUrls({ apiUrl: this.#options.apiUrl ?? app?.apiUrl }).apiUrl,
      statement: this.#options.statement,
      expiresInMs: this.#options.expiresInMs,
    })
    return this.#server
  }
}
