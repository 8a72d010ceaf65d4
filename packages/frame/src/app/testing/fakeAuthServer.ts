// Test support: the auth API (packages/server/src/auth/: email and social login, wallets per
// namespace), in memory, behind a fetch function. The frame's tests talk to it
// through the frame's own api.ts, exactly as to the real server (packages/server's routes were
// not there yet when the frame was written). It follows the contracts' statuses and message
// texts; requests to any other host go to the real fetch (the devnets' RPC). Its social provider
// is a stand-in too: `authorize` plays the visitor in the popup.
import { createHash, randomBytes, randomInt, randomUUID } from 'node:crypto'
import { isAddress } from '@solana/kit'
import { calculateJwkThumbprint, EmbeddedJWK, jwtVerify } from 'jose'

export const FAKE_API = 'http://127.0.0.1:9'
/** Where the fake provider's authorization URLs point */
export const FAKE_PROVIDER = 'https://provider.example'

const PROVIDERS = ['google', 'github', 'apple', 'facebook', 'x', 'discord']

interface Blob {
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
type User = FakeUser

interface SocialState {
  provider: string
  /** S256 of the frame's PKCE verifier for this login */
  codeChallenge: string
  redirectUri: string
  used: boolean
  expiresAt: number
}

interface Challenge {
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
  lastOtp(email: string): string | undefined
  approveDevice(challengeId: string): void
  /**
   * The visitor in the popup: signs in at the provider's `authorizationUri` as `login` (or
   * refuses, with `error`) and returns the URL the provider sends the popup back to.
   */
  authorize(authorizationUri: string, login: string, options?: { error?: string }): string
  userByEmail(email: string): User | undefined
  userBySocial(provider: string, login: string): User | undefined
  sessionCount(): number
  /** Ends every session, as an expiry or a revocation would */
  revokeSessions(): void
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/**
 * The key of the request's DPoP proof (its RFC 7638 thumbprint) when the proof is signed by it.
 * Like the real server, sessions are bound to it; htu, iat and replays are the real server's tests'.
 */
async function proofKey(request: Request): Promise<string | undefined> {
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
const COOLDOWN_MS = 30_000

export function createFakeAuthServer(
  options: { projectId?: string; allowedOrigins?: string[] } = {},
): FakeAuthServer {
  const projectId = options.projectId ?? 'c4b1e7d2a9f04e6b8d3a5f1e2c7b9a60'
  const users = new Map<string, User>()
  const sessions = new Map<string, number>()
  /** token → the key it is bound to */
  const sessionKeys = new Map<string, string | undefined>()
  const challenges = new Map<string, Challenge>()
  const cooldown = new Map<string, number>()
  const socialStates = new Map<string, SocialState>()
  /** code → the provider's subject */
  const codes = new Map<string, { provider: string; login: string }>()
  let nextUser = 1

  const server: FakeAuthServer = {
    fetch: handle as typeof fetch,
    projectId,
    allowedOrigins: options.allowedOrigins ?? ['http://127.0.0.1:5173', 'http://localhost:5173'],
    mails: [],
    calls: [],
    down: false,
    failNext: new Map(),
    now: 1_000_000,
    socialStarts: [],
    socialConnects: [],
    lastOtp: (email) => server.mails.filter((m) => m.to === email && m.otp).at(-1)?.otp,
    approveDevice(challengeId) {
      const challenge = challenges.get(challengeId)
      if (challenge) challenge.deviceApproved = true
    },
    authorize(authorizationUri, login, { error } = {}) {
      const url = new URL(authorizationUri)
      const state = url.searchParams.get('state') ?? ''
      const provider = url.pathname.split('/')[1] ?? ''
      const back = new URL(url.searchParams.get('redirect_uri') ?? '')
      back.searchParams.set('state', state)
      if (error) {
        back.searchParams.set('error', error)
        return back.toString()
      }
      const code = randomBytes(16).toString('base64url')
      codes.set(code, { provider, login })
      back.searchParams.set('code', code)
      return back.toString()
    },
    userByEmail: (email) => users.get(email.trim().toLowerCase()),
    userBySocial: (provider, login) => users.get(`${provider}:${login}`),
    sessionCount: () => sessions.size,
    revokeSessions: () => sessions.clear(),
  }

  const userById = (id: number) => [...users.values()].find((u) => u.id === id)

  function view(user: User) {
    return {
      email: user.email,
      address: user.address,
      chainId: user.chainId,
      accounts: [
        ...(user.address ? [{ address: user.address, type: 'EOA', namespace: 'eip155' }] : []),
        ...(user.solanaAddress
          ? [{ address: user.solanaAddress, type: 'EOA', namespace: 'solana' }]
          : []),
      ],
      solanaAddress: user.solanaAddress,
      userName: user.userName,
      socialProvider: user.socialProvider,
      preferredAccountType: user.preferredAccountType,
      smartAccountDeployed: false,
    }
  }

  function newUser(fields: Pick<User, 'email' | 'socialProvider' | 'userName'>): User {
    return {
      ...fields,
      id: nextUser++,
      address: null,
      solanaAddress: null,
      chainId: null,
      preferredAccountType: 'eoa',
      devices: new Set(),
      wrappingKey: randomBytes(32).toString('base64'),
      wallet: null,
      solanaWallet: null,
    }
  }

  function newSession(user: User, jkt: string | undefined) {
    const token = randomBytes(32).toString('base64url')
    sessions.set(token, user.id)
    sessionKeys.set(token, jkt)
    return json(200, { token, user: view(user) })
  }

  function mail(challenge: Challenge, subject: string, to: string) {
    challenge.otp = String(randomInt(0, 1_000_000)).padStart(6, '0')
    server.mails.push({
      to,
      subject: `${subject} ${challenge.otp}`,
      otp: challenge.otp,
      challengeId: challenge.id,
    })
  }

  function cooling(key: string): Response | undefined {
    const until = cooldown.get(key)
    if (until !== undefined && until > server.now) {
      const seconds = Math.max(1, Math.ceil((until - server.now) / 1000))
      return json(429, {
        message: `Please try again after ${seconds} seconds`,
        retryAfter: seconds,
      })
    }
    cooldown.set(key, server.now + COOLDOWN_MS)
    return undefined
  }

  function newChallenge(
    fields: Omit<Challenge, 'id' | 'otp' | 'wrong' | 'used' | 'expiresAt' | 'deviceApproved'>,
  ) {
    const challenge: Challenge = {
      ...fields,
      id: randomUUID(),
      otp: null,
      wrong: 0,
      used: false,
      deviceApproved: false,
      expiresAt: server.now + 10 * 60_000,
    }
    challenges.set(challenge.id, challenge)
    return challenge
  }

  /** The contract's OTP rules; the challenge or an error response. */
  function checkOtp(body: Record<string, unknown>, kind: Challenge['kind']): Challenge | Response {
    const challenge = challenges.get(String(body.challengeId))
    if (typeof body.otp !== 'string' || !/^[0-9]{4,10}$/.test(body.otp)) {
      return json(400, { message: 'Invalid code' })
    }
    if (
      !challenge ||
      challenge.kind !== kind ||
      challenge.used ||
      challenge.expiresAt < server.now
    ) {
      return json(410, { message: 'This code has expired. Request a new code.' })
    }
    if (challenge.wrong >= 5)
      return json(429, { message: 'Too many wrong codes. Request a new code.' })
    if (challenge.otp === null || body.otp !== challenge.otp) {
      challenge.wrong++
      if (challenge.wrong >= 5) {
        return json(429, { message: 'Too many wrong codes. Request a new code.' })
      }
      return json(400, { message: 'Invalid code', attemptsLeft: 5 - challenge.wrong })
    }
    challenge.used = true
    return challenge
  }

  function sessionUser(request: Request, jkt: string | undefined): User | undefined {
    const token = /^DPoP (.+)$/.exec(request.headers.get('Authorization') ?? '')?.[1]
    const bound = token !== undefined && jkt !== undefined && sessionKeys.get(token) === jkt
    const id = token && bound ? sessions.get(token) : undefined
    return id === undefined ? undefined : userById(id)
  }

  async function handle(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
    const request = new Request(input, init)
    const url = new URL(request.url)
    if (url.origin !== FAKE_API) return globalThis.fetch(input, init)
    server.calls.push(`${request.method} ${url.pathname}`)
    await server.beforeRequest?.(`${request.method} ${url.pathname}`)
    if (server.down) throw new TypeError('fetch failed')
    const forced = server.failNext.get(`${request.method} ${url.pathname}`)
    if (forced) {
      server.failNext.delete(`${request.method} ${url.pathname}`)
      return json(forced.status, forced.body ?? {})
    }
    if (!url.searchParams.get('projectId'))
      return json(400, { message: 'projectId is required', code: 'APKT008' })
    if (url.searchParams.get('projectId') !== projectId) return json(403, { code: 'APKT007' })
    const body: Record<string, unknown> =
      request.method === 'GET' || request.method === 'DELETE'
        ? {}
        : await request.json().catch(() => ({}))
    const route = `${request.method} ${url.pathname}`
    const jkt = await proofKey(request)

    if (route === 'GET /projects/v1/origins')
      return json(200, { allowedOrigins: server.allowedOrigins })

    if (route === 'POST /auth/v1/email') {
      const email = typeof body.email === 'string' ? body.email.trim().toLowerCase() : ''
      if (!EMAIL.test(email)) return json(400, { message: 'Please enter a valid email address' })
      if (typeof body.deviceId !== 'string' || !/^[A-Za-z0-9_-]{22,64}$/.test(body.deviceId)) {
        return json(400, { message: 'Invalid device id' })
      }
      const limited = cooling(`login:${email}`)
      if (limited) return limited
      const user = users.get(email)
      const challenge = newChallenge({ email, deviceId: body.deviceId, kind: 'login' })
      if (user && !user.devices.has(body.deviceId)) {
        server.mails.push({
          to: email,
          subject: 'Approve your new device',
          challengeId: challenge.id,
        })
        return json(200, { action: 'VERIFY_DEVICE', challengeId: challenge.id })
      }
      challenge.deviceApproved = true
      mail(challenge, 'Your sign-in code is', email)
      return json(200, { action: 'VERIFY_OTP', challengeId: challenge.id })
    }

    if (route === 'POST /auth/v1/device') {
      const challenge = challenges.get(String(body.challengeId))
      if (!challenge || challenge.expiresAt < server.now) {
        return json(410, { message: 'This sign-in request has expired. Start again.' })
      }
      if (!challenge.deviceApproved) return json(200, { approved: false })
      if (challenge.otp === null) mail(challenge, 'Your sign-in code is', challenge.email)
      return json(200, { approved: true, action: 'VERIFY_OTP' })
    }

    if (route === 'POST /auth/v1/otp') {
      const challenge = checkOtp(body, 'login')
      if (challenge instanceof Response) return challenge
      let user = users.get(challenge.email)
      if (!user) {
        user = newUser({ email: challenge.email, socialProvider: null, userName: null })
        users.set(challenge.email, user)
      }
      user.devices.add(challenge.deviceId)
      return newSession(user, jkt)
    }

    if (route === 'POST /auth/v1/social/start') {
      const failed = json(400, { message: 'Failed to initiate social connection' })
      const provider = String(body.provider)
      if (!PROVIDERS.includes(provider) || typeof body.redirectUri !== 'string') return failed
      let redirect: URL
      try {
        redirect = new URL(body.redirectUri)
      } catch {
        return failed
      }
      if (!server.allowedOrigins.includes(redirect.origin)) return failed
      if (typeof body.codeChallenge !== 'string' || !/^[\w-]{43}$/.test(body.codeChallenge)) {
        return failed
      }
      server.socialStarts.push({ provider, redirectUri: body.redirectUri })
      const state = randomBytes(16).toString('base64url')
      socialStates.set(state, {
        provider,
        codeChallenge: body.codeChallenge,
        redirectUri: body.redirectUri,
        used: false,
        expiresAt: server.now + 10 * 60_000,
      })
      const uri = new URL(`${FAKE_PROVIDER}/${provider}/authorize`)
      uri.searchParams.set('response_type', 'code')
      uri.searchParams.set('client_id', provider)
      uri.searchParams.set('redirect_uri', body.redirectUri)
      uri.searchParams.set('scope', 'openid email profile')
      uri.searchParams.set('state', state)
      uri.searchParams.set('code_challenge', body.codeChallenge)
      uri.searchParams.set('code_challenge_method', 'S256')
      return json(200, { uri: uri.toString() })
    }

    if (route === 'POST /auth/v1/social/connect') {
      server.socialConnects.push({ uri: String(body.uri), codeVerifier: body.codeVerifier })
      let back: URL
      try {
        back = new URL(String(body.uri))
      } catch {
        return json(400, { message: 'Failed to connect' })
      }
      const state = socialStates.get(back.searchParams.get('state') ?? '')
      const verifier = typeof body.codeVerifier === 'string' ? body.codeVerifier : ''
      if (
        state &&
        createHash('sha256').update(verifier).digest('base64url') !== state.codeChallenge
      ) {
        return json(400, { message: 'Failed to connect' })
      }
      if (!state || state.used || state.expiresAt < server.now) {
        return json(410, { message: 'Failed to connect' })
      }
      state.used = true
      const grant = codes.get(back.searchParams.get('code') ?? '')
      if (back.searchParams.has('error') || !grant || grant.provider !== state.provider) {
        return json(400, { message: 'Failed to connect' })
      }
      codes.delete(back.searchParams.get('code') ?? '')
      const key = `${grant.provider}:${grant.login}`
      let user = users.get(key)
      if (!user) {
        user = newUser({
          email: `${grant.login}@${grant.provider}.example`,
          socialProvider: grant.provider,
          userName: grant.login,
        })
        users.set(key, user)
      }
      return newSession(user, jkt)
    }

    // Telegram's signed initData is checked by the real server (server/src/auth/telegram.ts);
    // here a `hash` of "valid" stands for a good signature.
    if (route === 'POST /auth/v1/telegram/connect') {
      const data = new URLSearchParams(typeof body.initData === 'string' ? body.initData : '')
      const telegramUser = (() => {
        try {
          return JSON.parse(data.get('user') ?? '') as { id?: unknown; username?: unknown }
        } catch {
          return undefined
        }
      })()
      if (data.get('hash') !== 'valid' || typeof telegramUser?.id !== 'number') {
        return json(401, { message: 'Failed to connect' })
      }
      const key = `telegram:${telegramUser.id}`
      let user = users.get(key)
      if (!user) {
        user = newUser({
          email: null,
          socialProvider: 'telegram',
          userName: typeof telegramUser.username === 'string' ? telegramUser.username : null,
        })
        users.set(key, user)
      }
      return newSession(user, jkt)
    }

    if (route === 'GET /auth/v1/device/approve') return json(404, {})

    const user = sessionUser(request, jkt)
    if (!user) return json(401, { message: 'Not connected to email or social' })

    if (route === 'GET /auth/v1/session') return json(200, { user: view(user) })
    if (route === 'DELETE /auth/v1/session') {
      const token = /^DPoP (.+)$/.exec(request.headers.get('Authorization') ?? '')?.[1] ?? ''
      sessions.delete(token)
      return new Response(null, { status: 204 })
    }
    if (route === 'DELETE /auth/v1/sessions') {
      for (const [token, id] of sessions) if (id === user.id) sessions.delete(token)
      return new Response(null, { status: 204 })
    }
    if (route === 'GET /auth/v1/wallet') {
      return json(200, {
        wrappingKey: user.wrappingKey,
        wallet: user.wallet,
        wallets: {
          ...(user.wallet && { eip155: user.wallet }),
          ...(user.solanaWallet && { solana: user.solanaWallet }),
        },
      })
    }
    if (route === 'PUT /auth/v1/wallet') {
      const namespace = body.namespace ?? 'eip155'
      if (namespace !== 'eip155' && namespace !== 'solana') {
        return json(400, { message: 'Invalid namespace' })
      }
      const existing = namespace === 'eip155' ? user.wallet : user.solanaWallet
      if (existing) return json(409, { message: 'This account already has a wallet' })
      const { address, iv, ciphertext } = body
      const validAddress =
        typeof address === 'string' &&
        (namespace === 'eip155' ? /^0x[0-9a-fA-F]{40}$/.test(address) : isAddress(address))
      if (
        !validAddress ||
        typeof iv !== 'string' ||
        Buffer.from(iv, 'base64').length !== 12 ||
        typeof ciphertext !== 'string' ||
        ciphertext.length > 4096
      ) {
        return json(400, { message: 'Invalid wallet' })
      }
      if (namespace === 'eip155') {
        user.wallet = { address, iv, ciphertext }
        user.address = address
      } else {
        user.solanaWallet = { address, iv, ciphertext }
        user.solanaAddress = address
      }
      return json(201, { user: view(user) })
    }
    if (route === 'PATCH /auth/v1/user') {
      if (typeof body.chainId === 'number' || typeof body.chainId === 'string')
        user.chainId = body.chainId
      if (body.preferredAccountType === 'eoa' || body.preferredAccountType === 'smartAccount') {
        user.preferredAccountType = body.preferredAccountType
      }
      return json(200, { user: view(user) })
    }
    if (route === 'POST /auth/v1/email/change') {
      const email = typeof body.email === 'string' ? body.email.trim().toLowerCase() : ''
      if (!EMAIL.test(email)) return json(400, { message: 'Please enter a valid email address' })
      if (email === user.email) return json(400, { message: 'That is already your email address' })
      if (users.has(email)) return json(409, { message: 'That email address is already in use' })
      if (!user.email) return json(400, { message: 'This account has no email address' })
      const limited = cooling(`change:${user.email}`)
      if (limited) return limited
      const challenge = newChallenge({
        email: user.email,
        deviceId: '',
        kind: 'primary',
        newEmail: email,
        userId: user.id,
      })
      mail(challenge, 'Confirm your email change:', user.email)
      return json(200, { action: 'VERIFY_PRIMARY_OTP', challengeId: challenge.id })
    }
    if (route === 'POST /auth/v1/email/change/primary') {
      const challenge = checkOtp(body, 'primary')
      if (challenge instanceof Response) return challenge
      const next = newChallenge({
        email: user.email ?? '',
        deviceId: '',
        kind: 'secondary',
        newEmail: challenge.newEmail ?? '',
        userId: user.id,
      })
      mail(next, 'Verify your new email address:', next.newEmail ?? '')
      return json(200, { action: 'VERIFY_SECONDARY_OTP', challengeId: next.id })
    }
    if (route === 'POST /auth/v1/email/change/secondary') {
      const challenge = checkOtp(body, 'secondary')
      if (challenge instanceof Response) return challenge
      // Email users are found by their email; social users by provider and subject.
      const byEmail = !user.socialProvider
      if (byEmail && user.email) users.delete(user.email)
      user.email = challenge.newEmail ?? user.email
      if (byEmail && user.email) users.set(user.email, user)
      return json(200, { user: view(user) })
    }
    return json(404, { message: 'Not found' })
  }

  return server
}
