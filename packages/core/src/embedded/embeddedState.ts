import { EMAIL_LOGIN_COOLDOWN_MS, type OAUTH_SOCIAL_PROVIDERS } from '../constants.ts'

/** §5 Social provider one of google, github, apple, facebook, x, discord (farcaster has its own flow) */
export type OAuthSocialProvider = (typeof OAUTH_SOCIAL_PROVIDERS)[number]
/** §1 Who signs a visitor in without email: a social provider, Farcaster, or (in a Mini App) Telegram */
export type LoginProvider = OAuthSocialProvider | 'farcaster' | 'telegram'

/** §5 Action after email connect */
export type EmailLoginStep = 'email' | 'device' | 'otp' | 'connecting'
/** §5 Email change actions, plus the first step (the new address) */
export type EmailUpdateStep = 'email' | 'VERIFY_PRIMARY_OTP' | 'VERIFY_SECONDARY_OTP'

/** §3 Embedded-wallet user, as the modal keeps it (no keys: those stay in the frame) */
export interface EmbeddedUserInfo {
  email?: string | null
  address: string
  chainId: string | number
  accounts: { address: string; type: 'EOA' | 'SMART_ACCOUNT'; namespace?: string }[]
  /** The profile's Solana account (the frame's ed25519 key), when it has one */
  solanaAddress?: string | null
  userName?: string | null
  preferredAccountType?: 'eoa' | 'smartAccount'
  smartAccountDeployed: boolean
  /** How the visitor signed in (set by the modal, not the frame): email unless a social provider */
  authProvider?: 'email' | LoginProvider
}

/**
 * §4 Social login: `popup` while the provider's page is open (polled every second), then
 * `connecting` while the frame signs in with what the popup came back with.
 */
export type SocialLoginStep = 'popup' | 'connecting'

/**
 * §2 ConnectingFarcaster: the relay channel's URL (a QR code, or the link on a phone) while the
 * frame waits for the visitor's Farcaster app; `loading` while the frame asks for it.
 */
export interface FarcasterLoginState {
  url?: string
  loading: boolean
  error?: string
}

/** What the EmailLogin, ConnectingFarcaster, UpdateEmailWallet and ApproveTransaction views show. */
export interface EmbeddedState {
  login: { step: EmailLoginStep; email?: string; busy: boolean; error?: string }
  update: { step: EmailUpdateStep; email?: string; busy: boolean; error?: string }
  /** The social login under way (or the last one's error: 'Popup closed', ...) */
  social: { provider?: LoginProvider; step?: SocialLoginStep; busy: boolean; error?: string }
  /** The Farcaster sign-in (farcasterLogin.ts); none until one starts */
  farcaster?: FarcasterLoginState
  /** Signed in with email or a social provider: the frame's user */
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
    social: { busy: false },
    approving: false,
  }
}

/** §4 A new email login within 30 s of the last is refused: the whole seconds still to wait. */
export function emailCooldownSeconds(lastLoginAt: number | undefined, now: number): number {
  if (lastLoginAt === undefined) return 0
  const left = lastLoginAt + EMAIL_LOGIN_COOLDOWN_MS - now
  return left > 0 ? Math.ceil(left / 1000) : 0
}
