// Passkeys against the real server and database, with real WebAuthn data from a software
// authenticator (issue 30): a signed-in user adds passkeys, lists and removes them; a passkey
// signs in without mail to the same user, session kind and wallet as the email login; the last
// way into an account cannot be removed.
import { describe, expect, it } from 'vitest'
import { AUTH_PASSKEY_CHALLENGE_TTL_MS } from '../../constants/passkeys.ts'
import { DEMO_PROJECT_ID } from '../../constants.ts'
import { availableDatabases } from '../../testing/databases.ts'
import { FRAME, usePasskeyServer, WALLET } from './testing/passkeyServer.ts'
import { SoftAuthenticator } from './testing/softAuthenticator.ts'

const LAST_FACTOR = {
  message:
    'This passkey is the only way to sign in to this account. Add another passkey or sign-in method first.',
}
const UNKNOWN = {
  message: 'This passkey is not registered here. Sign in another way and add it in Account.',
}

describe.each(availableDatabases())('passkeys on $name', (database) => {
  const t = usePasskeyServer(database)

  it('adds a passkey after an email login, lists it, and signs in with it to the same user and wallet, with no mail', async () => {
    const { email, token } = await t.signUp('keyholder')
    expect((await t.call('PUT', '/auth/v1/wallet', { token, body: WALLET })).status).toBe(201)
    const keys = await t.call('GET', '/auth/v1/wallet', { token })
    expect(keys.status).toBe(200)

    const creation = await t.creationOptions(token)
    expect(creation).toMatchObject({
      rp: { id: '127.0.0.1' },
      user: { name: email },
      attestation: 'none',
      timeout: AUTH_PASSKEY_CHALLENGE_TTL_MS,
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    })
    const authenticator = new SoftAuthenticator({ aaguid: 'adce000235bcc60a648b0b25f1f05503' })
    const response = authenticator.register(
      { challenge: creation.challenge, rp: creation.rp ?? {}, user: creation.user },
      { origin: FRAME },
    )
    const added = await t.registrationVerify(token, response, 'My laptop')
    expect(added.status, JSON.stringify(added.body)).toBe(201)
    expect(added.body.passkey).toEqual({
      id: authenticator.id,
      name: 'My laptop',
      aaguid: 'adce0002-35bc-c60a-648b-0b25f1f05503',
      transports: ['internal', 'hybrid'],
      backedUp: false,
      createdAt: new Date(t.clock.now).toISOString(),
      lastUsedAt: null,
    })
    expect((await t.list(token)).body).toEqual({ passkeys: [added.body.passkey] })

    // Connect: "Continue with a passkey", no username (a discoverable credential), no mail
    const request = await t.requestOptions()
    expect(request).toMatchObject({ rpId: '127.0.0.1', userVerification: 'required' })
    expect(request.allowCredentials ?? []).toEqual([])
    const mailsBefore = t.capture.mails().length
    const signedIn = await t.loginVerify(
      authenticator.assert({ challenge: request.challenge }, { origin: FRAME }),
    )
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200)
    expect(signedIn.body.user).toMatchObject({ email, address: WALLET.address })
    expect(signedIn.body.token).not.toBe(token)
    expect(t.capture.mails().length).toBe(mailsBefore)

    // The same wrapping key and wallets as the email login's session: the frame restores the address
    const restored = await t.call('GET', '/auth/v1/wallet', { token: signedIn.body.token })
    expect(restored.body).toEqual(keys.body)
    const session = await t.call('GET', '/auth/v1/session', { token: signedIn.body.token })
    expect(session.body.user).toEqual(signedIn.body.user)
    const [listed] = (await t.list(signedIn.body.token)).body.passkeys
    expect(listed.lastUsedAt).toBe(new Date(t.clock.now).toISOString())
  })

  it('binds the passkey session to the frame key of its DPoP proof, and refuses a sign-in without one', async () => {
    const { authenticator } = await t.userWithPasskey('bound')
    const options = await t.requestOptions()
    const response = authenticator.assert({ challenge: options.challenge }, { origin: FRAME })
    const unproven = await t.call('POST', '/auth/v1/passkeys/login/verify', {
      body: { response },
      dpop: false,
    })
    expect(unproven.status).toBe(401)
    const signedIn = await t.signIn(authenticator)
    expect(signedIn.status).toBe(200)
    const { token } = signedIn.body
    expect((await t.call('GET', '/auth/v1/session', { token, scheme: 'Bearer' })).status).toBe(401)
  })

  it('keeps several passkeys per user; each signs in; a removed one no longer does', async () => {
    const { token, authenticator: first } = await t.userWithPasskey('several')
    const { authenticator: second } = await t.addPasskey(token)
    const listed = (await t.list(token)).body.passkeys.map((p: { id: string }) => p.id)
    expect(listed.sort()).toEqual([first.id, second.id].sort())
    // The same authenticator cannot be added twice: the options exclude it, and the server refuses
    const options = await t.creationOptions(token)
    expect(options.excludeCredentials?.map((c) => c.id).sort()).toEqual(
      [first.id, second.id].sort(),
    )
    const again = first.register(
      { challenge: options.challenge, rp: options.rp ?? {}, user: options.user },
      { origin: FRAME },
    )
    expect((await t.registrationVerify(token, again)).body).toEqual({
      message: 'This passkey is already registered',
    })
    for (const authenticator of [first, second]) {
      expect((await t.signIn(authenticator)).status).toBe(200)
    }

    expect((await t.remove(token, second.id)).status).toBe(204)
    expect((await t.list(token)).body.passkeys.map((p: { id: string }) => p.id)).toEqual([first.id])
    const refused = await t.signIn(second)
    expect(refused).toMatchObject({ status: 401, body: UNKNOWN })
    expect((await t.remove(token, second.id)).status).toBe(404)
  })

  it("never lists or removes another user's passkey", async () => {
    const alice = await t.userWithPasskey('alice')
    const bob = await t.signUp('bob')
    expect((await t.list(bob.token)).body).toEqual({ passkeys: [] })
    expect((await t.remove(bob.token, alice.authenticator.id)).body).toEqual({
      message: 'Passkey not found',
    })
    expect((await t.list(alice.token)).body.passkeys).toHaveLength(1)
    // And a signed-out caller gets nothing
    expect((await t.list('A'.repeat(43))).status).toBe(401)
    expect((await t.registrationOptions('A'.repeat(43))).status).toBe(401)
  })

  it('refuses to remove the last way into an account: an email login and a social account count, each passkey counts', async () => {
    // An email login is a way in: its only passkey may go
    const withEmail = await t.userWithPasskey('email')
    expect((await t.remove(withEmail.token, withEmail.authenticator.id)).status).toBe(204)
    expect((await t.list(withEmail.token)).body).toEqual({ passkeys: [] })

    const { email, token, authenticator: first } = await t.userWithPasskey('last')
    const { authenticator: second } = await t.addPasskey(token)
    const db = t.service.server.db
    // No route removes an email login today: an account that signs in by passkey only is made here
    await db.updateTable('auth_users').set({ email: null }).where('email', '=', email).execute()
    expect((await t.remove(token, first.id)).status).toBe(204)
    expect(await t.remove(token, second.id)).toMatchObject({ status: 409, body: LAST_FACTOR })
    expect((await t.signIn(second)).status).toBe(200)

    // A social account is a way in: the passkey may go
    const user = await db
      .selectFrom('auth_passkeys')
      .select('user_id')
      .where('credential_id', '=', second.id)
      .executeTakeFirstOrThrow()
    const at = new Date(t.clock.now)
    await db
      .insertInto('auth_social_identities')
      .values({
        project_id: DEMO_PROJECT_ID,
        provider: 'github',
        sub: `gh-${user.user_id}`,
        user_id: user.user_id,
        email: null,
        user_name: 'octo',
        created_at: at,
        updated_at: at,
      })
      .execute()
    expect((await t.remove(token, second.id)).status).toBe(204)
  })

  it('documents the passkey routes in the OpenAPI document', async () => {
    const document = await (await t.service.request('/openapi.json')).json()
    const paths = document.paths as Record<string, Record<string, { security?: unknown }>>
    for (const [path, method, signedIn] of [
      ['/auth/v1/passkeys/registration/options', 'post', true],
      ['/auth/v1/passkeys/registration/verify', 'post', true],
      ['/auth/v1/passkeys/login/options', 'post', false],
      ['/auth/v1/passkeys/login/verify', 'post', false],
      ['/auth/v1/passkeys', 'get', true],
      ['/auth/v1/passkeys/{credentialId}', 'delete', true],
    ] as const) {
      const operation = paths[path]?.[method]
      expect(operation, `${method} ${path}`).toBeDefined()
      expect(operation?.security !== undefined, `${method} ${path}`).toBe(signedIn)
    }
  })
})
