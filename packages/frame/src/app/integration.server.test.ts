// The frame against the real auth server (packages/server, PGlite) with its mails going over
// SMTP to the devnet's capture, and its social logins going to the devnet's local OpenID provider:
// the whole login, key and session story of the brief, with the server's own texts. Node
// environment (the server does not run under jsdom); the frame gets a jsdom document of its own.

import { createRequire } from 'node:module'
import {
  type CapturedMail,
  type OidcProvider,
  signInWithOidc,
  startMailCapture,
  startOidcProvider,
} from '@latchkey/devnet'
import { getPublicKeyFromAddress, address as solanaAddressOf, verifySignature } from '@solana/kit'
import { verifyMessage } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { socialFromIssuer } from '../../../server/src/auth/socialProviders.ts'
import {
  availableDatabases,
  startTestServer,
  type TestServer,
} from '../../../server/src/testing/databases.ts'
import { approvalLinkOf, approveByLink } from '../../../server/src/testing/emailLogin.ts'
import { CHANNEL, PROTOCOL_VERSION } from '../protocol/messages.ts'
import { base58Decode, base58Encode } from './base58.ts'
import { createProver } from './dpop.ts'
import { SOCIAL_CONNECT_FAILED, SOCIAL_START_FAILED } from './errors.ts'
import { createHarness, type Harness, HOST, MemoryStorage } from './testing/harness.ts'
import { NOT_CONNECTED } from './wallet.ts'

type MailCapture = Awaited<ReturnType<typeof startMailCapture>>

// jsdom ships no types; this is all the test needs of it.
const { JSDOM } = createRequire(import.meta.url)('jsdom') as {
  JSDOM: new (html: string) => { window: { document: Document } }
}

const PROJECT = 'c4b1e7d2a9f04e6b8d3a5f1e2c7b9a60'

function ok(reply: Awaited<ReturnType<Harness['send']>>) {
  if (!reply?.message.type.endsWith('_SUCCESS')) {
    throw new Error(`expected success, got ${JSON.stringify(reply?.message)}`)
  }
  return reply.message.payload as Record<string, unknown>
}
function failure(reply: Awaited<ReturnType<Harness['send']>>) {
  if (!reply?.message.type.endsWith('_ERROR')) {
    throw new Error(`expected an error, got ${JSON.stringify(reply?.message)}`)
  }
  return reply.message.payload as { message: string; code?: number }
}

const database = availableDatabases()[0]
if (!database) throw new Error('no database')

