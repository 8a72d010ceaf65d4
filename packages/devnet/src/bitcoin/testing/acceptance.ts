// Helpers for acceptance tests: a funded test wallet, a refusal caught as code and message, the
// first witness stack of a decoded transaction.
import type { BitcoinChain } from '../chain.ts'
import { BitcoinTransactionRejected } from '../reject.ts'
import { type TestWallet, testWallet, type WalletKind } from './wallet.ts'

let labels = 0

/** A fresh wallet holding one confirmed coin of `sats` from the faucet */
export function fundedWallet(chain: BitcoinChain, kind: WalletKind, sats = 1_000_000) {
  const wallet: TestWallet = testWallet(kind, `funded ${labels++}`)
  const { txid } = chain.faucet(wallet.address, sats)
  return { wallet, coin: { txid, vout: 0, value: sats } }
}

/** Some other wallet's address to pay */
export const payee = (label: string) => testWallet('p2wpkh', label).address

export function rejectionOf(chain: BitcoinChain, raw: string): { code: number; message: string } {
  try {
    chain.submit(raw)
  } catch (error) {
    if (error instanceof BitcoinTransactionRejected) {
      return { code: error.code, message: error.message }
    }
    throw error
  }
  throw new Error('the transaction was accepted')
}

/** The first input's witness stack of a decoded transaction */
export function firstStack(tx: { witnesses?: Uint8Array[][] }): Uint8Array[] {
  const stack = tx.witnesses?.[0]
  if (!stack) throw new Error('no witness')
  return stack
}
