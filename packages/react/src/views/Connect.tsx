import type { ConnectorInfo, WalletRef } from '@latchkey/core/internal'
import { offeredSocials, telegramInitData, telegramPlatform } from '@latchkey/core/internal'
import { useMemo } from 'react'
import { useAppKitInstance } from '../context.tsx'
import { useStore } from '../store.ts'
import { WalletIcon } from './parts.tsx'
import { SocialButtons } from './SocialButtons.tsx'
import { connectWithWalletConnect, DirectoryWalletRow } from './WalletRow.tsx'

interface Row {
  id: string
  name: string
  imageUrl?: string
  installed: boolean
  recent: boolean
}

/** Installed (EIP-6963) wallets first, then recent wallets that are not installed. */
export function walletRows(connectors: ConnectorInfo[], recent: WalletRef[]): Row[] {
  const recentIds = new Set(recent.map((w) => w.id))
  const installed = connectors.map((c) => ({
    id: c.id,
    name: c.name,
    imageUrl: c.imageUrl,
    installed: true,
    recent: recentIds.has(c.id),
  }))
  const notInstalled = recent
    .filter((w) => !connectors.some((c) => c.id === w.id))
    .map((w) => ({ id: w.id, name: w.name, imageUrl: w.imageUrl, installed: false, recent: true }))
  return [...installed, ...notInstalled]
}

export default function Connect() {
  const { core, messages } = useAppKitInstance()
  const connectors = useStore(core.stores.connectors, (s) => s.list)
  const directory = useStore(core.stores.directory)
  const recent = useStore(core.stores.recent, (s) => s.wallets)
  const hasEvm = useStore(core.stores.chain, (s) =>
    s.networks.some((n) => n.chainNamespace === 'eip155'),
  )
  const emailOn = useStore(core.stores.features, (s) => s.features.email)
  const socialsFeature = useStore(core.stores.features, (s) => s.features.socials)
  const hasEvmAdapter = core.options.adapters?.some((a) => a.namespace === 'eip155') ?? false
  // §5 The remote config's order, OAuth providers only, less what Telegram's platform hides;
  // §1 inside a Telegram Mini App, Telegram first.
  const socials = useMemo(() => {
    if (!hasEvmAdapter || !socialsFeature) return []
    const oauth = offeredSocials(socialsFeature, telegramPlatform())
    return telegramInitData() ? (['telegram', ...oauth] as const) : oauth
  }, [socialsFeature, hasEvmAdapter])
  const rows = walletRows(connectors, recent)
  const shown = new Set(rows.map((row) => row.id))
  const fromDirectory = [...directory.featured, ...directory.recommended].filter((wallet) => {
    if (wallet.installed || shown.has(wallet.id)) return false
    shown.add(wallet.id)
    return true
  })
  const empty = rows.length === 0 && fromDirectory.length === 0 && !directory.loadingInitial
  return (
    <div data-view="Connect">
      {empty && (
        <p className="lk-muted" data-testid="no-wallets">
          {messages.noWallets}
        </p>
      )}
      {emailOn && hasEvmAdapter ? (
        <button
          type="button"
          className="lk-item lk-wide"
          data-testid="connect-email"
          onClick={() => {
            if (!core.stores.embedded.getState().login.busy) void core.embedded.restart()
            core.router.push('EmailLogin')
          }}
        >
          <span className="lk-avatar-sm lk-mail-icon" aria-hidden="true" />
          <span className="lk-item-name">{messages.continueWithEmail}</span>
        </button>
      ) : null}
      {socials.length > 0 ? <SocialButtons providers={socials} /> : null}
      <ul className="lk-list" aria-label={messages.connectWallet} data-testid="wallet-list">
        {rows.map((row) => (
          <li key={row.id}>
            <button
              type="button"
              className="lk-item"
              data-wallet-id={row.id}
              data-testid={`wallet-${row.id}`}
              onClick={() =>
                row.installed
                  ? void core.connect(row.id)
                  : connectWithWalletConnect(core, {
                      id: row.id,
                      name: row.name,
                      imageUrl: row.imageUrl,
                    })
              }
            >
              <WalletIcon name={row.name} src={row.imageUrl} />
              <span className="lk-item-name">{row.name}</span>
              {row.recent && <span className="lk-tag">{messages.recent}</span>}
              {row.installed && <span className="lk-tag">{messages.installed}</span>}
            </button>
          </li>
        ))}
        {fromDirectory.map((wallet) => (
          <li key={wallet.id}>
            <DirectoryWalletRow wallet={wallet} />
          </li>
        ))}
        {hasEvm && (
          <li>
            <button
              type="button"
              className="lk-item"
              data-wallet-id="walletConnect"
              data-testid="wallet-walletConnect"
              onClick={() => connectWithWalletConnect(core)}
            >
              <span className="lk-avatar-sm lk-wc-icon" aria-hidden="true" />
              <span className="lk-item-name">{messages.walletConnect}</span>
              <span className="lk-tag">{messages.qrTag}</span>
            </button>
          </li>
        )}
        {directory.loadingInitial && fromDirectory.length === 0 && (
          <li aria-hidden="true">
            <span className="lk-item lk-skeleton-row" />
          </li>
        )}
        <li>
          <button
            type="button"
            className="lk-item"
            data-testid="all-wallets"
            onClick={() => core.router.push('AllWallets')}
          >
            <span className="lk-avatar-sm lk-grid-icon" aria-hidden="true" />
            <span className="lk-item-name">{messages.allWallets}</span>
            {directory.count > 0 && (
              <span className="lk-tag" data-testid="all-wallets-count">
                {directory.count}
              </span>
            )}
          </button>
        </li>
      </ul>
    </div>
  )
}
