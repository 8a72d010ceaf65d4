import {
  type CaipNetworkId,
  randomNonce,
  type SIWXConfig,
  type SIWXMessageData,
  type SIWXMessageInput,
  type SIWXSession,
  STORAGE_PREFIX,
  siwxMessageText,
} from '@latchkey/core/internal'
import { EIP155Verifier } from './eip155Verifier.ts'
import { SIWXErrorText } from './errors.ts'
import { InformalMessenger } from './informalMessenger.ts'
import { LocalStorage } from './localStorage.ts'
import type { SIWXMessenger, SIWXMessengerInput } from './messenger.ts'
import { isSessionOf, liveness } from './session.ts'
import { SolanaVerifier } from './solanaVerifier.ts'
import type { SIWXStorage } from './storage.ts'
import type { SIWXVerifier } from './verifier.ts'

export interface DefaultSIWXOptions {
  /** Default: an InformalMessenger for this page with a random nonce, no expiry (AppKit's) */
  messenger?: Pick<SIWXMessenger, 'createMessage'>
  /** Default: EIP155Verifier and SolanaVerifier */
  verifiers?: Pick<SIWXVerifier, 'shouldVerify' | 'verify'>[]
  /** Default: LocalStorage under '@latchkey/siwx' */
  storage?: SIWXStorage
  /** The visitor cannot use the app without signing in; default true, as AppKit */
  required?: boolean
}

export const DEFAULT_SIWX_STORAGE_KEY = `${STORAGE_PREFIX}siwx`

/**
 * AppKit's DefaultSIWX: the messenger writes the message, the first verifier for the session's
 * chain checks the signature before anything is stored, the storage keeps the sessions. A
 * session is refused when its message is not the text of its data, when it is expired or not
 * yet valid, or when no verifier takes it.
 */
export class DefaultSIWX implements SIWXConfig {
  readonly required: boolean
  readonly #messenger: DefaultSIWXOptions['messenger']
  readonly #verifiers: NonNullable<DefaultSIWXOptions['verifiers']>
  readonly #storage: SIWXStorage

  constructor(options: DefaultSIWXOptions = {}) {
    this.#messenger = options.messenger
    this.#verifiers = options.verifiers ?? [new EIP155Verifier(), new SolanaVerifier()]
    this.#storage = options.storage ?? new LocalStorage({ key: DEFAULT_SIWX_STORAGE_KEY })
    this.required = options.required ?? true
  }

  createMessage(input: SIWXMessengerInput): Promise<SIWXMessageData> {
    return (this.#messenger ?? pageMessenger()).createMessage(input)
  }

  async addSession(session: SIWXSession): Promise<void> {
    await this.#assertValid(session)
    await this.#storage.add(session)
  }

  /** The account's live sessions; when all it has are expired, they are deleted. */
  async getSessions(chainId: CaipNetworkId, address: string): Promise<SIWXSession[]> {
    const stored = (await this.#storage.get(chainId, address)).filter((s) =>
      isSessionOf(s, chainId, address),
    )
    const live = stored.filter((s) => liveness(s.data) === 'live')
    if (live.length === 0 && stored.length > 0) await this.#storage.delete(chainId, address)
    return live
  }

  /** Verifies every session first; with `account`, replaces that account's sessions only. */
  async setSessions(sessions: SIWXSession[], account?: SIWXMessageInput): Promise<void> {
    for (const session of sessions) await this.#assertValid(session)
    if (!account) return this.#storage.set(sessions)
    await this.#storage.delete(account.chainId, account.accountAddress)
    for (const session of sessions) await this.#storage.add(session)
  }

  /** AppKit's: signs the account out on this network. */
  revokeSession(chainId: CaipNetworkId, address: string): Promise<void> {
    return this.#storage.delete(chainId, address)
  }

  /** AppKit's */
  getRequired(): boolean {
    return this.required
  }

  async #assertValid(session: SIWXSession) {
    const verifier = this.#verifiers.find((v) => v.shouldVerify(session))
    if (!verifier) throw new Error(SIWXErrorText.noVerifier(session.data.chainId))
    if (session.message !== siwxMessageText(session.data)) {
      throw new Error(SIWXErrorText.messageMismatch)
    }
    const state = liveness(session.data)
    if (state !== 'live') throw new Error(SIWXErrorText[state])
    if (!(await verifier.verify(session))) throw new Error(SIWXErrorText.invalidSignature)
  }
}

/** Made at each message, in the browser: the page's current address is the message's uri. */
function pageMessenger() {
  return new InformalMessenger({
    domain: location.host,
    uri: location.href,
    getNonce: async () => randomNonce(),
  })
}
