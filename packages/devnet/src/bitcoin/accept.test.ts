// Mempool acceptance: a wallet's transfers go in; double spends, dust, overspends, immature
// coinbases, time locks, malformed hex and the other refusals come back in Core's words.
// (Signatures: signatures.test.ts.)
import { beforeEach, describe, expect, it } from 'vitest'
import { BitcoinChain } from './chain.ts'
import { hex } from './hashes.ts'
import { decodeTx } from './rawtx.ts'
import { fundedWallet, payee, rejectionOf } from './testing/acceptance.ts'
import { editTx, testWallet, type WalletKind } from './testing/wallet.ts'

let chain: BitcoinChain

beforeEach(() => {
  chain = new BitcoinChain({ automine: false })
})

const funded = (kind: WalletKind, sats?: number) => fundedWallet(chain, kind, sats)
const rejection = (raw: string) => rejectionOf(chain, raw)
const other = payee
const vsizeOf = (raw: string) => decodeTx(hex.decode(raw))?.vsize as number

describe('a transfer', () => {
  it.each(['p2wpkh', 'p2tr'] as const)('signed by a %s wallet enters the mempool', (kind) => {
    const { wallet, coin } = funded(kind)
    const raw = wallet.transfer(
      [coin],
      [
        { address: other('to'), value: 600_000 },
        { address: wallet.address, value: 399_000 },
      ],
    )
    const txid = chain.submit(raw)
    expect(chain.ledger.mempool.get(txid)?.fee).toBe(1_000n)
    // The same bytes again: Core answers the txid and keeps one copy.
    expect(chain.submit(raw)).toBe(txid)
    expect(chain.ledger.mempool.size).toBe(1)
  })

  it('may spend an unconfirmed parent; one block mines both, parent first', () => {
    const { wallet, coin } = funded('p2tr')
    const parent = chain.submit(
      wallet.transfer([coin], [{ address: wallet.address, value: 999_000 }]),
    )
    const child = chain.submit(
      wallet.transfer(
        [{ txid: parent, vout: 0, value: 999_000 }],
        [{ address: other('c'), value: 998_000 }],
      ),
    )
    const [hash] = chain.mine(1)
    expect(chain.ledger.blocksByHash.get(hash as string)?.txids.slice(1)).toEqual([parent, child])
  })
})

describe('a double spend', () => {
  it('of a confirmed spend is missing its inputs (-25)', () => {
    const { wallet, coin } = funded('p2wpkh')
    chain.submit(wallet.transfer([coin], [{ address: other('a'), value: 999_000 }]))
    chain.mine(1)
    expect(rejection(wallet.transfer([coin], [{ address: other('b'), value: 999_000 }]))).toEqual({
      code: -25,
      message: 'bad-txns-inputs-missingorspent',
    })
  })

  it('of a mempool spend conflicts with it (-26), as does a second witness for it', () => {
    const { wallet, coin } = funded('p2tr')
    const first = wallet.transfer([coin], [{ address: other('a'), value: 999_000 }])
    chain.submit(first)
    expect(rejection(wallet.transfer([coin], [{ address: other('b'), value: 998_000 }]))).toEqual({
      code: -26,
      message: 'txn-mempool-conflict',
    })
    const reSigned = editTx(first, (tx) => {
      tx.witnesses = [[new Uint8Array(64).fill(1)]]
    })
    expect(rejection(reSigned).message).toBe('txn-same-nonwitness-data-in-mempool')
  })

  it('spending the same coin twice in one transaction is a duplicate input', () => {
    const { wallet, coin } = funded('p2wpkh')
    const raw = editTx(wallet.transfer([coin], [{ address: other('a'), value: 999_000 }]), (tx) => {
      tx.inputs.push(tx.inputs[0] as (typeof tx.inputs)[number])
      tx.witnesses?.push(tx.witnesses[0] as Uint8Array[])
    })
    expect(rejection(raw)).toEqual({ code: -26, message: 'bad-txns-inputs-duplicate' })
  })

  it('of a confirmed transaction resent finds its outputs in the UTXO set (-27)', () => {
    const { wallet, coin } = funded('p2wpkh')
    const raw = wallet.transfer([coin], [{ address: other('a'), value: 999_000 }])
    chain.submit(raw)
    chain.mine(1)
    expect(rejection(raw)).toEqual({
      code: -27,
      message: 'Transaction outputs already in utxo set',
    })
  })
})

