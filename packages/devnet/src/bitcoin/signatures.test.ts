// Script checks of submitted transactions: P2WPKH (BIP143, ECDSA) and P2TR key path (BIP341,
// Schnorr) signatures tampered with, made by the wrong key, high-S or loose DER, witnesses of the
// wrong shape, and inputs of the types the chain does not verify.
import { secp256k1 } from '@noble/curves/secp256k1.js'
import { Address, Transaction } from '@scure/btc-signer'
import { beforeEach, describe, expect, it } from 'vitest'
import { BitcoinChain } from './chain.ts'
import { BITCOIN_REGTEST_NETWORK } from './constants.ts'
import { hash160, hex } from './hashes.ts'
import { decodeTx } from './rawtx.ts'
import { isStrictDer, UNSUPPORTED_INPUT } from './signatures.ts'
import { firstStack, fundedWallet, payee, rejectionOf } from './testing/acceptance.ts'
import { editTx, testWallet, type WalletKind } from './testing/wallet.ts'

let chain: BitcoinChain

beforeEach(() => {
  chain = new BitcoinChain({ automine: false })
})

const funded = (kind: WalletKind, sats?: number) => fundedWallet(chain, kind, sats)
const rejection = (raw: string) => rejectionOf(chain, raw)
const other = payee

