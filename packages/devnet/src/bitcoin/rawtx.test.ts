// Raw transactions: ids with and without witness, BIP141 sizes, strict decoding.
import { Transaction } from '@scure/btc-signer'
import { describe, expect, it } from 'vitest'
import { genesisCoinbase } from './coinbase.ts'
import { hex } from './hashes.ts'
import { compactSizeLength, decodeTx, encodeTx, isCoinbase } from './rawtx.ts'
import { editTx, testWallet } from './testing/wallet.ts'

const wallet = testWallet('p2wpkh', 'rawtx')
const signed = wallet.transfer(
  [{ txid: 'aa'.repeat(32), vout: 1, value: 100_000 }],
  [{ address: wallet.address, value: 99_000 }],
)

describe('raw transactions', () => {
  it('decode a segwit spend: txid without witness, wtxid with, sizes as btc-signer counts them', () => {
    const tx = decodeTx(hex.decode(signed))
    const reference = Transaction.fromRaw(hex.decode(signed))
    expect(tx?.txid).toBe(reference.id)
    expect(tx?.wtxid).not.toBe(tx?.txid)
    expect(tx?.weight).toBe(reference.weight)
    expect(tx?.vsize).toBe(reference.vsize)
    expect(tx?.size).toBe(signed.length / 2)
    expect(tx?.inputs[0]).toMatchObject({ txid: 'aa'.repeat(32), vout: 1, sequence: 0xffffffff })
    expect(tx?.inputs[0]?.witness).toHaveLength(2)
    expect(hex.encode(tx?.raw as Uint8Array)).toBe(signed)
  })

  it('give a transaction without witness one id, and encode it back byte for byte', () => {
    const coinbase = genesisCoinbase()
    expect(coinbase.wtxid).toBe(coinbase.txid)
    expect(coinbase.weight).toBe(coinbase.size * 4)
    expect(isCoinbase(coinbase)).toBe(true)
    expect(encodeTx(coinbase).raw).toEqual(coinbase.raw)
  })

  it('refuse trailing bytes, truncation and a segwit marker with no witness', () => {
    expect(decodeTx(hex.decode(`${signed}00`))).toBeUndefined()
    expect(decodeTx(hex.decode(signed.slice(0, -2)))).toBeUndefined()
    // The serialization without witness, then a marker, a flag and one empty witness put in.
    const base = editTx(signed, (tx) => {
      tx.witnesses = undefined
      tx.segwitFlag = false
    })
    const marked = `${base.slice(0, 8)}0001${base.slice(8, -8)}00${base.slice(-8)}`
    expect(decodeTx(hex.decode(marked))).toBeUndefined()
    expect(decodeTx(hex.decode(base))?.txid).toBe(decodeTx(hex.decode(signed))?.txid)
  })

  it('count CompactSize lengths', () => {
    expect([0, 252, 253, 65_535, 65_536].map(compactSizeLength)).toEqual([1, 1, 3, 3, 5])
  })
})
