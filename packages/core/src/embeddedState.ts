import { EMAIL_LOGIN_COOLDOWN_MS } from './constants'

/** §5 Action after email connect */
export type EmailLoginStep = 'email' | 'device' | 'otp' | 'connecting'
/** §5 Email change actions, plus the first step (the new address) */
export type EmailUpdateStep = 'email' | 'VERIFY_PRIMARY_OTP' | 'VERIFY_SECONDARY_OTP'

/** §3 Embedded-wallet user, as the modal keeps it (no keys: those stay in the frame) */
export interface EmbeddedUserInfo {
  email?: string | null
  address: string
  chainId: string | number
  accounts: { address: string; type: 'EOA' | 'SMART_ACCOUNT' }[]
  userName?: string | null
  preferredAccountType?: 'eoa' | 'smartAccount'
  smartAccountDeployed: boolean
}

/** What the EmailLogin, UpdateEmailWallet and ApproveTransaction views show. */
export interface EmbeddedState {
  login: { step: EmailLoginStep; email?: string; busy: boolean; error?: string }
  update: { step: EmailUpdateStep; email?: string; busy: boolean; error?: string }
  /** Signed in with email: the frame's user */
  user?: EmbeddedUserInfo
  /** A request waits for the visitor's approval inside the frame */
  approving: boolean
  /** When the last email login was started (§4 30 s cooldown) */
  lastLoginAt?: number
}

export function initialEmbeddedState(): EmbeddedState {
  return {
    login: { step: 'email', busy: false },
    update: { step: 'email', busy: false },
    approving: false,
  }
}

/** §4 A new email login within 30 s of the last is refused: the whole seconds still to wait. */
export function emailCooldownSeconds(lastLoginAt: number | undefined, now: number): number {
  if (lastLoginAt === undefined) return 0
  const left = lastLoginAt + EMAIL_LOGIN_COOLDOWN_MS - now
  return left > 0 ? Math.ceil(left / 1000) : 0
}
