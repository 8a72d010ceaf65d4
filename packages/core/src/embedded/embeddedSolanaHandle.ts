// The embedded Solana wallet's handle, apart from the wallet itself (embeddedSolana.ts): the
// Solana adapter reads it in every app's first load, the wallet loads only with a login.
import type { Wallet } from '@wallet-standard/base'

let handle: Wallet | undefined

/** Set by embeddedSolana.ts when it registers the wallet in the page, cleared when it leaves. */
export function setEmbeddedSolanaHandle(wallet: Wallet | undefined): void {
  handle = wallet
}

/**
 * The wallet object core registered. The Solana adapter connects the embedded wallet through
 * this handle only: a page script can register a look-alike under the same name.
 */
export function embeddedSolanaWallet(): Wallet | undefined {
  return handle
}
