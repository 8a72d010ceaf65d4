// Test support for passkeys: the email-login test server (a real server, real database, its
// clock the test's) with the frame's passkey calls, made by a software authenticator.
import { randomBytes } from 'node:crypto'
import { beforeEach, expect } from 'vitest'
import type { TestDatabase } from '../../../testing/databases.ts'
import { TEST_FRAME_ORIGIN, useEmailLoginServer } from '../../../testing/emailLogin.ts'
import { type CeremonyOptions, SoftAuthenticator } from './softAuthenticator.ts'

export const FRAME = TEST_FRAME_ORIGIN
/** The app page that embeds the frame (the project's allowed origin) */
export const PAGE = 'http://127.0.0.1:5173'
/** Sign-in attempts per client address and test-clock minute on this server */
export const AUTH_ATTEMPTS_PER_MINUTE = 40
export const WALLET = {
  address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  iv: randomBytes(12).toString('base64'),
  ciphertext: randomBytes(48).toString('base64'),
}

interface Options {
  challenge: string
  rp?: { id?: string }
  rpId?: string
  user?: { id: string }
  allowCredentials?: { id: string }[]
  excludeCredentials?: { id: string }[]
}

export function usePasskeyServer(database: TestDatabase) {
  const t = useEmailLoginServer(database, {
    allowedOrigins: [PAGE],
    rateLimit: {
      perAddress: { limit: 1_000_000, windowMs: 10_000 },
      authPerAddress: { limit: AUTH_ATTEMPTS_PER_MINUTE, windowMs: 60_000 },
    },
  })
  // Each test starts in a new rate-limit window
  beforeEach(() => {
    t.clock.now += 61_000
  })
  const { call } = t

  const registrationOptions = (token: string) =>
    call('POST', '/auth/v1/passkeys/registration/options', { token })
  const registrationVerify = (token: string, response: unknown, name?: string) =>
    call('POST', '/auth/v1/passkeys/registration/verify', {
      token,
      body: { response, ...(name !== undefined && { name }) },
    })
  const loginOptions = () => call('POST', '/auth/v1/passkeys/login/options')
  const loginVerify = (response: unknown) =>
    call('POST', '/auth/v1/passkeys/login/verify', { body: { response } })

  /** Registration options for the session (200), as the frame hands them to the browser */
  async function creationOptions(token: string): Promise<Options & { user: { id: string } }> {
    const response = await registrationOptions(token)
    expect(response.status, JSON.stringify(response.body)).toBe(200)
    return response.body.options
  }
  /** Sign-in options (200) */
  async function requestOptions(): Promise<Options> {
    const response = await loginOptions()
    expect(response.status, JSON.stringify(response.body)).toBe(200)
    return response.body.options
  }
  /** A new passkey of the session's user on `authenticator` (201): the stored passkey */
  async function addPasskey(token: string, authenticator = new SoftAuthenticator(), name?: string) {
    const options = await creationOptions(token)
    const response = authenticator.register(
      { challenge: options.challenge, rp: options.rp ?? {}, user: options.user },
      { origin: FRAME },
    )
    const stored = await registrationVerify(token, response, name)
    expect(stored.status, JSON.stringify(stored.body)).toBe(201)
    return { authenticator, passkey: stored.body.passkey as { id: string; name: string | null } }
  }
  /** A sign-in with `authenticator` (its answer, whatever it is) */
  async function signIn(authenticator: SoftAuthenticator, ceremony: Partial<CeremonyOptions> = {}) {
    const options = await requestOptions()
    const request = { challenge: options.challenge, ...(options.rpId && { rpId: options.rpId }) }
    return loginVerify(authenticator.assert(request, { origin: FRAME, ...ceremony }))
  }
  /** A user signed up by email with a passkey: its email, session token and authenticator */
  async function userWithPasskey(name?: string) {
    const user = await t.signUp(name)
    const { authenticator, passkey } = await addPasskey(user.token)
    return { ...user, authenticator, passkey }
  }

  // Added onto the fixture itself: its service and capture are getters, valid once started
  return Object.assign(t, {
    registrationOptions,
    registrationVerify,
    loginOptions,
    loginVerify,
    list: (token: string) => call('GET', '/auth/v1/passkeys', { token }),
    remove: (token: string, id: string) => call('DELETE', `/auth/v1/passkeys/${id}`, { token }),
    creationOptions,
    requestOptions,
    addPasskey,
    signIn,
    userWithPasskey,
  })
}
