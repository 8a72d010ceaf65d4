import { type CaipNetworkId, type SIWXSession, siwxMessageText } from '@latchkey/core/internal'
import { afterEach, describe, expect, it } from 'vitest'
import { DEFAULT_SIWX_STORAGE_KEY, DefaultSIWX } from './defaultSIWX.ts'
import { EIP155Verifier } from './eip155Verifier.ts'
import { SIWXErrorText } from './errors.ts'
import { LocalStorage } from './localStorage.ts'
import { isSessionOf } from './session.ts'
import { SolanaVerifier } from './solanaVerifier.ts'
import type { SIWXStorage } from './storage.ts'
import {
  EVM_CHAIN,
  evmSigner,
  messageData,
  SOLANA_CHAIN,
  signedSession,
  solanaSigner,
  type TestSigner,
} from './testing/signers.ts'
import { SIWXVerifier } from './verifier.ts'

afterEach(() => localStorage.clear())

const at = (ms: number) => new Date(Date.now() + ms).toISOString()

/** What the modal does: the message from the config, signed by the wallet, handed back. */
async function signIn(siwx: DefaultSIWX, signer: TestSigner): Promise<SIWXSession> {
  const data = await siwx.createMessage({ accountAddress: signer.address, chainId: signer.chainId })
  const message = siwxMessageText(data)
  return { data, message, signature: await signer.sign(message) }
}

describe('DefaultSIWX with its defaults', () => {
  it('signs an EVM account in: a message for this page, verified, kept in localStorage', async () => {
    const siwx = new DefaultSIWX()
    const signer = evmSigner()
    const session = await signIn(siwx, signer)
    expect(session.data).toMatchObject({ domain: location.host, uri: location.href, version: '1' })
    expect(session.data.nonce).toMatch(/^[A-Za-z0-9]{16}$/)
    await siwx.addSession(session)
    expect(await siwx.getSessions(EVM_CHAIN, signer.address.toLowerCase())).toEqual([session])
    expect(JSON.parse(localStorage.getItem(DEFAULT_SIWX_STORAGE_KEY) ?? '')).toEqual([session])
  })

  it('signs a Solana account in', async () => {
    const siwx = new DefaultSIWX()
    const signer = await solanaSigner()
    const session = await signIn(siwx, signer)
    await siwx.addSession(session)
    expect(await siwx.getSessions(SOLANA_CHAIN, signer.address)).toEqual([session])
  })

  it('is required unless told otherwise, as in AppKit', () => {
    expect(new DefaultSIWX().required).toBe(true)
    expect(new DefaultSIWX().getRequired()).toBe(true)
    expect(new DefaultSIWX({ required: false }).required).toBe(false)
  })
})

describe('DefaultSIWX refuses, and stores nothing', () => {
  const storage = () => new LocalStorage({ key: 'test/refused' })

  async function expectRefused(
    session: SIWXSession,
    error: string,
    siwx = new DefaultSIWX({ storage: storage() }),
  ) {
    await expect(siwx.addSession(session)).rejects.toThrow(error)
    expect(await siwx.getSessions(session.data.chainId, session.data.accountAddress)).toEqual([])
  }

  it.each([
    ['EVM', async () => evmSigner()],
    ['Solana', () => solanaSigner()],
  ])('%s: a tampered message', async (_, makeSigner) => {
    const session = await signedSession(await makeSigner())
    const message = session.message.replace('Nonce1234567890a', 'Nonce1234567890b')
    await expectRefused({ ...session, message }, SIWXErrorText.messageMismatch)
    // the data changed along with the text: the signature no longer holds
    const data = { ...session.data, nonce: 'Nonce1234567890b' }
    await expectRefused(
      { data, message, signature: session.signature },
      SIWXErrorText.invalidSignature,
    )
  })

  it.each([
    ['EVM', async () => evmSigner()],
    ['Solana', () => solanaSigner()],
  ])("%s: another key's signature", async (_, makeSigner) => {
    const session = await signedSession(await makeSigner())
    const { signature } = await signedSession(await makeSigner(), session.data)
    await expectRefused({ ...session, signature }, SIWXErrorText.invalidSignature)
  })

  it.each([
    ['EVM', async () => evmSigner()],
    ['Solana', () => solanaSigner()],
  ])('%s: a session for another account than the signing one', async (_, makeSigner) => {
    const victim = await makeSigner()
    await expectRefused(
      await signedSession(await makeSigner(), messageData(victim)),
      SIWXErrorText.invalidSignature,
    )
  })

  it('an expired session, or one not valid yet, even well signed', async () => {
    const signer = evmSigner()
    const expired = messageData(signer, { issuedAt: at(-120_000), expirationTime: at(-60_000) })
    await expectRefused(await signedSession(signer, expired), SIWXErrorText.expired)
    const early = messageData(signer, { notBefore: at(60_000) })
    await expectRefused(await signedSession(signer, early), SIWXErrorText.notYetValid)
  })

  it('a session no verifier takes', async () => {
    const siwx = new DefaultSIWX({ verifiers: [new SolanaVerifier()], storage: storage() })
    await expectRefused(await signedSession(evmSigner()), SIWXErrorText.noVerifier(EVM_CHAIN), siwx)
  })
})

