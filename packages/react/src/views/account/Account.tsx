import {
  AUTH_CONNECTOR_ID,
  EMBEDDED_SOLANA_CONNECTOR_ID,
  formatDecimal,
  formatFiat,
  formatRelativeTime,
  shortenAddress,
} from '@latchkey/core/internal'
import { useEffect } from 'react'
import { BUILT_WALLET_FEATURES } from '../../builtViews.ts'
import { useCopy } from '../../components/useCopy.ts'
import { coreText } from '../../coreTexts.ts'
import { CopyIcon } from '../../icons.tsx'
import { useAppKitInstance } from '../../instance.ts'
import { useStore } from '../../store.ts'
import { useLocale, useMessages } from '../../useMessages.ts'
import { AccountTypeToggle } from '../embedded/AccountTypeToggle.tsx'
import { SignOutEverywhere } from '../embedded/SignOutEverywhere.tsx'
import { useNetworkImage } from '../networkImage.ts'
import { AddressAvatar, Logo, TokenHolding } from '../parts.tsx'
import { SkeletonRows } from '../SkeletonRows.tsx'
import { activitySummary, visibleWalletFeatures } from './accountRules.ts'
import { KeyExport } from './KeyExport.tsx'
import { Passkeys } from './Passkeys.tsx'
import { accountCss } from './styles.ts'

const FEATURE_VIEWS = {
  onramp: 'OnRampProviders',
  swaps: 'Swap',
  receive: 'Receive',
  send: 'WalletSend',
} as const

export default function Account() {
  const { core } = useAppKitInstance()
  const messages = useMessages()
  const { locale } = useLocale()
  const account = useStore(core.stores.account)
  const network = useStore(core.stores.chain, (s) => s.activeCaipNetwork)
  const portfolio = useStore(core.stores.portfolio)
  const imageOf = useNetworkImage()
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
  // Farcaster and Telegram give no email: the profile is named by its username there.
  const handle = embeddedUser?.userName ? `@${embeddedUser.userName}` : undefined
  const profileName = embedded && social ? (email ?? handle) : undefined

  // Opening the view refreshes (the caches keep it cheap); the instance also refreshes on
  // connect and network changes.
  useEffect(() => {
    void core.portfolio.refresh().catch(() => undefined)
  }, [core])

  const { copied, copy } = useCopy(address, messages.addressCopied)
  const tokensLoading =
    portfolio.balancesLoading && !portfolio.balancesError && portfolio.tokens.length === 0

  return (
    <div data-view="Account" className="lk-center">
      <style>{accountCss}</style>
      <AddressAvatar address={address} />
      {portfolio.profileName ? (
        <p className="lk-identity" data-testid="account-identity" dir="ltr">
          {portfolio.profileName}
        </p>
      ) : null}
      <div className="lk-address">
        <span data-testid="account-address" title={address} dir="ltr">
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
        <Logo name={network.name} src={imageOf(network)} className="lk-token-icon" />
        {account.balance ? (
          <span dir="ltr">{`${formatDecimal(account.balance.formatted, locale)} ${account.balance.symbol}`}</span>
        ) : account.balanceError ? (
          coreText(account.balanceError, messages)
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
        {profileName ? (
          <p className="lk-item" data-testid="account-email">
            <span className="lk-item-name">{profileName}</span>
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
        {account.connectorId === AUTH_CONNECTOR_ID && !portfolio.profileName ? (
          <button
            type="button"
            className="lk-item"
            data-testid="account-choose-name"
            onClick={() => core.router.push('RegisterAccountName')}
          >
            <span className="lk-item-name">{messages.chooseName}</span>
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
        {account.connectorId === AUTH_CONNECTOR_ID ? <AccountTypeToggle /> : null}
        {embedded ? <Passkeys /> : null}
        {embedded ? (
          <KeyExport namespace={account.namespace === 'solana' ? 'solana' : 'eip155'} />
        ) : null}
        {embedded ? <SignOutEverywhere /> : null}
        {core.options.enableNetworkSwitch === false ? (
          <p className="lk-item" data-testid="account-network">
            <Logo name={network.name} src={imageOf(network)} />
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
            <Logo name={network.name} src={imageOf(network)} />
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
          {(portfolio.balancesError && coreText(portfolio.balancesError, messages)) ??
            (tokensLoading ? (
              <span className="lk-skeleton" />
            ) : (
              <span dir="ltr">{formatFiat(portfolio.totalValue, locale)}</span>
            ))}
        </p>
        <h3 className="lk-section-title">{messages.tokens}</h3>
        <ul className="lk-list" data-testid="token-list" aria-busy={tokensLoading || undefined}>
          {tokensLoading ? <SkeletonRows count={2} /> : null}
          {portfolio.tokens.map((token) => (
            <li
              key={`${token.chainId}:${token.address ?? 'native'}`}
              className="lk-row"
              data-token-symbol={token.symbol}
            >
              <Logo name={token.symbol} src={token.iconUrl} className="lk-token-icon" />
              <span className="lk-item-name">{token.name}</span>
              <TokenHolding token={token} amountTestId="token-amount" />
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
            {portfolio.transactionsLoading && portfolio.transactions.length === 0 ? (
              <SkeletonRows count={2} />
            ) : null}
            {portfolio.transactions.map((transaction) => {
              const summary = activitySummary(transaction, messages, locale)
              return (
                <li
                  key={transaction.id}
                  className="lk-row"
                  data-tx-hash={transaction.metadata.hash}
                  data-direction={summary.direction}
                >
                  <span className="lk-item-name">{summary.label}</span>
                  <span className="lk-row-end">
                    <span dir="ltr">{`${summary.amount} ${summary.symbol}`}</span>
                    <time className="lk-muted" dateTime={transaction.metadata.minedAt}>
                      {formatRelativeTime(transaction.metadata.minedAt, Date.now(), locale)}
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
