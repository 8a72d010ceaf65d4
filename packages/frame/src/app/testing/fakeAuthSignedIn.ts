import { isAddress } from '@solana/kit'
import { type Challenge, EMAIL, type FakeUser, json } from './fakeAuthShared.ts'

export interface SignedInContext {
  users: Map<string, FakeUser>
  sessions: Map<string, number>
  view(user: FakeUser): unknown
  newChallenge(
    fields: Omit<Challenge, 'id' | 'otp' | 'wrong' | 'used' | 'expiresAt' | 'deviceApproved'>,
  ): Challenge
  mail(challenge: Challenge, subject: string, to: string): void
  checkOtp(body: Record<string, unknown>, kind: Challenge['kind']): Challenge | Response
  cooling(key: string): Response | undefined
}

/** The answer to `route` for `user`; undefined for a route it does not serve. */
export function signedInRoutes(
  ctx: SignedInContext,
  route: string,
  body: Record<string, unknown>,
  request: Request,
  user: FakeUser,
): Response | undefined {
  const { users, sessions, view, newChallenge, mail, checkOtp, cooling } = ctx
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
  return undefined
}
