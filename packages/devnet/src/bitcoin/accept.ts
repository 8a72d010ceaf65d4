// Mempool acceptance of a submitted raw transaction, in the order Bitcoin Core's
// AcceptToMemoryPool checks it: decoding, CheckTransaction, IsStandardTx, finality, conflicts,
// missing inputs, CheckTxInputs (maturity, value), input standardness, fees, then the scripts.
// Anything refused throws BitcoinTransactionRejected with Core's reason. Unlike Core there is no
// replace-by-fee: any conflict with the mempool is refused.
import { isPushOnly } from './asm.ts'
import {
  COINBASE_MATURITY,
  MAX_FEE_RATE_PER_KVB,
  MAX_MONEY,
  MAX_STANDARD_SCRIPTSIG_SIZE,
  MAX_STANDARD_TX_VERSION,
  MAX_STANDARD_TX_WEIGHT,
  MIN_RELAY_FEE_PER_KVB,
  MIN_STANDARD_TX_NONWITNESS_SIZE,
} from './constants.ts'
import { isFinalTx, meetsSequenceLocks } from './finality.ts'
import { hex } from './hashes.ts'
import { type BitcoinLedger, outpointKey } from './ledger.ts'
import { type DecodedTx, decodeTx, isCoinbaseInput, type TxOutput } from './rawtx.ts'
import {
  BitcoinTransactionRejected,
  DECODE_FAILED,
  formatMoney,
  RPC_CODES,
  rejected,
} from './reject.ts'
import { dustThreshold, isStandardOutputScript, scriptType } from './script.ts'
import { isSupportedPrevout, UNSUPPORTED_INPUT, verifyInputScripts } from './signatures.ts'

export interface Accepted {
  tx: DecodedTx
  fee: bigint
  /** False when the same transaction was already in the mempool (Core answers its txid too) */
  isNew: boolean
}

export function decodeSubmitted(rawHex: string): DecodedTx {
  const text = rawHex.trim()
  const tx = /^([0-9a-fA-F]{2})+$/.test(text) ? decodeTx(hex.decode(text.toLowerCase())) : undefined
  if (!tx) throw new BitcoinTransactionRejected(RPC_CODES.decodeFailed, DECODE_FAILED)
  return tx
}

/** Core's CheckTransaction: the context-free consensus checks */
function checkTransaction(tx: DecodedTx): void {
  if (tx.inputs.length === 0) throw rejected('bad-txns-vin-empty')
  if (tx.outputs.length === 0) throw rejected('bad-txns-vout-empty')
  let total = 0n
  for (const output of tx.outputs) {
    if (output.value > MAX_MONEY) throw rejected('bad-txns-vout-toolarge')
    total += output.value
    if (total > MAX_MONEY) throw rejected('bad-txns-txouttotal-toolarge')
  }
  const seen = new Set<string>()
  for (const input of tx.inputs) {
    const key = outpointKey(input.txid, input.vout)
    if (seen.has(key)) throw rejected('bad-txns-inputs-duplicate')
    seen.add(key)
  }
  if (tx.inputs.length === 1 && isCoinbaseInput(tx.inputs[0] as DecodedTx['inputs'][number])) {
    throw rejected('coinbase')
  }
  if (tx.inputs.some(isCoinbaseInput)) throw rejected('bad-txns-prevout-null')
}

/** Core's IsStandardTx */
function checkStandard(tx: DecodedTx): void {
  if (tx.version < 1 || tx.version > MAX_STANDARD_TX_VERSION) throw rejected('version')
  if (tx.weight > MAX_STANDARD_TX_WEIGHT) throw rejected('tx-size')
  for (const input of tx.inputs) {
    if (input.scriptSig.length > MAX_STANDARD_SCRIPTSIG_SIZE) throw rejected('scriptsig-size')
    if (!isPushOnly(input.scriptSig)) throw rejected('scriptsig-not-pushonly')
  }
  let dataOutputs = 0
  for (const output of tx.outputs) {
    if (!isStandardOutputScript(output.script)) throw rejected('scriptpubkey')
    if (output.script[0] === 0x6a) dataOutputs += 1
    else if (output.value < dustThreshold(output.script)) throw rejected('dust')
  }
  if (dataOutputs > 1) throw rejected('multi-op-return')
  if (tx.baseSize < MIN_STANDARD_TX_NONWITNESS_SIZE) throw rejected('tx-size-small')
}

