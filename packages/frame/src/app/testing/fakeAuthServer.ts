// Test support: the auth API (packages/server/src/auth/: email, social and Farcaster login, wallets per
// namespace), in memory, behind a fetch function. The frame's tests talk to it
// through the frame's own api.ts, exactly as to the real server (packages/server's routes were
// not there yet when the frame was written). It follows the contracts' statuses and message
// texts; requests to any other host go to the real fetch (the devnets' RPC). Its social provider
// is a stand-in too: `authorize` plays the visitor in the popup.
import { randomBytes, randomInt, randomUUID } from 'node:crypto'
import { type FarcasterChannels, farcasterApp, farcasterRoutes } from './fakeAuthFarcaster.ts'
import {
  type Challenge,
  COOLDOWN_MS,
  EMAIL,
  FAKE_API,
  type FakeAuthServer,
  type FakeUser,
  json,
  proofKey,
  type SocialState,
} from './fakeAuthShared.ts'
import { signedInRoutes } from './fakeAuthSignedIn.ts'
import { socialRoutes } from './fakeAuthSocial.ts'

export function createFakeAuthServer(
  options: { projectId?: string; allowedOrigins?: string[]; farcaster?: boolean } = {},
): FakeAuthServer {
  const projectId = options.projectId ?? 'c4b1e7d2a9f04e6b8d3a5f1e2c7b9a60'
  const users = new Map<string, FakeUser>()
  const sessions = new Map<string, number>()
  /** token → the key it is bound to */
  const sessionKeys = new Map<string, string | undefined>()
  const challenges = new Map<string, Challenge>()
  const cooldown = new Map<string, number>()
  const socialStates = new Map<string, SocialState>()
  /** code → the provider's subject */
  const codes = new Map<string, { provider: string; login: string }>()
  const channels: FarcasterChannels = new Map()
  let nextUser = 1

  const server: FakeAuthServer = {
    fetch: handle as typeof fetch,
    projectId,
    allowedOrigins: options.allowedOrigins ?? ['http://127.0.0.1:5173', 'http://localhost:5173'],
    mails: [],
    calls: [],
    bodies: [],
    down: false,
    failNext: new Map(),
    now: 1_000_000,
    socialStarts: [],
    socialConnects: [],
    farcasterConfigured: options.farcaster ?? false,
    farcasterStarts: [],
    farcasterConnects: [],
    farcasterSignIns: [],
    signInWithFarcaster: (url, username, signInOptions) =>
      farcasterApp(server, channels)(url, username, signInOptions),
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

  function view(user: FakeUser) {
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

  function newUser(fields: Pick<FakeUser, 'email' | 'socialProvider' | 'userName'>): FakeUser {
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

  function newSession(user: FakeUser, jkt: string | undefined) {
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

  function sessionUser(request: Request, jkt: string | undefined): FakeUser | undefined {
    const token = /^DPoP (.+)$/.exec(request.headers.get('Authorization') ?? '')?.[1]
    const bound = token !== undefined && jkt !== undefined && sessionKeys.get(token) === jkt
    const id = token && bound ? sessions.get(token) : undefined
    return id === undefined ? undefined : userById(id)
  }

  const ctx = { users, sessions, view, newChallenge, mail, checkOtp, cooling }
  const socialCtx = { server, users, socialStates, codes, newUser, newSession }

  async function handle(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
    const request = new Request(input, init)
    const url = new URL(request.url)
    if (url.origin !== FAKE_API) return globalThis.fetch(input, init)
    server.calls.push(`${request.method} ${url.pathname}`)
    server.bodies.push(
      await request
        .clone()
        .json()
        .catch(() => null),
    )
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

    const social =
      (await socialRoutes(socialCtx, route, body, jkt)) ??
      farcasterRoutes({ ...socialCtx, channels }, route, body, jkt)
    if (social) return social

    if (route === 'GET /auth/v1/device/approve') return json(404, {})

    const user = sessionUser(request, jkt)
    if (!user) return json(401, { message: 'Not connected to email or social' })

    return signedInRoutes(ctx, route, body, request, user) ?? json(404, { message: 'Not found' })
  }

  return server
}
