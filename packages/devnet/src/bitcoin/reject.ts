// A refused transaction, worded as Bitcoin Core's sendrawtransaction words it (the reject reason,
// then ", " and the details when there are any) with Core's RPC error code, and the text Esplora
// answers it with.
import { SATS_PER_BTC } from './constants.ts'

/** Core's RPC codes for sendrawtransaction's failures (rpc/protocol.h) */
export const RPC_CODES = {
  /** RPC_TRANSACTION_ERROR: missing inputs, fee above maxfeerate */
  transactionError: -25,
  /** RPC_TRANSACTION_REJECTED: everything the mempool refuses */
  rejected: -26,
  /** RPC_TRANSACTION_ALREADY_IN_CHAIN */
  alreadyInChain: -27,
  /** RPC_DESERIALIZATION_ERROR */
  decodeFailed: -22,
} as const

/** sendrawtransaction's answer to bytes that are not a transaction */
export const DECODE_FAILED = 'TX decode failed. Make sure the tx has at least one input.'

export class BitcoinTransactionRejected extends Error {
  constructor(
    readonly code: number,
    readonly reason: string,
    readonly details?: string,
  ) {
    super(details === undefined ? reason : `${reason}, ${details}`)
    this.name = 'BitcoinTransactionRejected'
  }

  /** Esplora's body for a failed broadcast: bitcoind's JSON-RPC error behind the method name */
  get esploraText(): string {
    return `sendrawtransaction RPC error: ${JSON.stringify({ code: this.code, message: this.message })}`
  }
}

export function rejected(reason: string, details?: string): BitcoinTransactionRejected {
  return new BitcoinTransactionRejected(RPC_CODES.rejected, reason, details)
}

/** A failed script check, mandatory (consensus) or only policy, as Core up to v29 prefixes it */
export function scriptFailed(error: string, mandatory = true): BitcoinTransactionRejected {
  return rejected(
    mandatory
      ? `mandatory-script-verify-flag-failed (${error})`
      : `non-mandatory-script-verify-flag (${error})`,
  )
}

/** Core's FormatMoney: whole coins, then at least two decimals, trailing zeros cut */
export function formatMoney(sats: bigint): string {
  const sign = sats < 0n ? '-' : ''
  const abs = sats < 0n ? -sats : sats
  const fraction = (abs % SATS_PER_BTC)
    .toString()
    .padStart(8, '0')
    .replace(/0{1,6}$/, '')
  return `${sign}${abs / SATS_PER_BTC}.${fraction}`
}
