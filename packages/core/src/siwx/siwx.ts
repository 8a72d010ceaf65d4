import type { CaipNetworkId } from '../caip.ts'
import type { SIWXMessageData } from './siwxMessage.ts'

const DAY_MS = 24 * 60 * 60 * 1000

/** §3/§4 A signed-in session: the message's fields, its text and the wallet's signature. */
export interface SIWXSession {
  data: SIWXMessageData
  message: string
  signature: string
}

/** A stored value that has a session's shape (sessions are read back from JSON). */
export function isSession(value: unknown): value is SIWXSession {
  const v = value as SIWXSession | null
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof v.message === 'string' &&
    typeof v.signature === 'string' &&
    typeof v.data === 'object' &&
    v.data !== null &&
    typeof v.data.accountAddress === 'string' &&
    typeof v.data.chainId === 'string'
  )
}

export interface SIWXMessageInput {
  accountAddress: string
  chainId: CaipNetworkId
}

/**
 * §7 Sign-in storage provider (the `siwx` option): makes the message to sign, keeps the
 * sessions. `required`: the visitor cannot use the app without a session (§4).
 */
export interface SIWXConfig {
  createMessage(input: SIWXMessageInput): Promise<SIWXMessageData>
  addSession(session: SIWXSession): Promise<void>
  getSessions(chainId: CaipNetworkId, address: string): Promise<SIWXSession[]>
  /** Replaces the account's sessions (an empty list signs it out everywhere). */
  setSessions(sessions: SIWXSession[], account?: SIWXMessageInput): Promise<void>
  required?: boolean
  /**
   * §4 DataCapture: stores the visitor's email with the project and the account (CAIP-10).
   * ServerSIWX sends it with the account's access token; a provider without it cannot
   * capture emails (the server takes an email only with proof of the account).
   */
  captureEmail?(email: string, caipAddress: string): Promise<void>
}

/** §4 Whether closing must wait: sign-in required and this account has no session yet. */
export interface SIWXState {
  /** Required sign-in is pending for the active account and network */
  blocking: boolean
  /** The sign view is waiting for the wallet */
  signing: boolean
}

export function initialSIWXState(): SIWXState {
  return { blocking: false, signing: false }
}

/** A nonce EIP-4361 accepts: 16 alphanumeric characters from the platform's CSPRNG. */
export function randomNonce(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('')
}

/** The fields both shipped providers sign: this page as domain and uri, a day's validity by default. */
export function messageForThisPage(
  input: SIWXMessageInput,
  nonce: string,
  options: { statement?: string; expiresInMs?: number },
): SIWXMessageData {
  const now = Date.now()
  return {
    accountAddress: input.accountAddress,
    chainId: input.chainId,
    domain: location.host,
    uri: location.href,
    version: '1',
    nonce,
    statement: options.statement,
    issuedAt: new Date(now).toISOString(),
    expirationTime: new Date(now + (options.expiresInMs ?? DAY_MS)).toISOString(),
  }
}
