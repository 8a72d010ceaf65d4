// The JSON bodies Esplora answers, field for field as electrs serializes them (src/rest.rs):
// transactions with their prevouts, fee and status, blocks, statuses, outspends, UTXOs.
import { scriptAsm } from './asm.ts'
import { hex } from './hashes.ts'
import { difficultyOfBits } from './header.ts'
import type { BitcoinLedger, BlockRecord, TxRecord } from './ledger.ts'
import { isCoinbaseInput, type TxOutput } from './rawtx.ts'
import { addressOfScript, scriptType } from './script.ts'

export interface TxStatusJson {
  confirmed: boolean
  block_height?: number
  block_hash?: string
  block_time?: number
}

export function statusJson(block: BlockRecord | undefined): TxStatusJson {
  if (!block) return { confirmed: false }
  return {
    confirmed: true,
    block_height: block.height,
    block_hash: block.hash,
    block_time: block.header.time,
  }
}

export function outputJson(output: TxOutput) {
  const address = addressOfScript(output.script)
  return {
    scriptpubkey: hex.encode(output.script),
    scriptpubkey_asm: scriptAsm(output.script),
    scriptpubkey_type: scriptType(output.script),
    ...(address !== undefined && { scriptpubkey_address: address }),
    value: Number(output.value),
  }
}

export function txJson(record: TxRecord, ledger: BitcoinLedger) {
  const { tx } = record
  return {
    txid: tx.txid,
    version: tx.version,
    locktime: tx.lockTime,
    vin: tx.inputs.map((input) => {
      const coinbase = isCoinbaseInput(input)
      const prevout = coinbase ? undefined : ledger.output(input.txid, input.vout)
      return {
        txid: input.txid,
        vout: input.vout,
        prevout: prevout ? outputJson(prevout) : null,
        scriptsig: hex.encode(input.scriptSig),
        scriptsig_asm: scriptAsm(input.scriptSig),
        ...(input.witness.length > 0 && { witness: input.witness.map((item) => hex.encode(item)) }),
        is_coinbase: coinbase,
        sequence: input.sequence,
      }
    }),
    vout: tx.outputs.map(outputJson),
    size: tx.size,
    weight: tx.weight,
    fee: Number(record.fee),
    status: statusJson(record.block),
  }
}

export function blockJson(block: BlockRecord) {
  const { header } = block
  return {
    id: block.hash,
    height: block.height,
    version: header.version,
    timestamp: header.time,
    tx_count: block.txids.length,
    size: block.size,
    weight: block.weight,
    merkle_root: header.merkleRoot,
    previousblockhash: block.height === 0 ? null : header.prevHash,
    mediantime: block.medianTime,
    nonce: header.nonce,
    bits: header.bits,
    difficulty: difficultyOfBits(header.bits),
  }
}

/** GET /block/:hash/status (electrs BlockStatus) of a block in the chain */
export function blockStatusJson(block: BlockRecord, ledger: BitcoinLedger) {
  return {
    in_best_chain: true,
    height: block.height,
    next_best: ledger.blocks[block.height + 1]?.hash ?? null,
  }
}

/** GET /tx/:txid/outspend/:vout (electrs SpendingValue) */
export function outspendJson(ledger: BitcoinLedger, txid: string, vout: number) {
  const spend = ledger.spends.get(`${txid}:${vout}`)
  if (!spend) return { spent: false }
  return {
    spent: true,
    txid: spend.txid,
    vin: spend.vin,
    status: statusJson(ledger.txs.get(spend.txid)?.block),
  }
}
