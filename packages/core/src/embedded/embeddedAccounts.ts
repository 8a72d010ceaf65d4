// The embedded wallet's accounts per namespace, read from the frame's user (§3): small and free of
// the frame's code, so views (ProfileWallets) and the Solana wallet (embeddedSolana.ts) share it.
import { decodeBase58 } from '../base58.ts'
import type { ChainNamespace } from '../caip.ts'

/** What is read of the frame's user; EmbeddedUserInfo fits. */
export interface EmbeddedUserAccounts {
  /** The EVM account */
  address: string
  /** With a Solana key, one of them has `namespace: 'solana'` */
  accounts?: readonly { address: string; namespace?: string }[]
  /** The Solana account (base58 ed25519 public key) */
  solanaAddress?: string | null
}

export interface ProfileAccount {
  namespace: ChainNamespace
  address: string
}

/** A Solana address: base58 of a 32-byte ed25519 public key. */
export function solanaPublicKey(address: string): Uint8Array | undefined {
  const bytes = decodeBase58(address)
  return bytes?.length === 32 ? bytes : undefined
}

/** The user's Solana account: `solanaAddress`, else the account of namespace 'solana'. */
export function solanaAddressOf(user: EmbeddedUserAccounts | undefined): string | undefined {
  const address =
    user?.solanaAddress ?? user?.accounts?.find((a) => a.namespace === 'solana')?.address
  return address && solanaPublicKey(address) ? address : undefined
}

/** The user's accounts, one per namespace: EVM, then Solana when the frame holds a Solana key. */
export function profileAccountsOf(user: EmbeddedUserAccounts | undefined): ProfileAccount[] {
  if (!user) return []
  const solana = solanaAddressOf(user)
  return [
    ...(user.address ? [{ namespace: 'eip155' as const, address: user.address }] : []),
    ...(solana ? [{ namespace: 'solana' as const, address: solana }] : []),
  ]
}
