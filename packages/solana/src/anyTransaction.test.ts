import { getTransactionDecoder, getTransactionEncoder } from '@solana/kit'
import { Keypair, Transaction, VersionedTransaction } from '@solana/web3.js'
import { describe, expect, it } from 'vitest'
import { walletWire } from './anyTransaction.ts'
import { freshAddress } from './testing/keys.ts'
import { kit, web3Legacy, web3Versioned } from './testing/transfers.ts'

const lifetime = {
  blockhash: 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1EtWTRABZaYq',
  lastValidBlockHeight: 9,
}
const payer = Keypair.generate()
const from = payer.publicKey.toBase58()

/** The wire bytes a wallet would answer with: the transaction signed by the payer's key. */
function signedWire(transaction: Transaction | VersionedTransaction): Uint8Array {
  if (transaction instanceof VersionedTransaction) {
    const copy = VersionedTransaction.deserialize(transaction.serialize())
    copy.sign([payer])
    return copy.serialize()
  }
  const copy = Transaction.from(transaction.serialize({ requireAllSignatures: false }))
  copy.partialSign(payer)
  return new Uint8Array(copy.serialize())
}

describe('the transactions the provider takes', () => {
  it('signs a web3.js legacy Transaction in place, through its own addSignature', async () => {
    const transaction = await web3Legacy.build(from, freshAddress(), 5, lifetime)
    const { wire, withSigned } = walletWire(transaction, 'signTransaction')
    expect(getTransactionDecoder().decode(wire).messageBytes).toEqual(
      new Uint8Array(transaction.serializeMessage()),
    )
    const signed = withSigned(signedWire(transaction))
    expect(signed).toBe(transaction)
    expect(signed.verifySignatures()).toBe(true)
    // What web3.js keeps beside the message survives.
    expect(signed.lastValidBlockHeight).toBe(9)
  })

  it('signs a web3.js VersionedTransaction in place', async () => {
    const transaction = await web3Versioned.build(from, freshAddress(), 5, lifetime)
    const { withSigned } = walletWire(transaction, 'signTransaction')
    const signed = withSigned(signedWire(transaction))
    expect(signed).toBe(transaction)
    const { message, signature } = web3Versioned.signatureOf(signed, from)
    expect(signature).toEqual(
      web3Versioned.signatureOf(VersionedTransaction.deserialize(signedWire(transaction)), from)
        .signature,
    )
    expect(message).toEqual(transaction.message.serialize())
  })

  it("gives a new instance of the caller's class when the wallet changed the message", async () => {
    const to = freshAddress()
    for (const kind of [web3Legacy, web3Versioned] as const) {
      const asked = await kind.build(from, to, 5, lifetime)
      // The wallet answers with another message (say, with its own fee instruction added).
      const answered = signedWire(await kind.build(from, to, 6, lifetime))
      const signed = walletWire(asked, 'signTransaction').withSigned(answered)
      expect(signed).not.toBe(asked)
      expect(kind.is(signed)).toBe(true)
      expect(kind.wire(signed as never)).toEqual(answered)
    }
  })

  it('hands a @solana/kit Transaction over as is and gives a kit Transaction back', async () => {
    const transaction = await kit.build(from, freshAddress(), 5, lifetime)
    const { wire, withSigned } = walletWire(transaction, 'signTransaction')
    expect(wire).toEqual(new Uint8Array(getTransactionEncoder().encode(transaction)))
    const signed = withSigned(wire)
    expect(signed).not.toBe(transaction)
    expect(signed.messageBytes).toEqual(transaction.messageBytes)
  })

  it('answers -32602 for anything else, and when the class cannot read the signed bytes', async () => {
    const expected =
      'x expects a @solana/web3.js Transaction or VersionedTransaction, or a @solana/kit Transaction'
    const junk: unknown[] = [null, 3, 'AQID', new Uint8Array(4), { serialize() {} }]
    junk.push({ messageBytes: new Uint8Array(1), signatures: [] })
    for (const value of junk) {
      expect(() => walletWire(value as never, 'x')).toThrow(
        expect.objectContaining({ code: -32602, message: expected }),
      )
    }
    const real = await web3Legacy.build(from, freshAddress(), 5, lifetime)
    // A look-alike of web3.js's Transaction without its class (no static `from`).
    const lookalike = {
      signatures: real.signatures,
      serialize: (config?: object) => real.serialize(config),
      serializeMessage: () => real.serializeMessage(),
      addSignature: real.addSignature.bind(real),
    }
    const { withSigned } = walletWire(lookalike, 'signTransaction')
    const other = signedWire(await web3Legacy.build(from, freshAddress(), 6, lifetime))
    expect(() => withSigned(other)).toThrow(
      'signTransaction: the wallet changed the transaction and its class has no from()/deserialize()',
    )
  })
})
