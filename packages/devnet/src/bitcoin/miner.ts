// Mining: a block of the mempool's transactions up to the block weight limit (in the order they
// were accepted, so parents come before children) behind a coinbase paying the subsidy plus their
// fees, its header's nonce found by real proof of work at regtest's target.
import { buildCoinbase } from './coinbase.ts'
import { BLOCK_RESERVED_WEIGHT, MAX_BLOCK_WEIGHT } from './constants.ts'
import { merkleRoot, solveHeader } from './header.ts'
import type { BitcoinLedger, BlockRecord, TxRecord } from './ledger.ts'

/** `now` in seconds; the block's time is never below the tip's median time past + 1 (Core's rule) */
export function mineBlock(ledger: BitcoinLedger, payTo: Uint8Array, now: number): BlockRecord {
  const height = ledger.nextHeight
  const entries: TxRecord[] = []
  let weight = BLOCK_RESERVED_WEIGHT
  // In acceptance order, stopping at the first that does not fit, so no child goes before its parent.
  for (const entry of ledger.mempool.values()) {
    if (weight + entry.tx.weight > MAX_BLOCK_WEIGHT) break
    weight += entry.tx.weight
    entries.push(entry)
  }
  const coinbase = buildCoinbase({
    height,
    payTo,
    fees: entries.reduce((sum, entry) => sum + entry.fee, 0n),
    otherWtxids: entries.map((entry) => entry.tx.wtxid),
  })
  const txs = [coinbase, ...entries.map((entry) => entry.tx)]
  const header = solveHeader({
    prevHash: ledger.tip.hash,
    merkleRoot: merkleRoot(txs.map((tx) => tx.txid)),
    time: Math.max(Math.floor(now), ledger.medianTimePast(height - 1) + 1),
  })
  return ledger.connect(header, txs)
}
