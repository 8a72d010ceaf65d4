// The fake auth API's records, its answers' helpers and the DPoP proof check (fakeAuthServer.ts).
import { calculateJwkThumbprint, EmbeddedJWK, jwtVerify } from 'jose'

export const FAKE_API = 'http://127.0.0.1:9'
/** Where the fake provider's authorization URLs point */
export const FAKE_PROVIDER = 'https://provider.example'

export const PROVIDERS = ['google', 'github', 'apple', 'facebook', 'x', 'discord']

export interface Blob {
  address: string
  iv: string
  ciphertext: string
}

export interface FakeUser {
  id: number
  /** null for a social user whose provider gave none */
  email: string | null
  address: string | null
  solanaAddress: string | null
  chainId: number | string | null
  preferredAccountType: 'eoa' | 'smartAccount'
  devices: Set<string>
  wrappingKey: string
  /** The eip155 wallet */
  wallet: Blob | null
  solanaWallet: Blob | null
  socialProvider: string | null
  userName: string | null
}

export interface SocialState {
  provider: string
  /** S256 of the frame's PKCE verifier for this login */
  codeChallenge: string
  redirectUri: string
  used: boolean
  expiresAt: number
}

export interface Challenge {
  id: string
  email: string
  deviceId: string
  otp: string | null
  kind: 'login' | 'primary' | 'secondary'
  newEmail?: string
  userId?: number
  deviceApproved: boolean
  wrong: number
  used: boolean
  expiresAt: number
}

export interface Mail {
  to: string
  subject: string
  otp?: string
  challengeId: string
}

export interface FakeAuthServer {
  fetch: typeof fetch
  projectId: string
  allowedOrigins: string[]
  mails: Mail[]
  /** Every request: method and path */
  calls: string[]
  /** Each request's JSON body (null when it has none), in the order of `calls` */
  bodies: unknown[]
  /** When true, every request fails as if the server were down */
  down: boolean
  /** When set, the answer to the next matching request (method + path) */
  failNext: Map<string, { status: number; body?: unknown }>
  /** Called with 'METHOD /path' before each request is handled */
  beforeRequest?: (route: string) => void | Promise<void>
  now: number
  /** Every POST /auth/v1/social/start body */
  socialStarts: { provider: string; redirectUri: string }[]
  /** What each /social/connect was sent */
  socialConnects: { uri: string; codeVerifier: unknown }[]
  /** Whether /farcaster/start opens channels (else 400, as a server without Farcaster) */
  farcasterConfigured: boolean
  /** Every /farcaster/start and /farcaster/connect body */
  farcasterStarts: Record<string, unknown>[]
  farcasterConnects: Record<string, unknown>[]
  /** Who signed in through the Farcaster app, in order */
  farcasterSignIns: string[]
  /**
   * The visitor's Farcaster app, on the channel of `url` (the frame's APP_GET_FARCASTER_URI):
   * signs in as `username`, or with a signature the server refuses
   */
  signInWithFarcaster(url: string, username: string, options?: { refused?: boolean }): void
  lastOtp(email: string): string | undefined
  approveDevice(challengeId: string): void
  /**
   * The visitor in the popup: signs in at the provider's `authorizationUri` as `login` (or
   * refuses, with `error`) and returns the URL the provider sends the popup back to.
   */
  authorize(authorizationUri: string, login: string, options?: { error?: string }): string
  userByEmail(email: string): FakeUser | undefined
  userBySocial(provider: string, login: string): FakeUser | undefined
  sessionCount(): number
  /** Ends every session, as an expiry or a revocation would */
  revokeSessions(): void
}

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

export const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/**
 * The key of the request's DPoP proof (its RFC 7638 thumbprint) when the proof is signed by it.
 * Like the real server, sessions are bound to it; htu, iat and replays are the real server's tests'.
 */
export async function proofKey(request: Request): Promise<string | undefined> {
  const proof = request.headers.get('DPoP')
  if (!proof) return undefined
  try {
    const verified = await jwtVerify(proof, EmbeddedJWK, { typ: 'dpop+jwt', algorithms: ['ES256'] })
    const { jwk } = verified.protectedHeader
    return jwk && (await calculateJwkThumbprint(jwk))
  } catch {
    return undefined
  }
}
export const COOLDOWN_MS = 30_000
