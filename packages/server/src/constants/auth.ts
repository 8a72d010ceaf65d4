// The embedded-wallet auth's constants (re-exported by ../constants.ts).
import { EMAIL_LOGIN_COOLDOWN_MS } from '@latchkey/core/shared'

// ---- Embedded-wallet auth (spec §3 "Embedded-wallet user", §4 "Email login", §5, §9) ----
// The HTTP contract is the README's "Embedded-wallet auth"; values marked "ours" are not in the spec.

/** §4, §9 Email login cooldown 30 s (also for an email change, per current address) */
export const AUTH_EMAIL_COOLDOWN_MS = EMAIL_LOGIN_COOLDOWN_MS
/** Ours: a one-time code has 6 digits */
export const AUTH_OTP_DIGITS = 6
/** Ours: a one-time code is valid 10 minutes */
export const AUTH_OTP_TTL_MS = 10 * 60_000
/** Ours: the 5th wrong code locks the challenge */
export const AUTH_OTP_MAX_ATTEMPTS = 5
/** Ours: a device-approval link is valid 10 minutes from its mail, and approves once */
export const AUTH_DEVICE_APPROVAL_TTL_MS = 10 * 60_000
/** Ours: wrong login codes per email before its email login locks, per hour and per day */
export const AUTH_OTP_FAILURES_PER_HOUR = 10
export const AUTH_OTP_FAILURES_PER_DAY = 20
/** Ours: the approval page's cookie (the key of its CSRF token; SameSite=Strict) */
export const AUTH_APPROVAL_COOKIE = 'latchkey_approval'
/** Ours: a session ends after 7 days without use; each use moves its end (issue 18 #9) */
export const AUTH_SESSION_IDLE_MS = 7 * 24 * 60 * 60_000
/** Ours: and 30 days after its sign-in, however much it is used */
export const AUTH_SESSION_MAX_AGE_MS = 30 * 24 * 60 * 60_000
/** Ours: a use moves a session's end only when that gains an hour: not a write per request */
export const AUTH_SESSION_SLIDE_STEP_MS = 60 * 60_000
/** Ours: the frame re-encrypts the wallets under a new wrapping key at sign-in once it is 90 days old */
export const AUTH_WRAPPING_KEY_MAX_AGE_MS = 90 * 24 * 60 * 60_000
/** Ours: the frame has 10 minutes to commit a rotation it started; the old key serves meanwhile */
export const AUTH_WRAPPING_KEY_ROTATION_TTL_MS = 10 * 60_000
/** Ours: random bytes of a session token, a device-approval token and a wrapping key */
export const AUTH_TOKEN_BYTES = 32
/** Ours: the wallet's AES-GCM iv is 12 bytes; its ciphertext at most 4 KB */
export const AUTH_WALLET_IV_BYTES = 12
export const AUTH_WALLET_MAX_CIPHERTEXT_BYTES = 4096
/** Ours (RFC 9449 §11.1 leaves it to the server): a DPoP proof's iat within 60 s of our clock */
export const AUTH_DPOP_PROOF_WINDOW_MS = 60_000
/** Ours: the longest DPoP header read (an ES256 proof with its P-256 key is about 500 characters) */
export const AUTH_DPOP_MAX_PROOF_LENGTH = 4096
/** Ours: the longest jti taken; RFC 9449 §4.2 asks for 96 random bits at least */
export const AUTH_DPOP_MAX_JTI_LENGTH = 256
/** RFC 7518 §3.4: the frame's proofs are ECDSA P-256 with SHA-256, the only algorithm taken */
export const AUTH_DPOP_ALG = 'ES256'
/** Ours: the longest user name kept */
export const AUTH_MAX_USER_NAME_LENGTH = 64
/** Ours: the mails' sender unless `mail.from` says otherwise */
export const AUTH_DEFAULT_MAIL_FROM = 'Latchkey <login@latchkey.local>'
/** docs/architecture.md "The local stack": SMTP capture on 2525, env SMTP_PORT (SMTP_HOST for the host) */
export const DEFAULT_SMTP_PORT = 2525
/** Ours: how long the mailer waits for the SMTP server before the route answers 502 */
export const AUTH_SMTP_TIMEOUT_MS = 10_000
/** RFC 7636: a PKCE S256 challenge (the frame's, for its social login), base64url of 32 bytes */
export const AUTH_PKCE_CHALLENGE = /^[A-Za-z0-9_-]{43}$/
/** RFC 7636: a code verifier, 43 to 128 unreserved characters */
export const AUTH_PKCE_VERIFIER = /^[A-Za-z0-9._~-]{43,128}$/
/** Ours: a social sign-in (its state and PKCE verifier) must come back within 10 minutes */
export const AUTH_SOCIAL_STATE_TTL_MS = 10 * 60_000
/** Ours: how long the token exchange and the user read may take at the provider */
export const AUTH_SOCIAL_HTTP_TIMEOUT_MS = 10_000
/** Ours: the largest token or user answer read from a provider */
export const AUTH_SOCIAL_MAX_RESPONSE_BYTES = 64 * 1024
/** Ours: the longest popup URL POST /auth/v1/social/connect takes */
export const AUTH_SOCIAL_MAX_URI_LENGTH = 8192
/** Ours: an id_token's exp and iat may be off by this much */
export const AUTH_SOCIAL_CLOCK_SKEW_MS = 60_000
/** Ours: how old a Telegram Mini App's initData may be to log in (its auth_date), 24 h */
export const TELEGRAM_INIT_DATA_MAX_AGE_S = 86_400
/** Ours: the longest initData taken (Telegram's are well under 1 KB) */
export const TELEGRAM_INIT_DATA_MAX_LENGTH = 4096
/** Ours: a Farcaster sign-in (its relay channel and PKCE verifier) must complete within 5 minutes */
export const FARCASTER_CHANNEL_TTL_MS = 5 * 60_000
/** Ours: how long a call to the Farcaster relay may take before the route answers 502 */
export const FARCASTER_RELAY_TIMEOUT_MS = 10_000
/** Ours: the longest relay channel token taken (the relay's are UUIDs or short random strings) */
export const FARCASTER_CHANNEL_TOKEN_MAX_LENGTH = 256
/** The relay's production address (Sign In With Farcaster, auth-client's default) */
export const FARCASTER_PRODUCTION_RELAY_URL = 'https://relay.farcaster.xyz'
/** Issue 30: a key export needs a sign-in (email code, social or passkey) from the last 5 minutes */
export const AUTH_KEY_EXPORT_FRESH_MS = 5 * 60_000
