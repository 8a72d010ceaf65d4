import type { ChainNamespace } from '../caip.ts'
import type { AccountType } from '../storage/storageEntries.ts'

/**
 * `defaultAccountTypes` (spec §3 config option): the account type an embedded (email or social)
 * wallet starts with, per namespace, until the visitor picks one (the stored §3 "preferred
 * account types" entry wins over it). Without either it is `'eoa'`.
 *
 * `'smartAccount'` gives the visitor the ERC-4337 account their embedded key owns, on the chains
 * whose bundler the services know (README "Smart accounts"); elsewhere the frame keeps the EOA.
 *
 * @example createAppKit({ ..., defaultAccountTypes: { eip155: 'eoa' } })
 */
export interface DefaultAccountTypes {
  eip155?: 'eoa' | 'smartAccount'
  solana?: 'eoa'
}

export interface AccountTypeContext {
  /** §3 The stored preference of the namespace (validated by the storage) */
  stored(namespace: ChainNamespace): AccountType | undefined
  defaults?: DefaultAccountTypes
}

/**
 * The account type the embedded wallet asks for in a namespace: stored → option → 'eoa'. Only
 * EVM has smart accounts: another namespace is always 'eoa'.
 */
export function createAccountTypeResolver(ctx: AccountTypeContext) {
  return function preferredAccountType(
    namespace: ChainNamespace = 'eip155',
  ): 'eoa' | 'smartAccount' {
    if (namespace !== 'eip155') return 'eoa'
    const wanted = ctx.stored(namespace) ?? ctx.defaults?.eip155
    return wanted === 'smartAccount' ? 'smartAccount' : 'eoa'
  }
}

export type PreferredAccountType = ReturnType<typeof createAccountTypeResolver>
