// The fake auth API's Farcaster login (the contract of POST /auth/v1/farcaster/start and
// /connect): a relay channel per start, tied to the frame's PKCE challenge; `pending` (202) until
// the visitor's Farcaster app signs in on it (`signInWithFarcaster` plays that app).
import { createHash, randomBytes } from 'node:crypto'
import { type FakeAuthServer, json } from './fakeAuthShared.ts'
import type { SocialContext } from './fakeAuthSocial.ts'

/** How long a channel lasts (the server's FARCASTER_CHANNEL_TTL_MS; the frame waits 120 s at most) */
export const FARCASTER_CHANNEL_TTL_MS = 5 * 60_000
export const FARCASTER_RELAY = 'https://farcaster.example/~/siwf'

export interface FarcasterChannel {
  codeChallenge: string
  expiresAt: number
  /** The Farcaster user once their app signed in (or `refused`: the signature did not verify) */
  signedInAs?: string
  refused?: boolean
  used: boolean
}

export type FarcasterChannels = Map<string, FarcasterChannel>

/** The visitor's Farcaster app, scanning `url`: signs in as `username` (or badly, `refused`) */
export function farcasterApp(server: FakeAuthServer, channels: FarcasterChannels) {
  return (url: string, username: string, { refused = false } = {}) => {
    const channel = channels.get(new URL(url).searchParams.get('channelToken') ?? '')
    if (!channel) throw new Error(`no Farcaster channel at ${url}`)
    channel.signedInAs = username
    channel.refused = refused
    server.farcasterSignIns.push(username)
  }
}

/** The answer to a Farcaster route; undefined for any other route. */
export function farcasterRoutes(
  ctx: SocialContext & { channels: FarcasterChannels },
  route: string,
  body: Record<string, unknown>,
  jkt: string | undefined,
): Response | undefined {
  const { server, users, channels, newUser, newSession } = ctx
  if (route === 'POST /auth/v1/farcaster/start') {
    server.farcasterStarts.push(body)
    if (!server.farcasterConfigured) {
      return json(400, { message: 'Farcaster login is not configured' })
    }
    if (typeof body.codeChallenge !== 'string' || !/^[\w-]{43}$/.test(body.codeChallenge)) {
      return json(400, { message: 'Invalid request' })
    }
    const channelToken = randomBytes(16).toString('base64url')
    const expiresAt = server.now + FARCASTER_CHANNEL_TTL_MS
    channels.set(channelToken, { codeChallenge: body.codeChallenge, expiresAt, used: false })
    const url = new URL(FARCASTER_RELAY)
    url.searchParams.set('channelToken', channelToken)
    return json(200, {
      url: url.toString(),
      channelToken,
      expiresAt: new Date(expiresAt).toISOString(),
    })
  }

  if (route === 'POST /auth/v1/farcaster/connect') {
    server.farcasterConnects.push(body)
    // Unknown, used, expired, or not this verifier: 410 alike
    const channel = channels.get(String(body.channelToken))
    const verifier = typeof body.codeVerifier === 'string' ? body.codeVerifier : ''
    if (
      !channel ||
      channel.used ||
      channel.expiresAt < server.now ||
      createHash('sha256').update(verifier).digest('base64url') !== channel.codeChallenge
    ) {
      return json(410, { message: 'Failed to connect' })
    }
    if (channel.signedInAs === undefined) return json(202, { state: 'pending' })
    channel.used = true
    if (channel.refused) return json(401, { message: 'Failed to connect' })
    const key = `farcaster:${channel.signedInAs}`
    let user = users.get(key)
    if (!user) {
      user = newUser({ email: null, socialProvider: 'farcaster', userName: channel.signedInAs })
      users.set(key, user)
    }
    return newSession(user, jkt)
  }
  return undefined
}
