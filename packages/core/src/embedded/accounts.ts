import type { AccountState } from '../appkitState.ts'
import type { ChainNamespace } from '../caip.ts'
import type { EmbeddedUserInfo } from './embeddedState.ts'

/** §3 Account types */
export type AccountKind = 'eoa' | 'smartAccount'

/** §3 Account: one connected address of one namespace. */
export interface Account {
  namespace: ChainNamespace
  address: string
  type: AccountKind
  /** The account's public key where the address is one (Solana's ed25519 key, base58) */
  publicKey?: string
  /** The key's derivation path, where the wallet tells it (none of our wallets do yet) */
  path?: string
}

function kindOf(address: string, user: EmbeddedUserInfo | undefined): AccountKind {
  const known = user?.accounts.find((a) => a.address.toLowerCase() === address.toLowerCase())
  return known?.type === 'SMART_ACCOUNT' ? 'smartAccount' : 'eoa'
}

/**
 * Every connected account, the active namespace's first. `user` is the embedded wallet's user
 * when the visitor signed in with email or a social provider: it knows which are smart accounts.
 */
export function accountsOf(account: AccountState, user?: EmbeddedUserInfo): Account[] {
  if (account.status !== 'connected') return []
  const connections = { ...account.connections }
  if (account.namespace && account.address) {
    connections[account.namespace] = {
      ...connections[account.namespace],
      address: account.address,
      chainId: connections[account.namespace]?.chainId ?? '',
    }
  }
  const namespaces = Object.keys(connections) as ChainNamespace[]
  namespaces.sort((a, b) => Number(b === account.namespace) - Number(a === account.namespace))
  return namespaces.flatMap((namespace) => {
    const address = connections[namespace]?.address
    if (!address) return []
    return [
      {
        namespace,
        address,
        type: kindOf(address, user),
        ...(namespace === 'solana' && { publicKey: address }),
      },
    ]
  })
}
