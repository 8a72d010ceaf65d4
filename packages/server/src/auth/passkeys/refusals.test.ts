// What a passkey ceremony must not get past (WebAuthn Level 3 §7.1, §7.2; issue 30), with real
// responses of a software authenticator made wrong one way at a time: a replayed or expired
// challenge, another origin or RP ID, no user verification, a cloned authenticator (its counter
// behind), a page that may not embed the frame, another user's handle; and the rate limit.
import { generateKeyPairSync } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { AUTH_PASSKEY_CHALLENGE_TTL_MS } from '../../constants/passkeys.ts'
import { availableDatabases } from '../../testing/databases.ts'
import { AUTH_ATTEMPTS_PER_MINUTE, FRAME, PAGE, usePasskeyServer } from './testing/passkeyServer.ts'
import { SoftAuthenticator } from './testing/softAuthenticator.ts'

const EXPIRED = { message: 'This passkey request has expired. Start again.' }
const CLONED = {
  message:
    "This passkey's signature counter went backwards, so it may have been copied. Sign in another way and remove it.",
}
const notVerified = (reason: RegExp) => ({
  status: 401,
  body: { message: expect.stringMatching(reason) },
})

describe.each(availableDatabases())('passkey refusals on $name', (database) => {
  const t = usePasskeyServer(database)

  it('takes a challenge once: a replayed sign-in or registration is refused', async () => {
    const { token, authenticator } = await t.userWithPasskey('replay')
    const options = await t.requestOptions()
    const response = authenticator.assert({ challenge: options.challenge }, { origin: FRAME })
    expect((await t.loginVerify(response)).status).toBe(200)
    expect(await t.loginVerify(response)).toMatchObject({ status: 410, body: EXPIRED })

    const creation = await t.creationOptions(token)
    const added = new SoftAuthenticator().register(
      { challenge: creation.challenge, rp: creation.rp ?? {}, user: creation.user },
      { origin: FRAME },
    )
    expect((await t.registrationVerify(token, added)).status).toBe(201)
    const other = new SoftAuthenticator().register(
      { challenge: creation.challenge, rp: creation.rp ?? {}, user: creation.user },
      { origin: FRAME },
    )
    expect(await t.registrationVerify(token, other)).toMatchObject({ status: 410, body: EXPIRED })
  })

  it('expires a challenge after 5 minutes; a failed try uses it up too', async () => {
    const { authenticator } = await t.userWithPasskey('expiry')
    const late = await t.requestOptions()
    t.clock.now += AUTH_PASSKEY_CHALLENGE_TTL_MS
    const response = authenticator.assert({ challenge: late.challenge }, { origin: FRAME })
    expect(await t.loginVerify(response)).toMatchObject({ status: 410, body: EXPIRED })

    const options = await t.requestOptions()
    t.clock.now += AUTH_PASSKEY_CHALLENGE_TTL_MS - 1_000
    const unverified = authenticator.assert(
      { challenge: options.challenge },
      { origin: FRAME, userVerified: false },
    )
    expect((await t.loginVerify(unverified)).status).toBe(401)
    const verified = authenticator.assert({ challenge: options.challenge }, { origin: FRAME })
    expect(await t.loginVerify(verified)).toMatchObject({ status: 410, body: EXPIRED })
    // A challenge the server never gave
    const made = authenticator.assert({ challenge: 'bm90LW91cnM' }, { origin: FRAME })
    expect(await t.loginVerify(made)).toMatchObject({ status: 410, body: EXPIRED })
  })

  it('checks the origin and the RP ID of a sign-in and of a registration', async () => {
    const { token, authenticator } = await t.userWithPasskey('origin')
    for (const [ceremony, reason] of [
      [{ origin: 'http://127.0.0.1:5175' }, /origin "http:\/\/127.0.0.1:5175"/],
      [{ origin: PAGE }, /origin/],
      [{ rpId: 'evil.example' }, /RP ID/],
      [{ type: 'webauthn.create' }, /type/],
    ] as const) {
      expect(await t.signIn(authenticator, ceremony)).toMatchObject(notVerified(reason))
    }
    const creation = await t.creationOptions(token)
    const elsewhere = new SoftAuthenticator().register(
      { challenge: creation.challenge, rp: { id: 'evil.example' }, user: creation.user },
      { origin: FRAME },
    )
    expect(await t.registrationVerify(token, elsewhere)).toMatchObject(notVerified(/RP ID/))
    // Options are given to the frame's origin only (the RP is its host)
    const page = await t.call('POST', '/auth/v1/passkeys/login/options', { origin: PAGE })
    expect(page.body).toEqual({
      message: "Passkeys must be used from the embedded wallet's own origin",
    })
    expect((await t.signIn(authenticator)).status).toBe(200)
  })

  it('requires user verification (UV) at registration and sign-in, and user presence', async () => {
    const { token, authenticator } = await t.userWithPasskey('uv')
    const unverified = await t.signIn(authenticator, { userVerified: false })
    expect(unverified).toMatchObject(notVerified(/User verification required/))
    const absent = await t.signIn(authenticator, { userPresent: false, userVerified: false })
    expect(absent.status).toBe(401)
    const creation = await t.creationOptions(token)
    const response = new SoftAuthenticator().register(
      { challenge: creation.challenge, rp: creation.rp ?? {}, user: creation.user },
      { origin: FRAME, userVerified: false },
    )
    expect(await t.registrationVerify(token, response)).toMatchObject(
      notVerified(/User verification/),
    )
    expect((await t.list(token)).body.passkeys).toHaveLength(1)
  })

  it('refuses a cloned authenticator: a counter that does not move past the stored one', async () => {
    const { authenticator } = await t.userWithPasskey('clone')
    const clone = authenticator.clone()
    expect((await t.signIn(authenticator)).status).toBe(200) // counter 1
    expect((await t.signIn(authenticator)).status).toBe(200) // counter 2
    expect(await t.signIn(clone)).toMatchObject({ status: 401, body: CLONED }) // 1 again
    expect(await t.signIn(clone)).toMatchObject({ status: 401, body: CLONED }) // 2: not past
    expect((await t.signIn(authenticator)).status).toBe(200) // 3
  })

  it('lets an authenticator that keeps no counter (0 every time, a synced passkey) sign in again and again', async () => {
    const { token } = await t.signUp('synced')
    const { authenticator, passkey } = await t.addPasskey(
      token,
      new SoftAuthenticator({ counterless: true, synced: true }),
    )
    expect(passkey).toMatchObject({ backedUp: true })
    for (let i = 0; i < 3; i++) expect((await t.signIn(authenticator)).status).toBe(200)
  })

  it('takes a cross-origin ceremony only from a page the project allows to embed the frame', async () => {
    const { authenticator } = await t.userWithPasskey('embedded')
    expect((await t.signIn(authenticator, { topOrigin: PAGE })).status).toBe(200)
    const framed = await t.signIn(authenticator, { topOrigin: 'https://evil.example' })
    expect(framed).toMatchObject(notVerified(/may not embed the wallet/))
  })

  it('refuses a signature by another key under the credential id', async () => {
    const { authenticator } = await t.userWithPasskey('forged')
    const forger = new SoftAuthenticator(
      {},
      {
        credentialId: authenticator.credentialId,
        ...generateKeyPairSync('ec', { namedCurve: 'P-256' }),
      },
    )
    forger.userHandle = authenticator.userHandle
    forger.counter = 100
    expect(await t.signIn(forger)).toMatchObject(notVerified(/signature/))
    expect((await t.signIn(authenticator)).status).toBe(200) // its counter was not moved
  })

  it("refuses an assertion whose user handle is not the credential's owner", async () => {
    const { authenticator } = await t.userWithPasskey('handle')
    authenticator.userHandle = Buffer.from('someone-else').toString('base64url')
    expect(await t.signIn(authenticator)).toMatchObject(notVerified(/user handle/))
  })

  it('counts every passkey POST as a sign-in attempt of the client address: 429 with Retry-After', async () => {
    let answer = await t.loginOptions()
    for (let i = 1; i <= AUTH_ATTEMPTS_PER_MINUTE && answer.status === 200; i++) {
      answer = await t.loginOptions()
    }
    expect(answer.status).toBe(429)
    expect(Number(answer.headers.get('Retry-After'))).toBeGreaterThan(0)
    expect((await t.loginVerify({})).status).toBe(429)
    t.clock.now += 61_000
    expect((await t.loginOptions()).status).toBe(200)
  })
})