describe('signatures', () => {
  const mandatory = (error: string) => `mandatory-script-verify-flag-failed (${error})`
  const evalFalse =
    'Script evaluated without error but finished with a false/empty top stack element'

  it('a tampered P2WPKH signature fails the check, a tampered Schnorr one too', () => {
    const p2wpkh = funded('p2wpkh')
    const raw = p2wpkh.wallet.transfer([p2wpkh.coin], [{ address: other('a'), value: 999_000 }])
    const flipped = editTx(raw, (tx) => {
      const sig = firstStack(tx)[0] as Uint8Array
      sig[10] = (sig[10] as number) ^ 1
    })
    expect(rejection(flipped)).toEqual({ code: -26, message: mandatory(evalFalse) })
    const p2tr = funded('p2tr')
    const tapRaw = p2tr.wallet.transfer([p2tr.coin], [{ address: other('a'), value: 999_000 }])
    const tapFlipped = editTx(tapRaw, (tx) => {
      const sig = firstStack(tx)[0] as Uint8Array
      sig[40] = (sig[40] as number) ^ 1
    })
    expect(rejection(tapFlipped).message).toBe(mandatory('Invalid Schnorr signature'))
    // Paying more than signed for breaks the signature as well.
    const morePaid = editTx(tapRaw, (tx) => {
      ;(tx.outputs[0] as { amount: bigint }).amount = 999_500n
    })
    expect(rejection(morePaid).message).toBe(mandatory('Invalid Schnorr signature'))
    expect(chain.submit(tapRaw)).toBe(decodeTx(hex.decode(tapRaw))?.txid)
  })

  it('a wrong key fails: its P2WPKH pubkey hashes elsewhere, its Schnorr key is not the output key', () => {
    const thief = testWallet('p2wpkh', 'thief')
    const p2wpkh = funded('p2wpkh')
    const payment = [{ address: thief.address, value: 999_000 }]
    const stolen = p2wpkh.wallet.transfer([p2wpkh.coin], payment, { signingKey: thief.privateKey })
    expect(rejection(stolen).message).toBe(mandatory('Script failed an OP_EQUALVERIFY operation'))
    const p2tr = funded('p2tr')
    const tapStolen = p2tr.wallet.transfer([p2tr.coin], payment, { signingKey: thief.privateKey })
    expect(rejection(tapStolen).message).toBe(mandatory('Invalid Schnorr signature'))
  })

  it('a high-S ECDSA signature is valid but refused by policy; loose DER is refused outright', () => {
    const { wallet, coin } = funded('p2wpkh')
    const raw = wallet.transfer([coin], [{ address: other('a'), value: 999_000 }])
    const highS = editTx(raw, (tx) => {
      const stack = firstStack(tx)
      const sig = secp256k1.Signature.fromBytes((stack[0] as Uint8Array).subarray(0, -1), 'der')
      const flipped = new secp256k1.Signature(sig.r, secp256k1.Point.CURVE().n - sig.s)
      stack[0] = new Uint8Array([...flipped.toBytes('der'), 1])
    })
    expect(rejection(highS).message).toBe(
      'non-mandatory-script-verify-flag (Non-canonical signature: S value is unnecessarily high)',
    )
    const padded = editTx(raw, (tx) => {
      const stack = firstStack(tx)
      const sig = stack[0] as Uint8Array
      // An extra zero before r: still DER-ish, not strict DER (BIP66).
      const lenR = sig[3] as number
      stack[0] = new Uint8Array([
        0x30,
        (sig[1] as number) + 1,
        0x02,
        lenR + 1,
        0,
        ...sig.subarray(4),
      ])
    })
    expect(rejection(padded).message).toBe(mandatory('Non-canonical DER signature'))
  })

  it('a P2WPKH witness needs exactly a signature and a key; Taproot needs one', () => {
    const p2wpkh = funded('p2wpkh')
    const raw = p2wpkh.wallet.transfer([p2wpkh.coin], [{ address: other('a'), value: 999_000 }])
    const noKey = editTx(raw, (tx) => {
      tx.witnesses = [[firstStack(tx)[0] as Uint8Array]]
    })
    expect(rejection(noKey).message).toBe(mandatory('Witness program hash mismatch'))
    const p2tr = funded('p2tr')
    const tapRaw = p2tr.wallet.transfer([p2tr.coin], [{ address: other('a'), value: 999_000 }])
    const empty = editTx(tapRaw, (tx) => {
      tx.witnesses = [[]]
      tx.segwitFlag = false
    })
    expect(rejection(empty).message).toBe(mandatory('Witness program was passed an empty witness'))
    const short = editTx(tapRaw, (tx) => {
      tx.witnesses = [[new Uint8Array(63)]]
    })
    expect(rejection(short).message).toBe(mandatory('Invalid Schnorr signature size'))
    const badType = editTx(tapRaw, (tx) => {
      tx.witnesses = [[new Uint8Array([...(firstStack(tx)[0] as Uint8Array), 0x04])]]
    })
    expect(rejection(badType).message).toBe(mandatory('Invalid Schnorr signature hash type'))
    const scriptPath = editTx(tapRaw, (tx) => {
      tx.witnesses = [[new Uint8Array([0x51]), new Uint8Array(33).fill(0xc0)]]
    })
    expect(rejection(scriptPath).message).toBe(UNSUPPORTED_INPUT)
    const annex = editTx(tapRaw, (tx) => {
      firstStack(tx).push(new Uint8Array([0x50, 1]))
    })
    expect(rejection(annex).message).toBe('bad-witness-nonstandard')
  })

  it('inputs of other script types are refused: only P2WPKH and P2TR are verified here', () => {
    const legacy = testWallet('p2wpkh', 'legacy')
    const p2pkh = `mrCDrCybB6J1vRfbwM5hemdJz73FwDBC8r`
    const { txid } = chain.faucet(p2pkh, 100_000)
    const raw = editTx(
      legacy.transfer(
        [{ txid, vout: 0, value: 100_000 }],
        [{ address: legacy.address, value: 99_000 }],
      ),
      (tx) => {
        tx.witnesses = [[]]
        tx.segwitFlag = false
        ;(tx.inputs[0] as { finalScriptSig: Uint8Array }).finalScriptSig = new Uint8Array([0x51])
      },
    )
    expect(rejection(raw)).toEqual({ code: -26, message: UNSUPPORTED_INPUT })
  })
})

