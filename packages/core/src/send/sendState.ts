import type { GasPrice } from '../connection/adapter.ts'

export type SendStatus = 'editing' | 'sending' | 'sent'

/** §3/§5 Send: token, amount, receiver (reset after success), and the last result. */
export interface SendState {
  /** The token's CAIP-10 address, or NATIVE_TOKEN_KEY for the network's coin */
  tokenKey?: string
  amount: string
  receiver: string
  status: SendStatus
  /** The receiver typed as a name and the address it resolved to (the preview shows both) */
  resolved?: { name: string; address: string }
  /** The validation or wallet error shown on the form */
  error?: string
  /** The last successful send's transaction hash / signature */
  hash?: string
  /** §3 EVM only */
  gasPrice?: GasPrice
  /** The network fee kept back by Max, in the native coin's smallest unit */
  fee?: bigint
}

export const NATIVE_TOKEN_KEY = 'native'

export function initialSendState(): SendState {
  return { amount: '', receiver: '', status: 'editing' }
}
