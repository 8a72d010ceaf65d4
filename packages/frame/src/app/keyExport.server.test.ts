// Key export (issue 30), the frame's side, against the real auth server: the card's warning, the
// server's record, the key masked until Reveal is held, and a key that wallets we did not write
// (viem's account, @solana/kit's key pair) import to the same addresses. The page hears only
// that the card closed. Node environment with jsdom documents, as sessions.server.test.ts.
import { createRequire } from 'node:module'
import { startMailCapture } from '@latchkey/devnet'
import { createKeyPairFromBytes, getAddressFromPublicKey, getBase58Encoder } from '@solana/kit'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  availableDatabases,
  startTestServer,
  type TestServer,
} from '../../../server/src/testing/databases.ts'
import { approvalLinkOf, approveByLink } from '../../../server/src/testing/emailLogin.ts'
import { createHarness, failure, type Harness, HOST, ok, type Posted } from './testing/harness.ts'
import { ENGLISH } from './texts.ts'

const { JSDOM } = createRequire(import.meta.url)('jsdom') as {
  JSDOM: new (html: string) => { window: { document: Document } }
}
const PROJECT = 'c4b1e7d2a9f04e6b8d3a5f1e2c7b9a60'
const STALE = 'For your safety, showing your key needs a sign-in or a code from the last 5 minutes.'

const database = availableDatabases()[0]
if (!database) throw new Error('no database')

