// A native transfer built as a PSBT for a wallet that only signs: the sender's coins from
// Esplora, @scure/btc-signer's coin selection at Esplora's fee estimate, change back to the sender.
import type { CaipNetwork } from '@latchkey/core/networks'
import { selectUTXO } from '@scure/btc-signer'
import { addressParamsOf, outputScriptOf, spendingFields } from './addressing.ts'
import { DUST_LIMIT_SATS } from './constants.ts'
import { BitcoinErrorText, BitcoinTransferError } from './errors.ts'
import type { EsploraClient } from './esplora.ts'

export interface TransferRequestParts {
  from: string
  /** The sender's public key, hex (needed for P2TR and P2SH-P2WPKH senders) */
  publicKey?: string
  to: string
  /** Satoshis */
  amount: bigint
  network: CaipNetwork
}

export interface TransferPlan {
  psbt: Uint8Array
  /** The indexes of the inputs, all the sender's */
  inputs: number[]
  fee: bigint
}

/** Refuses an amount below the dust limit and a receiver that is no address on the network. */
export function checkTransfer(to: string, amount: bigint, network: CaipNetwork): void {
  if (amount < DUST_LIMIT_SATS) throw new BitcoinTransferError(BitcoinErrorText.dust(amount))
  outputScriptOf(to, network)
}

export function insufficientFunds(amount: bigint, available: bigint) {
  return new BitcoinTransferError(BitcoinErrorText.insufficientFunds(amount, available))
}

export async function buildTransfer(
  request: TransferRequestParts,
  esplora: EsploraClient,
): Promise<TransferPlan> {
  const { from, to, amount, network } = request
  checkTransfer(to, amount, network)
  const { script, fields } = spendingFields(from, request.publicKey, network)
  const [coins, feeRate] = await Promise.all([esplora.utxos(from), esplora.feeRate()])
  const available = coins.reduce((sum, coin) => sum + BigInt(coin.value), 0n)
  if (available < amount) throw insufficientFunds(amount, available)
  const selected = selectUTXO(
    coins.map((coin) => ({
      ...fields,
      txid: coin.txid,
      index: coin.vout,
      witnessUtxo: { script, amount: BigInt(coin.value) },
    })),
    [{ address: to, amount }],
    'default',
    {
      feePerByte: BigInt(Math.ceil(feeRate)),
      changeAddress: from,
      network: addressParamsOf(network),
    },
  )
  if (!selected?.tx || selected.fee === undefined) throw insufficientFunds(amount, available)
  return {
    psbt: selected.tx.toPSBT(),
    inputs: selected.inputs.map((_, index) => index),
    fee: selected.fee,
  }
}
