// Sessions (issue 18 #9), the frame's side, against the real auth server (PGlite) with its mails
// going over SMTP to the devnet's capture: sign out everywhere, and the wrapping-key rotation
// with the frame's own WebCrypto (keys.ts, solanaKey.ts). Node environment, as integration.server.test.ts.
import { createRequire } from 'node:module'
import { type CapturedMail, startMailCapture } from '@latchkey/devnet'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  availableDatabases,
  startTestServer,
  type TestServer,
} from '../../../server/src/testing/databases.ts'
import { approvalLinkOf, approveByLink } from '../../../server/src/testing/emailLogin.ts'
import { ApiError } from './apiError.ts'
import { decryptPrivateKey, type EncryptedWallet, importWrappingKey, KeyError } from './keys.ts'
import { reencrypt } from './rotation.ts'
import { decryptSolanaSeed, solanaAddressOf } from './solanaKey.ts'
import { createHarness, failure, type Harness, HOST, MemoryStorage, ok } from './testing/harness.ts'
import { NOT_CONNECTED } from './wallet.ts'

type MailCapture = Awaited<ReturnType<typeof startMailCapture>>

// jsdom ships no types; this is all the test needs of it.
const { JSDOM } = createRequire(import.meta.url)('jsdom') as {
  JSDOM: new (html: string) => { window: { document: Document } }
}

const PROJECT = 'c4b1e7d2a9f04e6b8d3a5f1e2c7b9a60'
const DAY = 24 * 3_600_000

const database = availableDatabases()[0]
if (!database) throw new Error('no database')

