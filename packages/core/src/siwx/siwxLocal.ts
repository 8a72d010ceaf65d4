import type { CaipNetworkId } from '../caip.ts'
import { STORAGE_PREFIX } from '../constants.ts'
import type { KeyValueStorage } from '../storage/storageKeys.ts'
import {
  isSession,
  messageForThisPage,
  randomNonce,
  type SIWXConfig,
  type SIWXMessageInput,
  type SIWXSession,
} from './siwx.ts'
import type { SIWXMessageData } from './siwxMessage.ts'

export interface LocalSIWXOptions {
  /** Shown in the message the wallet signs */
  statement?: string
  /** How long a session lasts; default a day */
  expiresInMs?: number
  required?: boolean
  /** Default localStorage */
  storage?: KeyValueStorage
}

const KEY = `${STORAGE_PREFIX}siwx_sessions`

/**
 * §7 Sign-in kept in this browser: nothing verifies the signature but the app's own code. For
 * apps that want the visitor to prove the wallet once per device; use ServerSIWX when the
 * server must trust it.
 */
export class LocalSIWX implements SIWXConfig {
  readonly required: boolean
  readonly #options: LocalSIWXOptions

  constructor(options: LocalSIWXOptions = {}) {
    this.#options = options
    this.required = Boolean(options.required)
  }

  #storage(): KeyValueStorage | undefined {
    return this.#options.storage ?? (typeof localStorage === 'undefined' ? undefined : localStorage)
  }

  #read(): SIWXSession[] {
    try {
      const parsed: unknown = JSON.parse(this.#storage()?.getItem(KEY) ?? '[]')
      return Array.isArray(parsed) ? parsed.filter(isSession) : []
    } catch {
      return []
    }
  }

  #write(sessions: SIWXSession[]) {
    try {
      this.#storage()?.setItem(KEY, JSON.stringify(sessions))
    } catch {
      // §3 storage failures are ignored
    }
  }

  async createMessage(input: SIWXMessageInput): Promise<SIWXMessageData> {
    return messageForThisPage(input, randomNonce(), this.#options)
  }

  async addSession(session: SIWXSession) {
    this.#write([...this.#read(), session])
  }

  async getSessions(chainId: CaipNetworkId, address: string) {
    const now = Date.now()
    return this.#read().filter(
      (s) =>
        s.data.chainId === chainId &&
        s.data.accountAddress.toLowerCase() === address.toLowerCase() &&
        (!s.data.expirationTime || Date.parse(s.data.expirationTime) > now),
    )
  }

  async setSessions(sessions: SIWXSession[], account?: SIWXMessageInput) {
    const others = account
      ? this.#read().filter(
          (s) =>
            s.data.chainId !== account.chainId ||
            s.data.accountAddress.toLowerCase() !== account.accountAddress.toLowerCase(),
        )
      : []
    this.#write([...others, ...sessions])
  }
}
