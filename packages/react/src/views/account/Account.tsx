import type { ChainNamespace, CodeFeatures, Features, Transaction } from '@latchkey/core/internal'
import {
  AUTH_CONNECTOR_ID,
  DEFAULT_WALLET_FEATURE_ORDER,
  EMBEDDED_SOLANA_CONNECTOR_ID,
  floorDecimalString,
  formatFiat,
  formatRelativeTime,
  isSwapSupported,
  SEND_SUPPORTED_NAMESPACES,
  shortenAddress,
} from '@latchkey/core/internal'
import { useEffect } from 'react'
import { BUILT_WALLET_FEATURES, type WalletFeature } from '../../builtViews.ts'
import { useCopy } from '../../components/useCopy.ts'
import { CopyIcon } from '../../icons.tsx'
import { useAppKitInstance } from '../../instance.ts'
import type { Messages } from '../../messages.ts'
import { useStore } from '../../store.ts'
import { useMessages } from '../../useMessages.ts'
import { SignOutEverywhere } from '../embedded/SignOutEverywhere.tsx'
import { AddressAvatar } from '../parts.tsx'
import { accountCss } from './styles.ts'

/**
 * §1 Wallet feature buttons in the default order (onramp, swaps, receive, send) or the app's
 * (AppKit's `features.walletFeaturesOrder`: the ones it lists, in its order), each shown only
 * when its feature is on and its view is built. Receive and send are on unless the app turns
 * them off (`features.receive`/`send`); send needs an EVM or Solana account (§5); swap an EVM
 * account on a swap-supported network (§9).
 */
