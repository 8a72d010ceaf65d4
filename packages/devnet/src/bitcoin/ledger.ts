// The chain's state: blocks by height and hash, every transaction it has seen (confirmed or in
// the mempool) with its fee, the UTXO set, who spent each output, and each script's history.
// No reorganisations: a block, once connected, stays.
import { MEDIAN_TIME_SPAN } from './constants.ts'
import type { ChainClock } from './finality.ts'
import { hex } from './hashes.ts'
import { type BlockHeader, headerHash } from './header.ts'
import { compactSizeLength, type DecodedTx, isCoinbaseInput, type TxOutput } from './rawtx.ts'

export interface BlockRecord {
  hash: string
  height: number
  header: BlockHeader
  txids: string[]
  size: number
  weight: number
  /** Median time past of the last 11 blocks, this one included */
  medianTime: number
}

export interface TxRecord {
  tx: DecodedTx
  /** Inputs minus outputs; 0 for a coinbase */
  fee: bigint
  block?: BlockRecord
}

export interface Coin extends TxOutput {
  /** Height of the block holding it */
  height: number
  coinbase: boolean
}

export interface Spend {
  txid: string
  vin: number
}

export const outpointKey = (txid: string, vout: number) => `${txid}:${vout}`

const OP_RETURN = 0x6a

export class BitcoinLedger implements ChainClock {
  readonly blocks: BlockRecord[] = []
  readonly blocksByHash = new Map<string, BlockRecord>()
  readonly txs = new Map<string, TxRecord>()
  /** Unconfirmed transactions, in the order they were accepted (parents before children) */
  readonly mempool = new Map<string, TxRecord>()
  /** Confirmed unspent outputs */
  readonly utxos = new Map<string, Coin>()
  /** Who spends each output, confirmed or in the mempool */
  readonly spends = new Map<string, Spend>()
  /** Transactions that pay or spend each script (hex), in the order they were seen */
  readonly histories = new Map<string, Set<string>>()

  get tip(): BlockRecord {
    const tip = this.blocks[this.blocks.length - 1]
    if (!tip) throw new Error('the chain has no genesis block')
    return tip
  }

  get nextHeight(): number {
    return this.blocks.length
  }

  /** Core's GetMedianTimePast: the median of the last 11 block times up to `height` */
  medianTimePast(height: number): number {
    const times = this.blocks
      .slice(Math.max(0, height - MEDIAN_TIME_SPAN + 1), height + 1)
      .map((block) => block.header.time)
      .sort((a, b) => a - b)
    return times[Math.floor(times.length / 2)] ?? 0
  }

  /** Any known transaction's output, spent or not */
  output(txid: string, vout: number): TxOutput | undefined {
    return this.txs.get(txid)?.tx.outputs[vout]
  }

  /** A confirmed unspent output, or an output of a mempool transaction */
  coin(txid: string, vout: number): Coin | undefined {
    const confirmed = this.utxos.get(outpointKey(txid, vout))
    if (confirmed) return confirmed
    const output = this.mempool.get(txid)?.tx.outputs[vout]
    return output && { ...output, height: this.nextHeight, coinbase: false }
  }

  private touch(script: Uint8Array, txid: string): void {
    if (script[0] === OP_RETURN) return
    const key = hex.encode(script)
    let history = this.histories.get(key)
    if (!history) {
      history = new Set()
      this.histories.set(key, history)
    }
    history.add(txid)
  }

  private index(tx: DecodedTx): void {
    tx.inputs.forEach((input, vin) => {
      if (isCoinbaseInput(input)) return
      this.spends.set(outpointKey(input.txid, input.vout), { txid: tx.txid, vin })
      const prevout = this.output(input.txid, input.vout)
      if (prevout) this.touch(prevout.script, tx.txid)
    })
    for (const output of tx.outputs) this.touch(output.script, tx.txid)
  }

  /** Adds an accepted transaction to the mempool */
  addToMempool(tx: DecodedTx, fee: bigint): void {
    const record = { tx, fee }
    this.txs.set(tx.txid, record)
    this.mempool.set(tx.txid, record)
    this.index(tx)
  }

  /** Connects a block whose first transaction is its coinbase and the rest came from the mempool */
  connect(header: BlockHeader, txs: readonly DecodedTx[]): BlockRecord {
    const height = this.blocks.length
    const block: BlockRecord = {
      hash: headerHash(header),
      height,
      header,
      txids: txs.map((tx) => tx.txid),
      size: 80 + compactSizeLength(txs.length) + txs.reduce((sum, tx) => sum + tx.size, 0),
      weight:
        4 * (80 + compactSizeLength(txs.length)) + txs.reduce((sum, tx) => sum + tx.weight, 0),
      medianTime: 0,
    }
    this.blocks.push(block)
    this.blocksByHash.set(block.hash, block)
    block.medianTime = this.medianTimePast(height)
    txs.forEach((tx, position) => {
      const known = this.mempool.get(tx.txid)
      this.mempool.delete(tx.txid)
      const coinbase = position === 0
      if (!known) {
        this.txs.set(tx.txid, { tx, fee: 0n })
        this.index(tx)
      }
      ;(this.txs.get(tx.txid) as TxRecord).block = block
      // The genesis coinbase is never spendable (Core never adds it to the UTXO set).
      if (height === 0) return
      for (const input of tx.inputs) this.utxos.delete(outpointKey(input.txid, input.vout))
      tx.outputs.forEach((output, vout) => {
        if (output.script[0] === OP_RETURN) return
        this.utxos.set(outpointKey(tx.txid, vout), { ...output, height, coinbase })
      })
    })
    return block
  }
}
