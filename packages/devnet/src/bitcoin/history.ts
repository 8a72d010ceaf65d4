// What Esplora answers about one address (its script): the funded/spent totals confirmed and in
// the mempool, its transactions newest first (the mempool's before the chain's, a page of each),
// and its unspent outputs.
import { CHAIN_TXS_PER_PAGE, MAX_MEMPOOL_TXS } from './constants.ts'
import { statusJson } from './esplora-json.ts'
import { hex } from './hashes.ts'
import { type BitcoinLedger, outpointKey, type TxRecord } from './ledger.ts'

export interface ScriptStats {
  funded_txo_count: number
  funded_txo_sum: number
  spent_txo_count: number
  spent_txo_sum: number
  tx_count: number
}

interface History {
  /** Newest first */
  confirmed: TxRecord[]
  /** Newest first */
  mempool: TxRecord[]
}

function historyOf(ledger: BitcoinLedger, script: Uint8Array): History {
  const txids = [...(ledger.histories.get(hex.encode(script)) ?? [])]
  const records = txids.map((txid) => ledger.txs.get(txid) as TxRecord)
  const position = (record: TxRecord) => record.block?.txids.indexOf(record.tx.txid) ?? 0
  const confirmed = records
    .filter((record) => record.block)
    .sort((a, b) => (b.block?.height ?? 0) - (a.block?.height ?? 0) || position(b) - position(a))
  // histories keep the order transactions arrived in, so the mempool's newest is last.
  const mempool = records.filter((record) => !record.block).reverse()
  return { confirmed, mempool }
}

function statsOf(ledger: BitcoinLedger, records: readonly TxRecord[], scriptHex: string) {
  const stats: ScriptStats = {
    funded_txo_count: 0,
    funded_txo_sum: 0,
    spent_txo_count: 0,
    spent_txo_sum: 0,
    tx_count: records.length,
  }
  for (const { tx } of records) {
    for (const output of tx.outputs) {
      if (hex.encode(output.script) !== scriptHex) continue
      stats.funded_txo_count += 1
      stats.funded_txo_sum += Number(output.value)
    }
    for (const input of tx.inputs) {
      const prevout = ledger.output(input.txid, input.vout)
      if (!prevout || hex.encode(prevout.script) !== scriptHex) continue
      stats.spent_txo_count += 1
      stats.spent_txo_sum += Number(prevout.value)
    }
  }
  return stats
}

export function addressStats(ledger: BitcoinLedger, script: Uint8Array) {
  const { confirmed, mempool } = historyOf(ledger, script)
  const scriptHex = hex.encode(script)
  return {
    chain_stats: statsOf(ledger, confirmed, scriptHex),
    mempool_stats: statsOf(ledger, mempool, scriptHex),
  }
}

/** GET /address/:address/txs: up to 50 mempool transactions, then the first 25 confirmed */
export function addressTxs(ledger: BitcoinLedger, script: Uint8Array): TxRecord[] {
  const { confirmed, mempool } = historyOf(ledger, script)
  return [...mempool.slice(0, MAX_MEMPOOL_TXS), ...confirmed.slice(0, CHAIN_TXS_PER_PAGE)]
}

export function addressMempoolTxs(ledger: BitcoinLedger, script: Uint8Array): TxRecord[] {
  return historyOf(ledger, script).mempool.slice(0, MAX_MEMPOOL_TXS)
}

/**
 * GET /address/:address/txs/chain[/:last_seen_txid]: 25 confirmed transactions, newest first,
 * after `lastSeen` (none when it is not in the history, as electrs answers)
 */
export function addressChainTxs(
  ledger: BitcoinLedger,
  script: Uint8Array,
  lastSeen?: string,
): TxRecord[] {
  const { confirmed } = historyOf(ledger, script)
  const after = lastSeen === undefined ? -1 : confirmed.findIndex((r) => r.tx.txid === lastSeen)
  if (lastSeen !== undefined && after < 0) return []
  return confirmed.slice(after + 1, after + 1 + CHAIN_TXS_PER_PAGE)
}

/** GET /address/:address/utxo: outputs to the script no transaction spends, oldest first */
export function addressUtxos(ledger: BitcoinLedger, script: Uint8Array) {
  const { confirmed, mempool } = historyOf(ledger, script)
  const scriptHex = hex.encode(script)
  const utxos = []
  for (const record of [...confirmed].reverse().concat([...mempool].reverse())) {
    for (const [vout, output] of record.tx.outputs.entries()) {
      if (hex.encode(output.script) !== scriptHex) continue
      if (ledger.spends.has(outpointKey(record.tx.txid, vout))) continue
      utxos.push({
        txid: record.tx.txid,
        vout,
        status: statusJson(record.block),
        value: Number(output.value),
      })
    }
  }
  return utxos
}