describe('ECDSA policy', () => {
  const privateKey = new Uint8Array(32).fill(7)

  /** A P2WPKH spend signed by hand with this key in this encoding, under this sighash type */
  function handSigned(compressed: boolean, hashType: number) {
    const pubkey = secp256k1.getPublicKey(privateKey, compressed)
    const program = hash160(pubkey)
    const address = Address(BITCOIN_REGTEST_NETWORK).encode({ type: 'wpkh', hash: program })
    const { txid } = chain.faucet(address, 100_000)
    const script = new Uint8Array([0x00, 0x14, ...program])
    const tx = new Transaction({ allowUnknownOutputs: true })
    tx.addInput({ txid, index: 0, witnessUtxo: { script, amount: 100_000n } })
    tx.addOutputAddress(payee('policy'), 99_000n, BITCOIN_REGTEST_NETWORK)
    const scriptCode = new Uint8Array([0x76, 0xa9, 0x14, ...program, 0x88, 0xac])
    const digest = tx.preimageWitnessV0(0, scriptCode, hashType, 100_000n)
    const der = secp256k1.sign(digest, privateKey, { prehash: false, format: 'der' })
    tx.updateInput(0, { finalScriptWitness: [new Uint8Array([...der, hashType]), pubkey] }, true)
    return tx.hex
  }

  it('takes a compressed key under SIGHASH_ALL', () => {
    expect(chain.submit(handSigned(true, 1))).toMatch(/^[0-9a-f]{64}$/)
  })

  it('refuses an uncompressed key and an undefined sighash type, valid as they are', () => {
    expect(rejection(handSigned(false, 1)).message).toBe(
      'non-mandatory-script-verify-flag (Using non-compressed keys in segwit)',
    )
    expect(rejection(handSigned(true, 4)).message).toBe(
      'non-mandatory-script-verify-flag (Signature hash type missing or not understood)',
    )
    expect(chain.submit(handSigned(true, 0x81))).toMatch(/^[0-9a-f]{64}$/)
  })
})

describe('strict DER (BIP66)', () => {
  const der = (hexText: string) => hex.decode(hexText)
  // A real signature from the test wallet, with its SIGHASH_ALL byte.
  const wallet = testWallet('p2wpkh', 'der')
  const raw = wallet.transfer(
    [{ txid: '11'.repeat(32), vout: 0, value: 10_000 }],
    [{ address: wallet.address, value: 9_000 }],
  )
  const signature = decodeTx(hex.decode(raw))?.inputs[0]?.witness[0] as Uint8Array

  it('takes what a wallet signs and refuses every malformed variant', () => {
    expect(isStrictDer(signature)).toBe(true)
    const edited = (at: number, value: number) => {
      const copy = signature.slice()
      copy[at] = value
      return copy
    }
    expect(isStrictDer(edited(0, 0x31))).toBe(false)
    expect(isStrictDer(edited(1, (signature[1] as number) + 1))).toBe(false)
    expect(isStrictDer(edited(2, 0x03))).toBe(false)
    expect(isStrictDer(signature.subarray(0, 8))).toBe(false)
    expect(isStrictDer(new Uint8Array(74))).toBe(false)
    // 30 len 02 lenR R 02 lenS S, then the sighash byte.
    expect(isStrictDer(der('300602010102010101'))).toBe(true)
    expect(isStrictDer(der('300602000202010101')), 'empty R').toBe(false)
    expect(isStrictDer(der('300602020101020001')), 'empty S').toBe(false)
    expect(isStrictDer(der('300602018102010101')), 'negative R').toBe(false)
    expect(isStrictDer(der('300602010102018101')), 'negative S').toBe(false)
    expect(isStrictDer(der('30070202000102010101')), 'padded R').toBe(false)
    expect(isStrictDer(der('30070201010202000101')), 'padded S').toBe(false)
    expect(isStrictDer(der('30070202008102010101')), 'R padded before a top bit').toBe(true)
    expect(isStrictDer(der('30070201010202008101')), 'S padded before a top bit').toBe(true)
    expect(isStrictDer(der('300602010102020101')), 'lengths not adding up').toBe(false)
  })
})