describe('key export: the frame with the real auth server', () => {
  let service: TestServer
  let capture: Awaited<ReturnType<typeof startMailCapture>>
  let emails = 0

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

  const read = new Set<string>()
  const nextMail = async (to: string) => {
    const mail = await capture.waitForMail(to, (m) => !read.has(m.id), 10_000)
    read.add(mail.id)
    return mail
  }

  /** A frame signed in with a new email (its device approved from the mail first) */
  async function signedIn() {
    const email = `export${++emails}-${Date.now()}@example.org`
    const h = await createHarness({
      document: new JSDOM('<!doctype html><html><body></body></html>').window.document,
      apiUrl: service.server.url,
      search: `?projectId=${PROJECT}&chainId=31337&rpcUrl=http://127.0.0.1:1`,
    })
    const { action } = ok(await h.send('APP_CONNECT_EMAIL', { email }))
    if (action === 'VERIFY_DEVICE') {
      expect((await approveByLink(approvalLinkOf(await nextMail(email)))).status).toBe(200)
      ok(await h.send('APP_CONNECT_DEVICE', {}))
    }
    const otp = /^(\d{6})$/m.exec((await nextMail(email)).text)?.[1] ?? ''
    ok(await h.send('APP_CONNECT_OTP', { otp }))
    const user = ok(await h.send('APP_GET_USER', {})) as { address: string; solanaAddress: string }
    return { h, email, user }
  }

  const view = (h: Harness) => {
    if (!h.doc.defaultView) throw new Error('a document without a window')
    return h.doc.defaultView
  }
  const part = (h: Harness, id: string) => {
    const testId = id ? `frame-export-${id}` : 'frame-export'
    const node = h.doc.querySelector<HTMLElement>(`[data-testid="${testId}"]`)
    if (!node) throw new Error(`no ${testId}`)
    return node
  }
  const press = (h: Harness, id: string, type: string) =>
    part(h, id).dispatchEvent(new (view(h).Event)(type, { bubbles: true }))

  /** Starts an export and waits for its card; `reply` settles once the card closed */
  async function startExport(h: Harness, namespace: 'eip155' | 'solana') {
    const reply = h.send('APP_EXPORT_KEY', { namespace })
    await expect.poll(() => part(h, '').closest<HTMLElement>('.lk-approval')?.hidden).toBe(false)
    return { reply }
  }

  /** Confirms the warning and presses Show key; answers the key read while Reveal is held */
  async function confirmAndReveal(h: Harness) {
    // Show key does nothing until the warning is confirmed
    part(h, 'show').click()
    expect(part(h, 'key').hidden).toBe(true)
    expect(part(h, 'show').getAttribute('aria-disabled')).toBe('true')
    const box = part(h, 'understand') as HTMLInputElement
    box.checked = true
    press(h, 'understand', 'change')
    part(h, 'show').click()
    await expect.poll(() => part(h, 'key').hidden).toBe(false)
    expect(part(h, 'key').textContent).toBe('•'.repeat(24))
    press(h, 'reveal', 'pointerdown')
    const key = part(h, 'key').textContent ?? ''
    press(h, 'reveal', 'pointerup')
    expect(part(h, 'key').textContent).toBe('•'.repeat(24))
    return key
  }

  /** The user's sessions signed in 6 minutes ago */
  async function age(address: string) {
    const db = service.server.db
    await db
      .updateTable('auth_sessions')
      .set({ created_at: new Date(Date.now() - 6 * 60_000) })
      .where(
        'user_id',
        'in',
        db.selectFrom('auth_wallets').select('user_id').where('address', '=', address),
      )
      .execute()
  }

  const carries = (posted: Posted[], secret: string) =>
    posted.some((p) => JSON.stringify(p.message).includes(secret))

  it('shows the EVM key after the warning, recorded and mailed; viem imports it to the same address; the page hears only {}', async () => {
    const { h, email, user } = await signedIn()
    const { reply } = await startExport(h, 'eip155')
    const key = await confirmAndReveal(h)
    expect(key).toMatch(/^0x[0-9a-f]{64}$/)
    expect(privateKeyToAccount(key as `0x${string}`).address).toBe(user.address)
    part(h, 'done').click()
    expect(ok(await reply)).toEqual({})
    expect(carries(h.posted, key.slice(2))).toBe(false)
    expect(h.doc.body.textContent).not.toContain(key.slice(2))
    const mail = await nextMail(email)
    expect(mail.subject).toBe('Your wallet key was exported')
    expect(mail.text).toContain(user.address)
  })

  it('shows the Solana key as base58 of its 64 bytes, which @solana/kit opens to the same address', async () => {
    const { h, user } = await signedIn()
    const { reply } = await startExport(h, 'solana')
    const secret = await confirmAndReveal(h)
    const bytes = getBase58Encoder().encode(secret)
    expect(bytes).toHaveLength(64)
    const pair = await createKeyPairFromBytes(new Uint8Array(bytes))
    expect(await getAddressFromPublicKey(pair.publicKey)).toBe(user.solanaAddress)
    part(h, 'done').click()
    expect(ok(await reply)).toEqual({})
    expect(carries(h.posted, secret)).toBe(false)
  })

  it('a sign-in older than 5 minutes: the card asks for a code from the email, then shows the key', async () => {
    const { h, email, user } = await signedIn()
    await age(user.address)
    const { reply } = await startExport(h, 'eip155')
    const box = part(h, 'understand') as HTMLInputElement
    box.checked = true
    press(h, 'understand', 'change')
    part(h, 'show').click()
    await expect.poll(() => part(h, 'status').textContent).toBe(STALE)
    expect([part(h, 'key').hidden, part(h, 'send-code').hidden]).toEqual([true, false])
    part(h, 'send-code').click()
    await expect.poll(() => part(h, 'code').hidden).toBe(false)
    const mail = await nextMail(email)
    expect(mail.subject).toBe('Confirm it is you')
    const code = part(h, 'code') as HTMLInputElement
    code.value = '12'
    part(h, 'confirm-code').click()
    await expect.poll(() => part(h, 'status').textContent).toBe('Enter the code from the email')
    code.value = /^(\d{6})$/m.exec(mail.text)?.[1] ?? ''
    part(h, 'confirm-code').click()
    await expect.poll(() => part(h, 'key').hidden).toBe(false)
    press(h, 'reveal', 'pointerdown')
    const key = part(h, 'key').textContent ?? ''
    press(h, 'reveal', 'pointerup')
    expect(privateKeyToAccount(key as `0x${string}`).address).toBe(user.address)
    part(h, 'done').click()
    expect(ok(await reply)).toEqual({})
  })

  it('a sign-in older than 5 minutes: the card says so and shows no key; Cancel answers 4001', async () => {
    const { h, user } = await signedIn()
    await age(user.address)
    const { reply } = await startExport(h, 'eip155')
    const box = part(h, 'understand') as HTMLInputElement
    box.checked = true
    press(h, 'understand', 'change')
    part(h, 'show').click()
    await expect.poll(() => part(h, 'status').textContent).toBe(STALE)
    expect(part(h, 'key').hidden).toBe(true)
    expect(part(h, 'key').textContent).toBe('')
    part(h, 'cancel').click()
    expect(failure(await reply)).toEqual({ message: 'User rejected the request', code: 4001 })
    const recorded = await service.server.db
      .selectFrom('auth_key_exports')
      .select('address')
      .where('address', '=', user.address)
      .execute()
    expect(recorded).toEqual([])
  })

  it('Escape closes the card at the key step and wipes the key from the document', async () => {
    const { h } = await signedIn()
    const { reply } = await startExport(h, 'eip155')
    await confirmAndReveal(h)
    h.doc.dispatchEvent(new (view(h).KeyboardEvent)('keydown', { key: 'Escape' }))
    expect(failure(await reply).code).toBe(4001)
    expect(part(h, 'key').textContent).toBe('')
    expect(ENGLISH.export.title).toBe(h.doc.querySelector('#lk-export-title')?.textContent)
  })
})