describe('sessions: the frame with the real auth server', () => {
  let service: TestServer
  let capture: MailCapture
  const read = new Set<string>()
  let emails = 0
  const newEmail = () => `sessions${++emails}-${Date.now()}@example.org`

  beforeAll(async () => {
    capture = await startMailCapture({ port: 0 })
    service = await startTestServer(database, {
      projectId: PROJECT,
      mail: { host: capture.host, port: capture.port },
      mailInbox: capture,
      mode: 'development',
      allowedOrigins: [HOST],
      rateLimit: { perAddress: { limit: 1_000_000, windowMs: 10_000 } },
    })
  })
  afterAll(async () => {
    await service?.stop()
    await capture?.stop()
  })

  async function nextMail(to: string): Promise<CapturedMail> {
    const mail = await capture.waitForMail(to, (m) => !read.has(m.id), 10_000)
    read.add(mail.id)
    return mail
  }
  const otpOf = (mail: CapturedMail) => /^(\d{6})$/m.exec(mail.text)?.[1] ?? ''

  function frame(storage = new MemoryStorage()) {
    return createHarness({
      document: new JSDOM('<!doctype html><html><body></body></html>').window.document,
      apiUrl: service.server.url,
      storage,
      search: `?projectId=${PROJECT}&chainId=31337&rpcUrl=http://127.0.0.1:1`,
    })
  }

  /** Signs `email` in; a device new to it is approved from the mail first. */
  async function signIn(h: Harness, email: string) {
    // The server's clock is the frame's (its DPoP proofs carry the time): ages are set in the
    // database instead, here the 30 s email cooldown.
    await service.server.db.deleteFrom('auth_cooldowns').where('email', '=', email).execute()
    const { action } = ok(await h.send('APP_CONNECT_EMAIL', { email }))
    if (action === 'VERIFY_DEVICE') {
      expect((await approveByLink(approvalLinkOf(await nextMail(email)))).status).toBe(200)
      expect(ok(await h.send('APP_CONNECT_DEVICE', {}))).toEqual({})
    }
    expect(ok(await h.send('APP_CONNECT_OTP', { otp: otpOf(await nextMail(email)) }))).toEqual({})
    return ok(await h.send('APP_GET_USER', {})) as { address: string; solanaAddress: string }
  }

  async function userIdOf(address: string) {
    const row = await service.server.db
      .selectFrom('auth_wallets')
      .select('user_id')
      .where('address', 'ilike', address)
      .executeTakeFirstOrThrow()
    return row.user_id
  }

  /** Sets the time the user's wrapping key was made, or its pending rotation ends. */
  async function age(address: string, set: { created_at?: Date; pending_expires_at?: Date }) {
    await service.server.db
      .updateTable('auth_wrapping_keys')
      .set(set)
      .where('user_id', '=', await userIdOf(address))
      .execute()
  }

  /** What the server holds for the user of `address`: its wrapping key and wallets. */
  async function held(address: string) {
    const db = service.server.db
    const user_id = await userIdOf(address)
    const key = await db
      .selectFrom('auth_wrapping_keys')
      .select(['wrapping_key', 'pending_key'])
      .where('user_id', '=', user_id)
      .executeTakeFirstOrThrow()
    const rows = await db
      .selectFrom('auth_wallets')
      .select(['namespace', 'address', 'iv', 'ciphertext'])
      .where('user_id', '=', user_id)
      .execute()
    const wallets = Object.fromEntries(rows.map(({ namespace, ...w }) => [namespace, w])) as {
      eip155: EncryptedWallet
      solana: EncryptedWallet
    }
    return { wrappingKey: key.wrapping_key, pendingKey: key.pending_key, wallets }
  }

  /** The addresses the wallets open to under `wrappingKey`; KeyError when they do not open. */
  async function openWith(
    wrappingKey: string,
    wallets: { eip155: EncryptedWallet; solana: EncryptedWallet },
  ) {
    const key = await importWrappingKey(wrappingKey)
    const privateKey = await decryptPrivateKey(key, wallets.eip155)
    const seed = await decryptSolanaSeed(key, wallets.solana)
    return { evm: privateKey.length === 66, solana: await solanaAddressOf(seed) }
  }

  it('rotates the wrapping key at the first sign-in after 90 days: the old key opens nothing, the addresses stay', async () => {
    const email = newEmail()
    const h = await frame()
    const user = await signIn(h, email)
    const before = await held(user.address)
    expect(await openWith(before.wrappingKey, before.wallets)).toEqual({
      evm: true,
      solana: user.solanaAddress,
    })

    // A sign-in within 90 days keeps the key
    ok(await h.send('APP_SIGN_OUT', {}))
    await signIn(h, email)
    expect((await held(user.address)).wrappingKey).toBe(before.wrappingKey)

    await age(user.address, { created_at: new Date(Date.now() - 91 * DAY) })
    ok(await h.send('APP_SIGN_OUT', {}))
    expect(await signIn(h, email)).toMatchObject(user)
    const after = await held(user.address)
    expect(after.wrappingKey).not.toBe(before.wrappingKey)
    expect(after.pendingKey).toBeNull()
    expect(after.wallets.eip155.address).toBe(before.wallets.eip155.address)
    expect(after.wallets.solana.address).toBe(before.wallets.solana.address)
    expect(after.wallets.eip155.ciphertext).not.toBe(before.wallets.eip155.ciphertext)
    expect(await openWith(after.wrappingKey, after.wallets)).toEqual({
      evm: true,
      solana: user.solanaAddress,
    })
    await expect(openWith(before.wrappingKey, after.wallets)).rejects.toBeInstanceOf(KeyError)
    // The blobs at rest in the frame are the new ones; a reload unlocks the same wallets
    expect(JSON.parse(h.storage.getItem(`latchkey-frame:wallet:${PROJECT}`) ?? '')).toEqual(
      after.wallets.eip155,
    )
    // The next sign-in opens the wallets under the new key
    ok(await h.send('APP_SIGN_OUT', {}))
    expect(await signIn(h, email)).toMatchObject(user)
  })

  it('an interrupted rotation leaves the old key and wallets in use; its late commit is refused', async () => {
    const email = newEmail()
    const h = await frame()
    const user = await signIn(h, email)
    const before = await held(user.address)
    // The frame gets the new key and re-encrypts, then stops before the commit
    const started = h.wallet.token() ?? ''
    const pending = await h.api.startRotation(started)
    const wallets = await reencrypt(await h.api.wallet(started), pending)
    const during = await held(user.address)
    expect(during.wrappingKey).toBe(before.wrappingKey)
    expect(during.pendingKey).toBe(pending.wrappingKey)
    expect(during.wallets).toEqual(before.wallets)
    // The next sign-in opens the wallets with the old key
    ok(await h.send('APP_SIGN_OUT', {}))
    expect(await signIn(h, email)).toMatchObject(user)
    const token = h.wallet.token() ?? ''
    expect(await openWith(before.wrappingKey, before.wallets)).toEqual({
      evm: true,
      solana: user.solanaAddress,
    })

    // A commit missing a wallet, then one after its 10 minutes, change nothing
    const commit = (list: typeof wallets) =>
      h.api.commitRotation(token, { rotationId: pending.rotationId, wallets: list }).then(
        () => 204,
        (error: unknown) => (error instanceof ApiError ? error.status : error),
      )
    expect(await commit(wallets.slice(0, 1))).toBe(409)
    await age(user.address, { pending_expires_at: new Date(Date.now() - 1) })
    expect(await commit(wallets)).toBe(409)
    expect(await held(user.address)).toMatchObject({
      wrappingKey: before.wrappingKey,
      wallets: before.wallets,
    })
    ok(await h.send('APP_SIGN_OUT', {}))
    expect(await signIn(h, email)).toMatchObject(user)
  })

  it('signs out everywhere: every frame of the user is signed out and the wrapping key rotated', async () => {
    const email = newEmail()
    const first = await frame()
    const user = await signIn(first, email)
    const second = await frame()
    expect(await signIn(second, email)).toMatchObject(user)
    const before = await held(user.address)

    expect(ok(await first.send('APP_SIGN_OUT_EVERYWHERE', {}))).toEqual({})
    expect([...first.storage.map.keys()]).toEqual(['latchkey-frame:deviceId'])
    expect(ok(await first.send('APP_IS_CONNECTED', {}))).toEqual({ isConnected: false })
    expect(failure(await second.send('APP_GET_USER', {})).message).toBe(NOT_CONNECTED)
    expect(failure(await first.send('APP_SIGN_OUT_EVERYWHERE', {})).message).toBe(NOT_CONNECTED)
    const after = await held(user.address)
    expect(after.wrappingKey).not.toBe(before.wrappingKey)
    await expect(openWith(before.wrappingKey, after.wallets)).rejects.toBeInstanceOf(KeyError)

    // Signing in again finds the same wallets under the new key
    expect(await signIn(second, email)).toMatchObject(user)
  })
})