/** Fee for `vsize` virtual bytes at a rate in sat/kvB (Core's CFeeRate::GetFee) */
const feeAt = (ratePerKvb: bigint, vsize: number) => (ratePerKvb * BigInt(vsize)) / 1000n

function checkInputs(tx: DecodedTx, ledger: BitcoinLedger): { prevouts: TxOutput[]; fee: bigint } {
  const nextHeight = ledger.nextHeight
  const coinHeights: number[] = []
  const prevouts: TxOutput[] = []
  let valueIn = 0n
  for (const input of tx.inputs) {
    const spender = ledger.spends.get(outpointKey(input.txid, input.vout))
    if (spender && ledger.mempool.has(spender.txid)) throw rejected('txn-mempool-conflict')
  }
  for (const input of tx.inputs) {
    const coin = ledger.coin(input.txid, input.vout)
    if (!coin) {
      throw new BitcoinTransactionRejected(
        RPC_CODES.transactionError,
        'bad-txns-inputs-missingorspent',
      )
    }
    if (coin.coinbase && nextHeight - coin.height < COINBASE_MATURITY) {
      throw rejected(
        'bad-txns-premature-spend-of-coinbase',
        `tried to spend coinbase at depth ${nextHeight - coin.height}`,
      )
    }
    coinHeights.push(coin.height)
    prevouts.push(coin)
    valueIn += coin.value
  }
  const valueOut = tx.outputs.reduce((sum, output) => sum + output.value, 0n)
  if (valueIn < valueOut) {
    throw rejected(
      'bad-txns-in-belowout',
      `value in (${formatMoney(valueIn)}) < value out (${formatMoney(valueOut)})`,
    )
  }
  if (!meetsSequenceLocks(tx, coinHeights, ledger)) throw rejected('non-BIP68-final')
  return { prevouts, fee: valueIn - valueOut }
}

export function acceptToMempool(rawHex: string, ledger: BitcoinLedger): Accepted {
  const tx = decodeSubmitted(rawHex)
  checkTransaction(tx)
  checkStandard(tx)
  if (!isFinalTx(tx, ledger)) throw rejected('non-final')
  const known = ledger.mempool.get(tx.txid)
  if (known && known.tx.wtxid !== tx.wtxid) throw rejected('txn-same-nonwitness-data-in-mempool')
  if (known) return { tx: known.tx, fee: known.fee, isNew: false }
  if (tx.outputs.some((_, vout) => ledger.utxos.has(outpointKey(tx.txid, vout)))) {
    throw new BitcoinTransactionRejected(
      RPC_CODES.alreadyInChain,
      'Transaction outputs already in utxo set',
    )
  }
  const { prevouts, fee } = checkInputs(tx, ledger)
  if (!prevouts.every((prevout) => isSupportedPrevout(prevout.script))) {
    throw rejected(UNSUPPORTED_INPUT)
  }
  // Core's IsWitnessStandard: no Taproot annex (a last witness item starting 0x50).
  const annexed = tx.inputs.some(
    (input, index) =>
      scriptType((prevouts[index] as TxOutput).script) === 'v1_p2tr' &&
      input.witness.length >= 2 &&
      input.witness.at(-1)?.[0] === 0x50,
  )
  if (annexed) throw rejected('bad-witness-nonstandard')
  const minimum = feeAt(MIN_RELAY_FEE_PER_KVB, tx.vsize)
  if (fee < minimum) throw rejected('min relay fee not met', `${fee} < ${minimum}`)
  verifyInputScripts(tx, prevouts)
  if (fee > feeAt(MAX_FEE_RATE_PER_KVB, tx.vsize)) {
    throw new BitcoinTransactionRejected(
      RPC_CODES.transactionError,
      'Fee exceeds maximum configured by user (e.g. -maxtxfee, maxfeerate)',
    )
  }
  return { tx, fee, isNew: true }
}