export function visibleWalletFeatures(
  features: Pick<Features, 'onramp' | 'swaps'>,
  where: { namespace: ChainNamespace | undefined; caipNetworkId: string },
  built: readonly WalletFeature[] = BUILT_WALLET_FEATURES,
  code: CodeFeatures = {},
): WalletFeature[] {
  const { namespace } = where
  const on: Record<WalletFeature, boolean> = {
    onramp: features.onramp,
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
export function activitySummary(transaction: Transaction, messages: Messages) {
  const sold = transaction.transfers.find((t) => t.direction === 'out')
  const bought = transaction.transfers.find((t) => t.direction === 'in')
  if (transaction.metadata.operationType === 'trade' && sold && bought) {
    const soldText = `${floorDecimalString(sold.quantity.numeric)} ${sold.fungible_info?.symbol ?? ''}`
    return {
      direction: 'trade',
      label: messages.swapped,
      amount: `${soldText} → ${floorDecimalString(bought.quantity.numeric)}`,
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
    amount: transfer ? `${sign}${floorDecimalString(transfer.quantity.numeric)}` : '',
    symbol: transfer?.fungible_info?.symbol ?? (transfer?.nft_info ? 'NFT' : ''),
  } as const
}

const FEATURE_VIEWS = { swaps: 'Swap', receive: 'Receive', send: 'WalletSend' } as const

export default function Account() {
  const { core } = useAppKitInstance()
  const messages = useMessages()
  const account = useStore(core.stores.account)
  const network = useStore(core.stores.chain, (s) => s.activeCaipNetwork)
  const portfolio = useStore(core.stores.portfolio)
  const features = useStore(core.stores.features, (s) => s.features)
  const address = account.address ?? ''
  const walletFeatures = visibleWalletFeatures(
    features,
    { namespace: account.namespace, caipNetworkId: network.caipNetworkId },
    BUILT_WALLET_FEATURES,
    core.options.features,
  )
  const embeddedUser = useStore(core.stores.embedded, (s) => s.user)
  // The embedded wallet: its EVM account (the auth connector) or its Solana one.
  const embedded =
    account.connectorId === AUTH_CONNECTOR_ID ||
    account.connectorId === EMBEDDED_SOLANA_CONNECTOR_ID
  const email = embedded ? embeddedUser?.email : undefined
  // A social profile's email is the provider's: only an email login can change it.
  const social =
    embeddedUser?.authProvider && embeddedUser.authProvider !== 'email'
      ? embeddedUser.authProvider
      : undefined

  // Opening the view refreshes (the caches keep it cheap); the instance also refreshes on
  // connect and network changes.
  useEffect(() => {
    void core.portfolio.refresh().catch(() => undefined)
  }, [core])

  const { copied, copy } = useCopy(address, messages.addressCopied)

  return (
    <div data-view="Account" className="lk-center">
      <style>{accountCss}</style>
      <AddressAvatar address={address} />
      {portfolio.identityName ? (
        <p className="lk-identity" data-testid="account-identity">
          {portfolio.identityName}
        </p>
      ) : null}
      <div className="lk-address">
        <span data-testid="account-address" title={address}>
          {shortenAddress(address)}
        </span>
        <button
          type="button"
          className="lk-icon-btn"
          aria-label={messages.copyAddress}
          data-testid="copy-address"
          data-copied={copied || undefined}
          onClick={() => void copy()}
        >
          <CopyIcon />
        </button>
      </div>
      <p className="lk-balance" data-testid="account-balance" aria-live="polite">
        {account.balance ? (
          `${account.balance.formatted} ${account.balance.symbol}`
        ) : account.balanceError ? (
          account.balanceError
        ) : (
          <>
            <span className="lk-skeleton" />
            <span className="lk-visually-hidden">{messages.loadingBalance}</span>
          </>
        )}
      </p>
      {walletFeatures.length > 0 ? (
        <div className="lk-features lk-wide" data-testid="wallet-features">
          {walletFeatures.map((feature) => (
            <button
              key={feature}
              type="button"
              className="lk-button"
              data-testid={`wallet-feature-${feature}`}
              onClick={() => {
                if (feature in FEATURE_VIEWS) {
                  core.router.push(FEATURE_VIEWS[feature as keyof typeof FEATURE_VIEWS])
                }
              }}
            >
              {messages.walletFeatures[feature]}
            </button>
          ))}
        </div>
      ) : null}
      <div className="lk-stack lk-wide">
        {email && social ? (
          <p className="lk-item" data-testid="account-email">
            <span className="lk-item-name">{email}</span>
            <span className="lk-tag">{social}</span>
          </p>
        ) : null}
        {email && !social ? (
          <button
            type="button"
            className="lk-item"
            data-testid="account-email"
            onClick={() => {
              void core.embedded.restartUpdate()
              core.router.push('UpdateEmailWallet')
            }}
          >
            <span className="lk-item-name">{email}</span>
            <span className="lk-tag">{messages.editEmail}</span>
          </button>
        ) : null}
        {embedded ? (
          <button
            type="button"
            className="lk-item"
            data-testid="account-profile-wallets"
            onClick={() => core.router.push('ProfileWallets')}
          >
            <span className="lk-item-name">{messages.profileWallets}</span>
          </button>
        ) : null}
        {embedded ? <SignOutEverywhere /> : null}
        {core.options.enableNetworkSwitch === false ? (
          <p className="lk-item" data-testid="account-network">
            <span className="lk-item-name">{network.name}</span>
            <span className="lk-tag">{messages.network}</span>
          </p>
        ) : (
          <button
            type="button"
            className="lk-item"
            data-testid="account-network"
            onClick={() => core.router.push('Networks')}
          >
            <span className="lk-item-name">{network.name}</span>
            <span className="lk-tag">{messages.network}</span>
          </button>
        )}
      </div>
      <section className="lk-section lk-wide" aria-labelledby="lk-portfolio-title">
        <h3 id="lk-portfolio-title" className="lk-section-title">
          {messages.portfolioTotal}
        </h3>
        <p className="lk-total" data-testid="portfolio-total" aria-live="polite">
          {portfolio.balancesError ??
            (portfolio.balancesLoading && portfolio.tokens.length === 0 ? (
              <span className="lk-skeleton" />
            ) : (
              formatFiat(portfolio.totalValue)
            ))}
        </p>
        <h3 className="lk-section-title">{messages.tokens}</h3>
        <ul className="lk-list" data-testid="token-list">
          {portfolio.tokens.map((token) => (
            <li
              key={`${token.chainId}:${token.address ?? 'native'}`}
              className="lk-row"
              data-token-symbol={token.symbol}
            >
              {token.iconUrl ? (
                <img src={token.iconUrl} alt="" width={24} height={24} className="lk-token-icon" />
              ) : null}
              <span className="lk-item-name">{token.name}</span>
              <span className="lk-row-end">
                <span data-testid="token-amount">
                  {`${floorDecimalString(token.quantity.numeric)} ${token.symbol}`}
                </span>
                <span className="lk-muted">{formatFiat(token.value)}</span>
              </span>
            </li>
          ))}
        </ul>
        {!portfolio.balancesLoading && !portfolio.balancesError && portfolio.tokens.length === 0 ? (
          <p className="lk-muted">{messages.noTokens}</p>
        ) : null}
      </section>
      {features.activity ? (
        <section className="lk-section lk-wide" aria-labelledby="lk-activity-title">
          <h3 id="lk-activity-title" className="lk-section-title">
            {messages.activity}
          </h3>
          <ul
            className="lk-list"
            data-testid="activity-list"
            aria-busy={portfolio.transactionsLoading}
          >
            {portfolio.transactions.map((transaction) => {
              const summary = activitySummary(transaction, messages)
              return (
                <li
                  key={transaction.id}
                  className="lk-row"
                  data-tx-hash={transaction.metadata.hash}
                  data-direction={summary.direction}
                >
                  <span className="lk-item-name">{summary.label}</span>
                  <span className="lk-row-end">
                    <span>{`${summary.amount} ${summary.symbol}`}</span>
                    <time className="lk-muted" dateTime={transaction.metadata.minedAt}>
                      {formatRelativeTime(transaction.metadata.minedAt)}
                    </time>
                  </span>
                </li>
              )
            })}
          </ul>
          {portfolio.transactionsLoading && portfolio.transactions.length === 0 ? (
            <span className="lk-visually-hidden">{messages.loadingActivity}</span>
          ) : null}
          {!portfolio.transactionsLoading && portfolio.transactions.length === 0 ? (
            <p className="lk-muted">{messages.noActivity}</p>
          ) : null}
        </section>
      ) : null}
      <button
        type="button"
        className="lk-button lk-button-danger lk-wide lk-disconnect"
        data-testid="disconnect"
        onClick={() => void core.disconnect()}
      >
        {messages.disconnect}
      </button>
    </div>
  )
}
