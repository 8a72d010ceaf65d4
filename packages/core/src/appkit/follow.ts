// What follows the connected account: its balances and activity, and its sign-in. Each is
// keyed by the account (and network); only a change of key does any work, and that work loads
// lazily.

import { initialPortfolioState } from '../portfolio/portfolioState.ts'
import type { InstanceContext, InstanceParts } from './parts.ts'

/**
 * Calls `onKey` with the key at once (when there is one) and whenever it changes on an account
 * or network change; returns the unsubscribers.
 */
function followKey(
  ctx: InstanceContext,
  keyOf: () => string | undefined,
  onKey: (key: string | undefined) => void,
): (() => void)[] {
  const { account, chain } = ctx.stores
  let key = keyOf()
  const onChange = () => {
    const next = keyOf()
    if (next === key) return
    key = next
    onKey(next)
  }
  if (key) onKey(key)
  return [account.subscribe(onChange), chain.subscribe(onChange)]
}

/** Balances and activity: refreshed when the account connects or its network changes, cleared when it disconnects. */
export function followPortfolio(ctx: InstanceContext, parts: InstanceParts) {
  const { account, chain, portfolio } = ctx.stores
  return followKey(
    ctx,
    () => {
      const { status, caipAddress } = account.getState()
      if (status !== 'connected' || !caipAddress) return undefined
      const { activeCaipNetwork, unsupported } = chain.getState()
      return `${caipAddress}|${activeCaipNetwork.caipNetworkId}|${unsupported}`
    },
    (key) => {
      if (!key) portfolio.setState(initialPortfolioState(), true)
      else {
        void parts.refreshPortfolio().catch((error) => ctx.log('portfolio failed to load', error))
      }
    },
  )
}

/** §4 Sign-in follows the account: checked after connecting and on every account or network change. */
export function followSignIn(ctx: InstanceContext, parts: InstanceParts) {
  if (!ctx.options.siwx) return []
  const { account, chain, siwx } = ctx.stores
  return followKey(
    ctx,
    () => {
      const { status, caipAddress } = account.getState()
      return status === 'connected'
        ? `${caipAddress}|${chain.getState().activeCaipNetwork.caipNetworkId}`
        : undefined
    },
    (key) => {
      if (!key) siwx.setState({ blocking: false })
      else {
        void parts
          .siwxFlow()
          .then((f) => f.check())
          .catch((error) => ctx.log('sign-in check failed', error))
      }
    },
  )
}