describe('amounts', () => {
  it('refuses outputs above inputs, naming both in BTC', () => {
    const { wallet, coin } = funded('p2tr')
    // btc-signer will not sign an overspend, so raise the output after signing.
    const raw = editTx(wallet.transfer([coin], [{ address: other('a'), value: 999_000 }]), (tx) => {
      ;(tx.outputs[0] as { amount: bigint }).amount = 1_000_100n
    })
    expect(rejection(raw)).toEqual({
      code: -26,
      message: 'bad-txns-in-belowout, value in (0.01) < value out (0.010001)',
    })
  })

  it.each([
    ['p2wpkh', 294],
    ['p2tr', 330],
  ] as const)('refuses a %s output below %i sat as dust and takes one at it', (kind, threshold) => {
    const { wallet, coin } = funded('p2tr')
    const to = testWallet(kind, 'dust').address
    const change = (value: number) => ({ address: wallet.address, value: 990_000 - value })
    expect(
      rejection(
        wallet.transfer([coin], [{ address: to, value: threshold - 1 }, change(threshold - 1)]),
      ),
    ).toEqual({
      code: -26,
      message: 'dust',
    })
    expect(
      chain.submit(wallet.transfer([coin], [{ address: to, value: threshold }, change(threshold)])),
    ).toMatch(/^[0-9a-f]{64}$/)
  })

  it('refuses a fee under 1 sat/vB and takes one at it', () => {
    const { wallet, coin } = funded('p2tr')
    const pay = (fee: number) =>
      wallet.transfer([coin], [{ address: other('a'), value: 1_000_000 - fee }])
    const vsize = vsizeOf(pay(0))
    expect(rejection(pay(vsize - 1))).toEqual({
      code: -26,
      message: `min relay fee not met, ${vsize - 1} < ${vsize}`,
    })
    expect(chain.submit(pay(vsize))).toMatch(/^[0-9a-f]{64}$/)
  })

  it('refuses a fee above sendrawtransaction’s 0.10 BTC/kvB cap (-25)', () => {
    const { wallet, coin } = funded('p2tr', 5_000_000)
    expect(rejection(wallet.transfer([coin], [{ address: other('a'), value: 10_000 }]))).toEqual({
      code: -25,
      message: 'Fee exceeds maximum configured by user (e.g. -maxtxfee, maxfeerate)',
    })
  })
})

describe('coinbase maturity', () => {
  it('refuses spending a coinbase until it is 100 blocks deep', () => {
    const miner = testWallet('p2wpkh', 'solo miner')
    const [hash] = chain.mine(1, miner.address)
    const coinbase = chain.ledger.blocksByHash.get(hash as string)?.txids[0] as string
    const spend = () =>
      miner.transfer(
        [{ txid: coinbase, vout: 0, value: 5_000_000_000 }],
        [{ address: other('a'), value: 4_999_990_000 }],
      )
    expect(rejection(spend())).toEqual({
      code: -26,
      message: 'bad-txns-premature-spend-of-coinbase, tried to spend coinbase at depth 1',
    })
    chain.mine(98)
    expect(rejection(spend()).message).toMatch(/at depth 99$/)
    chain.mine(1)
    expect(chain.submit(spend())).toMatch(/^[0-9a-f]{64}$/)
  })
})

describe('time locks', () => {
  it('refuses a locktime above the next block, takes one below it', () => {
    const { wallet, coin } = funded('p2tr')
    const pay = (lockTime: number) =>
      wallet.transfer([coin], [{ address: other('a'), value: 999_000 }], {
        lockTime,
        sequence: 0xfffffffd,
      })
    expect(rejection(pay(chain.height + 1)).message).toBe('non-final')
    expect(chain.submit(pay(chain.height))).toMatch(/^[0-9a-f]{64}$/)
  })

  it('refuses a relative lock (BIP68) the coin has not reached', () => {
    const { wallet, coin } = funded('p2tr')
    const pay = (blocks: number) =>
      wallet.transfer([coin], [{ address: other('a'), value: 999_000 }], { sequence: blocks })
    // Confirmed at the tip: 3 blocks deep only in the block after next.
    expect(rejection(pay(3)).message).toBe('non-BIP68-final')
    chain.mine(1)
    expect(rejection(pay(3)).message).toBe('non-BIP68-final')
    chain.mine(1)
    expect(chain.submit(pay(3))).toMatch(/^[0-9a-f]{64}$/)
  })
})

