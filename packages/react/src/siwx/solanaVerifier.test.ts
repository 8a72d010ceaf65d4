import { encodeBase58 } from '@latchkey/core/internal'
import { describe, expect, it } from 'vitest'
import { SolanaVerifier } from './solanaVerifier.ts'
import { messageData, signedSession, solanaSigner } from './testing/signers.ts'

const verifier = new SolanaVerifier()

describe('SolanaVerifier', () => {
  it("accepts the account's Ed25519 signature of the message (base58)", async () => {
    const signer = await solanaSigner()
    expect(await verifier.verify(await signedSession(signer))).toBe(true)
  })

  it('refuses a tampered message', async () => {
    const session = await signedSession(await solanaSigner())
    expect(await verifier.verify({ ...session, message: `${session.message} ` })).toBe(false)
  })

  it("refuses another key's signature", async () => {
    const signer = await solanaSigner()
    const other = await solanaSigner()
    const session = await signedSession(signer)
    const { signature } = await signedSession(other, session.data)
    expect(await verifier.verify({ ...session, signature })).toBe(false)
  })

  it('refuses a session for another account than the signing one', async () => {
    const signer = await solanaSigner()
    const victim = await solanaSigner()
    const session = await signedSession(signer, messageData(victim))
    expect(await verifier.verify(session)).toBe(false)
  })

  it('refuses a signature or an address that is not base58 of the right length', async () => {
    const signer = await solanaSigner()
    const session = await signedSession(signer)
    expect(await verifier.verify({ ...session, signature: '0x1234' })).toBe(false)
    expect(await verifier.verify({ ...session, signature: encodeBase58(new Uint8Array(63)) })).toBe(
      false,
    )
    const data = { ...session.data, accountAddress: encodeBase58(new Uint8Array(31).fill(1)) }
    expect(await verifier.verify({ ...session, data })).toBe(false)
  })
})
