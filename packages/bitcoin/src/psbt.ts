// PSBTs the engine reads: which inputs an account signs, and a signed one made broadcastable.
import type { CaipNetwork } from '@latchkey/core/networks'
import { base64, hex } from '@scure/base'
import { Transaction } from '@scure/btc-signer'
import { outputScriptOf } from './addressing.ts'
import { BitcoinErrorText, invalidParamsError } from './errors.ts'

const OPTIONS = { allowUnknownOutputs: true, allowUnknownInputs: true } as const

export function decodePsbt(psbt: Uint8Array): Transaction {
  try {
    return Transaction.fromPSBT(psbt, OPTIONS)
  } catch (error) {
    throw new Error(BitcoinErrorText.invalidPsbt((error as Error)?.message ?? String(error)))
  }
}

export function psbtBytes(psbtBase64: unknown, method: string): Uint8Array {
  if (typeof psbtBase64 === 'string') {
    try {
      return base64.decode(psbtBase64)
    } catch {}
  }
  throw invalidParamsError(method, 'a PSBT, base64')
}

/** The inputs of the PSBT that spend an output paying `address`. */
export function inputsOf(tx: Transaction, address: string, network: CaipNetwork): number[] {
  const script = hex.encode(outputScriptOf(address, network))
  const indexes: number[] = []
  for (let index = 0; index < tx.inputsLength; index++) {
    const input = tx.getInput(index)
    const spent =
      input.witnessUtxo?.script ??
      (input.index !== undefined ? input.nonWitnessUtxo?.outputs[input.index]?.script : undefined)
    if (spent && hex.encode(spent) === script) indexes.push(index)
  }
  return indexes
}

/** A signed PSBT's transaction, its inputs finalized: raw hex and txid. */
export function finalizedTransaction(signed: Uint8Array): { rawHex: string; txid: string } {
  const tx = decodePsbt(signed)
  for (let index = 0; index < tx.inputsLength; index++) {
    const input = tx.getInput(index)
    if (!input.finalScriptWitness && !input.finalScriptSig) tx.finalizeIdx(index)
  }
  return { rawHex: tx.hex, txid: tx.id }
}
