import type { ChainNamespace } from '../caip.ts'
import type { AccountType } from '../storage/storageEntries.ts'

/**
 * `defaultAccountTypes` (spec §3 config option): the account type an embedded (email or social)
 * wallet starts with, per namespace, until the visitor picks one (the stored §3 "preferred
 * account types" entry wins over it). Without either it is `'eoa'`.
 *
 * Latchkey's embedded wallet has no smart accounts yet: asking for `'smartAccount'` logs a
 * warning once and the wallet uses its EOA.
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
  warn(message: string): void
}

export const SMART_ACCOUNTS_UNAVAILABLE =
  'smart accounts are not available in this embedded wallet; using the EOA'

/**
 * The account type the embedded wallet uses for a namespace: stored → option → 'eoa', and
 * always 'eoa' in the end (no smart accounts): 'smartAccount' is never sent to the frame.
 */
export function createAccountTypeResolver(ctx: AccountTypeContext) {
  let warned = false
  return function preferredAccountType(namespace: ChainNamespace = 'eip155'): 'eoa' {
    const option = (ctx.defaults as Partial<Record<ChainNamespace, unknown>> | undefined)?.[
      namespace
    ]
    const wanted = ctx.stored(namespace) ?? option ?? 'eoa'
    if (wanted === 'smartAccount' && !warned) {
      warned = true
      ctx.warn(SMART_ACCOUNTS_UNAVAILABLE)
    }
    return 'eoa'
  }
}

export type PreferredAccountType = ReturnType<typeof createAccountTypeResolver>
