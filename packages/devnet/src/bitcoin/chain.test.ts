// The chain in process: its start (genesis, 101 blocks to the miner), blocks whose headers chain
// and meet the target, coinbases paying subsidy plus fees with the witness commitment, halvings,
// block times, automine, and the faucet.
import { beforeAll, describe, expect, it } from 'vitest'
import { BitcoinChain, InvalidBitcoinRequest } from './chain.ts'
import { blockSubsidy, witnessCommitmentScript } from './coinbase.ts'
import { REGTEST_GENESIS } from './constants.ts'
import { FaucetDry, spendableMinerCoins } from './faucet.ts'
import { hex } from './hashes.ts'
import { meetsTarget, merkleRoot } from './header.ts'
import type { BlockRecord, TxRecord } from './ledger.ts'
import { testWallet } from './testing/wallet.ts'

const record = (chain: BitcoinChain, txid: string) => chain.ledger.txs.get(txid) as TxRecord

describe('a new chain', () => {
  let chain: BitcoinChain
  beforeAll(() => {
    chain = new BitcoinChain()
  })

  it("starts at regtest's genesis and mines 101 blocks to the miner", () => {
    expect(chain.ledger.blocks[0]?.hash).toBe(REGTEST_GENESIS.hash)
    expect(chain.height).toBe(101)
    expect(chain.miner.address).toMatch(/^bcrt1q/)
    // Two coinbases are 100 blocks deep for a spend in block 102: those of blocks 1 and 2.
    expect(spendableMinerCoins(chain.ledger, chain.miner).map((coin) => coin.height)).toEqual([
      1, 2,
    ])
    // The genesis output is never spendable.
    const genesisTx = chain.ledger.blocks[0]?.txids[0] as string
    expect(chain.ledger.utxos.has(`${genesisTx}:0`)).toBe(false)
  })

  it('links every header to the one before, each meeting its target with a merkle root of its txids', () => {
    for (const block of chain.ledger.blocks.slice(1)) {
      const previous = chain.ledger.blocks[block.height - 1] as BlockRecord
      expect(block.header.prevHash).toBe(previous.hash)
      expect(meetsTarget(block.header)).toBe(true)
      expect(block.header.merkleRoot).toBe(merkleRoot(block.txids))
      expect(block.header.time).toBeGreaterThan(chain.ledger.medianTimePast(block.height - 1))
    }
  })

  it('opens each block with a coinbase: BIP34 height, subsidy plus fees, witness commitment', () => {
    const wallet = testWallet('p2wpkh', 'coinbase fees')
    const paid = chain.faucet(wallet.address, 100_000)
    const block = chain.ledger.blocksByHash.get(paid.blockHash) as BlockRecord
    expect(block.txids).toEqual([block.txids[0], paid.txid])
    const coinbase = record(chain, block.txids[0] as string).tx
    const fee = record(chain, paid.txid).fee
    expect(fee).toBeGreaterThan(0n)
    expect(coinbase.outputs[0]?.value).toBe(blockSubsidy(block.height) + fee)
    expect(hex.encode(coinbase.outputs[0]?.script as Uint8Array)).toBe(
      hex.encode(chain.miner.script),
    )
    const paidWtxid = record(chain, paid.txid).tx.wtxid
    expect(coinbase.outputs[1]?.script).toEqual(witnessCommitmentScript([paidWtxid]))
    expect(hex.encode(coinbase.outputs[1]?.script as Uint8Array)).toMatch(
      /^6a24aa21a9ed[0-9a-f]{64}$/,
    )
    // Height 102 is pushed as one byte, then OP_0.
    expect(hex.encode(coinbase.inputs[0]?.scriptSig as Uint8Array)).toBe('016600')
    expect(coinbase.inputs[0]?.witness).toEqual([new Uint8Array(32)])
  })

  it('mines to an address when asked, and refuses block counts out of range', () => {
    const wallet = testWallet('p2tr', 'mined to')
    const [hash] = chain.mine(1, wallet.address)
    const coinbase = record(
      chain,
      chain.ledger.blocksByHash.get(hash as string)?.txids[0] as string,
    )
    expect(hex.encode(coinbase.tx.outputs[0]?.script as Uint8Array)).toBe(hex.encode(wallet.script))
    expect(chain.mine(0)).toEqual([])
    for (const blocks of [-1, 1.5, 1001])
      expect(() => chain.mine(blocks)).toThrow(InvalidBitcoinRequest)
    expect(() => chain.mine(1, 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4')).toThrow(
      'Address on invalid network',
    )
  })
})

describe('the subsidy', () => {
  it('halves every 150 blocks as regtest does', () => {
    expect(blockSubsidy(1)).toBe(5_000_000_000n)
    expect(blockSubsidy(149)).toBe(5_000_000_000n)
    expect(blockSubsidy(150)).toBe(2_500_000_000n)
    expect(blockSubsidy(300)).toBe(1_250_000_000n)
    expect(blockSubsidy(150 * 64)).toBe(0n)
    const chain = new BitcoinChain({ startupBlocks: 150 })
    const coinbase = record(chain, chain.ledger.tip.txids[0] as string)
    expect(coinbase.tx.outputs[0]?.value).toBe(2_500_000_000n)
  })
})

describe('block times', () => {
  it('follow the clock, but never fall to the median of the last 11 blocks', () => {
    let clock = Date.parse('2030-01-01T00:00:00Z')
    const chain = new BitcoinChain({ startupBlocks: 20, now: () => clock })
    const times = chain.ledger.blocks.slice(1).map((block) => block.header.time)
    const start = clock / 1000
    expect(times[0]).toBe(start)
    // With the clock standing still, times creep up one second past the median each time.
    expect(times.at(-1)).toBeGreaterThan(start)
    clock += 3_600_000
    chain.mine(1)
    expect(chain.ledger.tip.header.time).toBe(start + 3600)
    expect(chain.ledger.tip.medianTime).toBe(chain.ledger.medianTimePast(chain.height))
  })
})

describe('automine', () => {
  it('on: an accepted transaction is in a block at once; off: it waits for mine()', () => {
    for (const automine of [true, false]) {
      const chain = new BitcoinChain({ automine })
      const wallet = testWallet('p2tr', 'automine')
      const { txid } = chain.faucet(wallet.address, 50_000)
      const spend = wallet.transfer(
        [{ txid, vout: 0, value: 50_000 }],
        [{ address: chain.miner.address, value: 49_000 }],
      )
      const height = chain.height
      const spent = chain.submit(spend)
      expect(chain.height).toBe(automine ? height + 1 : height)
      expect(record(chain, spent).block?.height).toBe(automine ? height + 1 : undefined)
      if (!automine) {
        chain.mine(1)
        expect(record(chain, spent).block?.height).toBe(height + 1)
      }
    }
  })
})

describe('the faucet', () => {
  it('pays from matured coins into a new block, with change back to the miner', () => {
    const chain = new BitcoinChain({ automine: false })
    const wallet = testWallet('p2wpkh', 'faucet')
    const paid = chain.faucet(wallet.address, 12_345_678)
    expect(paid.blockHeight).toBe(102)
    expect(chain.ledger.mempool.size).toBe(0)
    const { tx } = record(chain, paid.txid)
    expect(tx.outputs[0]).toEqual({ value: 12_345_678n, script: wallet.script })
    expect(tx.outputs[1]?.script).toEqual(chain.miner.script)
  })

  it('mines more blocks when its matured coins fall short', () => {
    const chain = new BitcoinChain()
    const wallet = testWallet('p2wpkh', 'big faucet')
    // Blocks 1 and 2 hold 100 BTC; 120 BTC needs block 3's too, mature once block 102 is mined.
    const paid = chain.faucet(wallet.address, 12_000_000_000n)
    expect(paid.blockHeight).toBe(103)
    expect(record(chain, paid.txid).tx.inputs).toHaveLength(3)
    expect(record(chain, paid.txid).tx.outputs[0]?.value).toBe(12_000_000_000n)
  })

  it('refuses bad amounts and addresses, and says when it runs dry', () => {
    const chain = new BitcoinChain({ startupBlocks: 101 })
    const address = testWallet('p2tr', 'refused').address
    for (const sats of [0, -1, 1.5, Number.MAX_SAFE_INTEGER + 2, 21_000_000n * 100_000_000n + 1n]) {
      expect(() => chain.faucet(address, sats)).toThrow(InvalidBitcoinRequest)
    }
    expect(() => chain.faucet('nope', 1000)).toThrow(/^Invalid address "nope"/)
    expect(() => chain.faucet(address, 100)).toThrow('dust')
    expect(new FaucetDry(5n, 3n).message).toBe(
      'the faucet needs 5 sat and holds 3 sat of matured coins',
    )
  })
})