describe('the frame with the real auth server', () => {
  let service: TestServer
  let capture: MailCapture
  let oidc: OidcProvider
  const read = new Set<string>()
  /**
   * Added to the server's clock (real time: the frame's DPoP proofs are), to move it past the
   * 30 s email cooldown where a test needs it
   */
  let skew = 0
  let emails = 0
  const newEmail = () => `frame${++emails}-${Date.now()}@example.org`

  async function nextMail(to: string): Promise<CapturedMail> {
    const mail = await capture.waitForMail(to, (m) => !read.has(m.id), 10_000)
    read.add(mail.id)
    return mail
  }
  const otpOf = (mail: CapturedMail) => /^(\d{6})$/m.exec(mail.text)?.[1] ?? ''

  async function frame(storage = new MemoryStorage()) {
    return createHarness({
      document: new JSDOM('<!doctype html><html><body></body></html>').window.document,
      apiUrl: service.server.url,
      storage,
      search: `?projectId=${PROJECT}&chainId=31337&rpcUrl=http://127.0.0.1:1`,
    })
  }

  /** Starts a login of a device new to `email` and approves it from the mail, as its owner. */
  async function approvedStart(h: Harness, email: string) {
    expect(ok(await h.send('APP_CONNECT_EMAIL', { email }))).toEqual({ action: 'VERIFY_DEVICE' })
    const approval = await nextMail(email)
    expect(approval.subject).toBe('Approve your new device')
    expect((await approveByLink(approvalLinkOf(approval))).status).toBe(200)
    expect(ok(await h.send('APP_CONNECT_DEVICE', {}))).toEqual({})
  }

  /** A first login: every device new to an email is approved from the mail, then the code. */
  async function signIn(h: Harness, email: string) {
    await approvedStart(h, email)
    const mail = await nextMail(email)
    expect(mail.subject).toBe('Your sign-in code')
    expect(ok(await h.send('APP_CONNECT_OTP', { otp: otpOf(mail) }))).toEqual({})
  }

  beforeAll(async () => {
    capture = await startMailCapture({ port: 0 })
    oidc = await startOidcProvider({ port: 0 })
    // Every provider but apple, which is left unconfigured
    const { apple: _apple, ...providers } = socialFromIssuer(oidc.issuer).providers
    service = await startTestServer(database, {
      projectId: PROJECT,
      mail: { host: capture.host, port: capture.port },
      mailInbox: capture,
      mode: 'development',
      allowedOrigins: [HOST],
      rateLimit: { perAddress: { limit: 1_000_000, windowMs: 10_000 } },
      // (the id_tokens' times are real ones; the 31 s the cooldown tests add stay within them)
      now: () => Date.now() + skew,
      social: { providers },
    })
  })
  afterAll(async () => {
    await service?.stop()
    await capture?.stop()
    await oidc?.stop()
  })

  /**
   * GET /auth/v1/wallet as the frame of `storage` asks: the session with a proof by the key pair
   * in that origin's IndexedDB; with `stolen`, the token alone.
   */
  function walletRequest(token: string, storage: MemoryStorage, stolen = false) {
    const path = '/auth/v1/wallet'
    const prover = createProver({ indexedDB: storage.indexedDB })
    return (
      stolen ? Promise.resolve(undefined) : prover.proof('GET', service.server.url + path)
    ).then((proof) =>
      service.request(`${path}?projectId=${PROJECT}`, {
        headers: {
          Authorization: `${stolen ? 'Bearer' : 'DPoP'} ${token}`,
          ...(proof && { DPoP: proof }),
        },
      }),
    )
  }

  /** The server's wallets of a session, as GET /auth/v1/wallet answers them. */
  async function serverWallets(token: string, storage: MemoryStorage) {
    const response = await walletRequest(token, storage)
    return (await response.json()) as {
      wallet: { address: string }
      wallets: { eip155?: { address: string }; solana?: { address: string } }
    }
  }

  /** A Solana message signature through the frame's approval, checked with @solana/kit. */
  async function solanaSignatureVerifies(h: Harness, signer: string) {
    const message = new TextEncoder().encode(`hello from ${signer.slice(0, 8)}`)
    const pending = h.send('APP_RPC_REQUEST', {
      method: 'solana_signMessage',
      params: { message: base58Encode(message), pubkey: signer },
      chainNamespace: 'solana',
    })
    await h.approvalShown()
    h.button('approve').click()
    const { result } = ok(await pending) as { result: { signature: string } }
    const publicKey = await getPublicKeyFromAddress(solanaAddressOf(signer))
    return verifySignature(publicKey, base58Decode(result.signature) as never, message)
  }

  it('loads the origins from the server and says FRAME_READY to the allowed page only', async () => {
    const h = await frame()
    expect(h.posted).toEqual([
      {
        message: { channel: CHANNEL, type: 'FRAME_READY', payload: { version: PROTOCOL_VERSION } },
        targetOrigin: HOST,
      },
    ])
  })

  it('signs in, creates and uploads the wallet, survives a reload, signs, signs out', async () => {
    const email = newEmail()
    const h = await frame()
    await signIn(h, email)
    const user = ok(await h.send('APP_GET_USER', {}))
    expect(user).toMatchObject({
      email,
      chainId: 31337,
      userName: null,
      preferredAccountType: 'eoa',
      smartAccountDeployed: false,
    })
    const address = user.address as `0x${string}`
    const solanaAddress = user.solanaAddress as string
    expect(user.accounts).toEqual([
      { address, type: 'EOA', namespace: 'eip155' },
      { address: solanaAddress, type: 'EOA', namespace: 'solana' },
    ])

    // the server has the encrypted wallets and the addresses, never a key
    const token = h.wallet.token() ?? ''
    const stored = await serverWallets(token, h.storage)
    expect(stored.wallet.address.toLowerCase()).toBe(address.toLowerCase())
    expect(stored.wallets.eip155?.address.toLowerCase()).toBe(address.toLowerCase())
    expect(stored.wallets.solana?.address).toBe(solanaAddress)

    // the token alone, lifted from the frame's storage, gets nothing (SECURITY.md "Proof of possession")
    const stolen = await walletRequest(token, h.storage, true)
    expect(stolen.status).toBe(401)
    expect(await stolen.json()).toEqual({
      message:
        "A proof of possession is required: send 'Authorization: DPoP <token>' and a DPoP proof",
    })

    // a reload: the keys come back from the stored token
    const again = await frame(h.storage)
    expect(ok(await again.send('APP_IS_CONNECTED', {}))).toEqual({ isConnected: true })
    expect(ok(await again.send('APP_GET_USER', {}))).toMatchObject({ address, solanaAddress })
    expect(await solanaSignatureVerifies(again, solanaAddress)).toBe(true)
    const signing = again.send('APP_RPC_REQUEST', {
      method: 'personal_sign',
      params: ['0x6869', address],
    })
    await again.approvalShown()
    again.button('approve').click()
    const { result } = ok(await signing) as { result: `0x${string}` }
    expect(await verifyMessage({ address, message: 'hi', signature: result })).toBe(true)

    // the same email again: CONNECT, no mail
    const before = capture.mails().length
    expect(ok(await again.send('APP_CONNECT_EMAIL', { email }))).toEqual({ action: 'CONNECT' })
    expect(capture.mails()).toHaveLength(before)

    expect(ok(await again.send('APP_SIGN_OUT', {}))).toEqual({})
    const ended = await walletRequest(token, again.storage)
    expect(ended.status).toBe(401)
    expect(failure(await again.send('APP_GET_USER', {})).message).toBe(NOT_CONNECTED)
    expect([...again.storage.map.keys()]).toEqual(['latchkey-frame:deviceId'])
  })

  it('a new device waits for the approval link, then gets the same wallet', async () => {
    const email = newEmail()
    const first = await frame()
    await signIn(first, email)
    const address = ok(await first.send('APP_GET_USER', {})).address

    const device = await frame()
    skew += 31_000
    const started = await device.send('APP_CONNECT_EMAIL', { email })
    expect(ok(started)).toEqual({ action: 'VERIFY_DEVICE' })
    const approval = await nextMail(email)
    expect(approval.subject).toBe('Approve your new device')
    const link = /^(http\S+)$/m.exec(approval.text)?.[1] ?? ''
    const polling = device.send('APP_CONNECT_DEVICE', {})
    await new Promise((r) => setTimeout(r, 1_500))
    // Opening the link only shows its page; the page's Approve button approves
    expect((await approveByLink(link)).status).toBe(200)
    expect(ok(await polling)).toEqual({})
    const code = await nextMail(email)
    expect(ok(await device.send('APP_CONNECT_OTP', { otp: otpOf(code) }))).toEqual({})
    expect(ok(await device.send('APP_GET_USER', {})).address).toBe(address)
  })

  it("passes the server's texts through: invalid email, cooldown, wrong code", async () => {
    const h = await frame()
    expect(failure(await h.send('APP_CONNECT_EMAIL', { email: 'nope' })).message).toBe(
      'Please enter a valid email address',
    )
    const email = newEmail()
    ok(await h.send('APP_CONNECT_EMAIL', { email }))
    const approval = await nextMail(email)
    expect(failure(await h.send('APP_CONNECT_EMAIL', { email })).message).toMatch(
      /^Please try again after \d+ seconds$/,
    )
    expect((await approveByLink(approvalLinkOf(approval))).status).toBe(200)
    ok(await h.send('APP_CONNECT_DEVICE', {}))
    await nextMail(email)
    expect(failure(await h.send('APP_CONNECT_OTP', { otp: '0000000' })).message).toBe(
      'Invalid code',
    )
  })

  it('changes the email: code to the old address, then to the new one', async () => {
    const email = newEmail()
    const next = newEmail()
    const h = await frame()
    await signIn(h, email)
    expect(ok(await h.send('APP_UPDATE_EMAIL', { email: next }))).toEqual({
      action: 'VERIFY_PRIMARY_OTP',
    })
    const primary = await nextMail(email)
    expect(ok(await h.send('APP_UPDATE_EMAIL_PRIMARY_OTP', { otp: otpOf(primary) }))).toEqual({
      action: 'VERIFY_SECONDARY_OTP',
    })
    const secondary = await nextMail(next)
    expect(ok(await h.send('APP_UPDATE_EMAIL_SECONDARY_OTP', { otp: otpOf(secondary) }))).toEqual({
      email: next,
    })
    expect(ok(await h.send('APP_GET_USER', {})).email).toBe(next)
    ok(await h.send('APP_SWITCH_NETWORK', { chainId: 31338 }))
    ok(await h.send('APP_SET_PREFERRED_ACCOUNT', { type: 'eoa' }))
  })

  describe('social login through the local OpenID provider', () => {
    let logins = 0
    const newLogin = () => `octo${++logins}x${Date.now().toString(36)}`

    async function popup(h: Harness, provider: string, login: string, cancel = false) {
      const { uri } = ok(await h.send('APP_GET_SOCIAL_REDIRECT_URI', { provider })) as {
        uri: string
      }
      expect(new URL(uri).origin).toBe(oidc.issuer)
      expect(new URL(uri).searchParams.get('redirect_uri')).toBe(`${HOST}/`)
      return signInWithOidc(uri, { login, cancel })
    }

    it('signs in, makes both keys, survives a reload, and finds them on another device', async () => {
      const login = newLogin()
      const h = await frame()
      const back = await popup(h, 'github', login)
      expect(new URL(back).origin).toBe(HOST)
      const user = ok(await h.send('APP_CONNECT_SOCIAL', { uri: back }))
      expect(user).toMatchObject({
        email: `${login}@github.example`,
        userName: login,
        socialProvider: 'github',
        chainId: 31337,
        preferredAccountType: 'eoa',
        smartAccountDeployed: false,
      })
      const address = user.address as `0x${string}`
      const solanaAddress = user.solanaAddress as string
      expect(user.accounts).toEqual([
        { address, type: 'EOA', namespace: 'eip155' },
        { address: solanaAddress, type: 'EOA', namespace: 'solana' },
      ])
      const stored = await serverWallets(h.wallet.token() ?? '', h.storage)
      expect(stored.wallets.eip155?.address.toLowerCase()).toBe(address.toLowerCase())
      expect(stored.wallets.solana?.address).toBe(solanaAddress)
      expect(ok(await h.send('APP_GET_USER', {}))).toEqual(user)

      const reloaded = await frame(h.storage)
      expect(ok(await reloaded.send('APP_IS_CONNECTED', {}))).toEqual({ isConnected: true })
      expect(ok(await reloaded.send('APP_GET_USER', {}))).toEqual(user)
      const signing = reloaded.send('APP_RPC_REQUEST', {
        method: 'personal_sign',
        params: ['0x6869', address],
      })
      await reloaded.approvalShown()
      reloaded.button('approve').click()
      const { result } = ok(await signing) as { result: `0x${string}` }
      expect(await verifyMessage({ address, message: 'hi', signature: result })).toBe(true)
      expect(await solanaSignatureVerifies(reloaded, solanaAddress)).toBe(true)

      const device = await frame()
      const again = ok(
        await device.send('APP_CONNECT_SOCIAL', { uri: await popup(device, 'github', login) }),
      )
      expect(again).toMatchObject({ address, solanaAddress, socialProvider: 'github' })

      // the same name at another provider is another user
      const google = await frame()
      const other = ok(
        await google.send('APP_CONNECT_SOCIAL', { uri: await popup(google, 'google', login) }),
      )
      expect(other.address).not.toBe(address)
      expect(other.solanaAddress).not.toBe(solanaAddress)
    })

    it("answers the spec's texts: unconfigured provider, cancelled, reused or foreign URL", async () => {
      const h = await frame()
      expect(failure(await h.send('APP_GET_SOCIAL_REDIRECT_URI', { provider: 'apple' }))).toEqual({
        message: SOCIAL_START_FAILED,
      })
      const cancelled = await popup(h, 'discord', newLogin(), true)
      expect(new URL(cancelled).searchParams.get('error')).toBe('access_denied')
      expect(failure(await h.send('APP_CONNECT_SOCIAL', { uri: cancelled }))).toEqual({
        message: SOCIAL_CONNECT_FAILED,
      })
      const back = await popup(h, 'x', newLogin())
      const elsewhere = new URL(back)
      elsewhere.port = '5999'
      expect(failure(await h.send('APP_CONNECT_SOCIAL', { uri: elsewhere.href }))).toEqual({
        message: SOCIAL_CONNECT_FAILED,
      })
      ok(await h.send('APP_CONNECT_SOCIAL', { uri: back }))
      expect(failure(await h.send('APP_CONNECT_SOCIAL', { uri: back }))).toEqual({
        message: SOCIAL_CONNECT_FAILED,
      })
    })
  })
})
