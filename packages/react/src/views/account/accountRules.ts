// What Account shows, decided without React: the wallet feature buttons and each activity row.
import type { ChainNamespace, CodeFeatures, Features, Transaction } from '@latchkey/core/internal'
import {
  DEFAULT_WALLET_FEATURE_ORDER,
  formatTokenAmount,
  isSwapSupported,
  SEND_SUPPORTED_NAMESPACES,
} from '@latchkey/core/internal'
import { BUILT_WALLET_FEATURES, type WalletFeature } from '../../builtViews.ts'
import type { BaseMessages } from '../../messages.ts'

/**
 * §1 Wallet feature buttons in the default order (onramp, swaps, receive, send) or the app's
 * (AppKit's `features.walletFeaturesOrder`: the ones it lists, in its order), each shown only
 * when its feature is on and its view is built. Receive and send are on unless the app turns
 * them off (`features.receive`/`send`); send needs an EVM or Solana account (§5); swap an EVM
 * account on a swap-supported network (§9); buying an EVM account (the provider says which of
 * its networks it sells on; README "Buy crypto").
 */
export function visibleWalletFeatures(
  features: Pick<Features, 'onramp' | 'swaps'>,
  where: { namespace: ChainNamespace | undefined; caipNetworkId: string },
  built: readonly WalletFeature[] = BUILT_WALLET_FEATURES,
  code: CodeFeatures = {},
): WalletFeature[] {
  const { namespace } = where
  const on: Record<WalletFeature, boolean> = {
    // Which networks a provider sells on is the options' to say (OnRampProviders).
    onramp: features.onramp && (namespace === 'eip155' || namespace === 'solana'),
    swaps: features.swaps && namespace === 'eip155' && isSwapSupported(where.caipNetworkId),
    receive: code.receive !== false,
    send:
      code.send !== false &&
      (SEND_SUPPORTED_NAMESPACES as readonly string[]).includes(namespace ?? ''),
  }
  const wanted = Array.isArray(code.walletFeaturesOrder)
    ? DEFAULT_WALLET_FEATURE_ORDER.filter((f) => code.walletFeaturesOrder?.includes(f)).sort(
        (a, b) =>
          (code.walletFeaturesOrder?.indexOf(a) ?? 0) - (code.walletFeaturesOrder?.indexOf(b) ?? 0),
      )
    : DEFAULT_WALLET_FEATURE_ORDER
  return wanted.filter((feature) => on[feature] && built.includes(feature))
}

/** What an activity row says: a swap's two legs; else the first transfer that is not spam. */
export function activitySummary(transaction: Transaction, messages: BaseMessages, locale?: string) {
  const amountOf = (numeric: string) => formatTokenAmount(numeric, locale)
  const sold = transaction.transfers.find((t) => t.direction === 'out')
  const bought = transaction.transfers.find((t) => t.direction === 'in')
  if (transaction.metadata.operationType === 'trade' && sold && bought) {
    const soldText = `${amountOf(sold.quantity.numeric)} ${sold.fungible_info?.symbol ?? ''}`
    return {
      direction: 'trade',
      label: messages.swapped,
      amount: `${soldText} → ${amountOf(bought.quantity.numeric)}`,
      symbol: bought.fungible_info?.symbol ?? '',
    } as const
  }
  const transfer =
    transaction.transfers.find((t) => t.nft_info?.flags?.is_spam !== true) ??
    transaction.transfers[0]
  const direction =
    transfer?.direction ?? (transaction.metadata.operationType === 'receive' ? 'in' : 'out')
  const sign = { in: '+', out: '-', self: '' }[direction]
  return {
    direction,
    label: { in: messages.received, out: messages.sent, self: messages.sentToSelf }[direction],
    amount: transfer ? `${sign}${amountOf(transfer.quantity.numeric)}` : '',
    symbol: transfer?.fungible_info?.symbol ?? (transfer?.nft_info ? 'NFT' : ''),
  } as const
}