/** An app's own verifier that refuses everything. */
class RefusingVerifier extends SIWXVerifier {
  readonly chainNamespace = 'eip155'
  async verify() {
    return false
  }
}

describe('DefaultSIWX verifiers', () => {
  it('the first verifier that takes the session decides', async () => {
    const session = await signedSession(evmSigner())
    const refusing = new DefaultSIWX({ verifiers: [new RefusingVerifier(), new EIP155Verifier()] })
    await expect(refusing.addSession(session)).rejects.toThrow(SIWXErrorText.invalidSignature)
    const accepting = new DefaultSIWX({ verifiers: [new EIP155Verifier(), new RefusingVerifier()] })
    await expect(accepting.addSession(session)).resolves.toBeUndefined()
  })
})

/** An app's own storage, as the SIWXStorage interface lets it write one. */
class ListStorage implements SIWXStorage {
  sessions: SIWXSession[] = []
  async add(session: SIWXSession) {
    this.sessions.push(session)
  }
  async set(sessions: SIWXSession[]) {
    this.sessions = [...sessions]
  }
  async get(chainId: CaipNetworkId, address: string) {
    return this.sessions.filter((s) => isSessionOf(s, chainId, address))
  }
  async delete(chainId: CaipNetworkId, address: string) {
    this.sessions = this.sessions.filter((s) => !isSessionOf(s, chainId, address))
  }
}

describe('DefaultSIWX sessions in storage', () => {
  it("drops expired sessions, and deletes an account's when all have expired", async () => {
    const storage = new ListStorage()
    const siwx = new DefaultSIWX({ storage })
    const signer = evmSigner()
    const old = await signedSession(signer, messageData(signer, { expirationTime: at(-1) }))
    const live = await signedSession(signer)
    await storage.set([old, live])
    expect(await siwx.getSessions(EVM_CHAIN, signer.address)).toEqual([live])
    expect(storage.sessions).toHaveLength(2)
    await storage.set([old])
    expect(await siwx.getSessions(EVM_CHAIN, signer.address)).toEqual([])
    expect(storage.sessions).toEqual([])
  })

  it('gives no session to another account or network', async () => {
    const siwx = new DefaultSIWX({ storage: new ListStorage() })
    const signer = evmSigner()
    await siwx.addSession(await signedSession(signer))
    expect(await siwx.getSessions(EVM_CHAIN, evmSigner().address)).toEqual([])
    expect(await siwx.getSessions('eip155:10', signer.address)).toEqual([])
  })

  it("setSessions verifies them all, then replaces the account's (or all) sessions", async () => {
    const storage = new ListStorage()
    const siwx = new DefaultSIWX({ storage })
    const a = evmSigner()
    const b = evmSigner()
    const [a1, a2, b1] = await Promise.all([signedSession(a), signedSession(a), signedSession(b)])
    await siwx.setSessions([a1, b1])
    expect(storage.sessions).toEqual([a1, b1])
    await siwx.setSessions([a2], { accountAddress: a.address, chainId: EVM_CHAIN })
    expect(storage.sessions).toEqual([b1, a2])
    const forged = { ...b1, signature: a1.signature }
    await expect(siwx.setSessions([a1, forged])).rejects.toThrow(SIWXErrorText.invalidSignature)
    expect(storage.sessions).toEqual([b1, a2])
    await siwx.revokeSession(EVM_CHAIN, b.address)
    expect(storage.sessions).toEqual([a2])
    await siwx.setSessions([])
    expect(storage.sessions).toEqual([])
  })
})