describe('malformed and non-standard transactions', () => {
  it('answers what does not decode with -22', () => {
    const { wallet, coin } = funded('p2tr')
    const raw = wallet.transfer([coin], [{ address: other('a'), value: 999_000 }])
    for (const bad of ['', 'zz', '0', raw.slice(0, -2), `${raw}00`, `${raw.slice(0, 10)}`]) {
      expect(rejection(bad), bad.slice(0, 12)).toEqual({
        code: -22,
        message: 'TX decode failed. Make sure the tx has at least one input.',
      })
    }
  })

  it("refuses what Core's CheckTransaction and IsStandardTx refuse", () => {
    const { wallet, coin } = funded('p2tr')
    const raw = wallet.transfer([coin], [{ address: other('a'), value: 999_000 }])
    type Tx = Parameters<Parameters<typeof editTx>[1]>[0]
    const cases: [string, (tx: Tx) => void][] = [
      ['bad-txns-vout-empty', (tx) => void tx.outputs.splice(0)],
      [
        'bad-txns-vout-toolarge',
        (tx) => {
          ;(tx.outputs[0] as { amount: bigint }).amount = 21_000_000n * 100_000_000n + 1n
        },
      ],
      [
        'bad-txns-txouttotal-toolarge',
        (tx) => {
          const output = tx.outputs[0] as { amount: bigint; script: Uint8Array }
          output.amount = 20_000_000n * 100_000_000n
          tx.outputs.push({ ...output })
        },
      ],
      [
        'bad-txns-prevout-null',
        (tx) => {
          tx.inputs.push({
            txid: new Uint8Array(32),
            index: 0xffffffff,
            finalScriptSig: new Uint8Array(),
            sequence: 0,
          })
          tx.witnesses?.push([])
        },
      ],
      [
        'scriptsig-not-pushonly',
        (tx) => {
          ;(tx.inputs[0] as { finalScriptSig: Uint8Array }).finalScriptSig = new Uint8Array([0x61])
        },
      ],
      [
        'scriptsig-size',
        (tx) => {
          const push = new Uint8Array([0x4d, 0x71, 0x06, ...new Uint8Array(1649)])
          ;(tx.inputs[0] as { finalScriptSig: Uint8Array }).finalScriptSig = push
        },
      ],
      [
        'multi-op-return',
        (tx) => {
          tx.outputs.push(
            { amount: 0n, script: new Uint8Array([0x6a]) },
            { amount: 0n, script: new Uint8Array([0x6a]) },
          )
        },
      ],
      [
        'tx-size-small',
        (tx) => void tx.outputs.splice(0, 1, { amount: 0n, script: new Uint8Array([0x6a]) }),
      ],
    ]
    for (const [reason, edit] of cases) {
      expect(rejection(editTx(raw, edit)), reason).toEqual({ code: -26, message: reason })
    }
  })

  it('refuses versions above 3, large OP_RETURNs, and coinbases', () => {
    const { wallet, coin } = funded('p2tr')
    const raw = wallet.transfer([coin], [{ address: other('a'), value: 999_000 }])
    const version4 = editTx(raw, (tx) => {
      tx.version = 4
    })
    expect(rejection(version4).message).toBe('version')
    const bigData = editTx(raw, (tx) => {
      tx.outputs.push({
        amount: 0n,
        script: new Uint8Array([0x6a, 0x4c, 82, ...new Uint8Array(82)]),
      })
    })
    expect(rejection(bigData).message).toBe('scriptpubkey')
    const coinbase = chain.ledger.txs.get(chain.ledger.tip.txids[0] as string)?.tx.raw as Uint8Array
    expect(rejection(hex.encode(coinbase)).message).toBe('coinbase')
  })
})
