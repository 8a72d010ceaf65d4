import {
  type AppKitCore,
  CONNECT_VIEW_WALLETS,
  type ConnectLayout,
  capWalletRows,
  formatNumber,
  type WalletRowSources,
  walletRows,
} from '@latchkey/core/internal'
import { type ReactNode, useEffect, useRef } from 'react'
import { useAppKitInstance } from '../../instance.ts'
import { useStore } from '../../store.ts'
import { useLocale, useMessages } from '../../useMessages.ts'
import { Logo } from '../parts.tsx'
import { SkeletonRows } from '../SkeletonRows.tsx'
import { connectWithWalletConnect, DirectoryWalletRow } from './WalletRow.tsx'

interface Row {
  key: string
  node: ReactNode
  /** The wallet the row offers (WalletConnect's row offers none) */
  wallet?: { id: string; name: string }
}

/**
 * The wallet list's rows (core's walletRows decides which and in what order), as buttons; at most
 * CONNECT_VIEW_WALLETS wallets when All Wallets offers the rest.
 */
function useRows(sources: WalletRowSources & { layout: ConnectLayout }): Row[] {
  const { core } = useAppKitInstance()
  const messages = useMessages()
  const { layout } = sources
  const rows = walletRows(sources)
  const shown = layout.allWallets ? capWalletRows(rows, CONNECT_VIEW_WALLETS) : rows
  return shown.map((row): Row => {
    if (row.kind === 'directory')
      return { key: row.key, node: <DirectoryWalletRow wallet={row.wallet} />, wallet: row.wallet }
    if (row.kind === 'walletConnect') {
      return {
        key: row.key,
        node: (
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
        ),
      }
    }
    const { wallet, installed, recent } = row
    return {
      key: row.key,
      wallet,
      node: (
        <button
          type="button"
          className="lk-item"
          data-wallet-id={wallet.id}
          data-testid={`wallet-${wallet.id}`}
          onClick={() =>
            installed ? void core.connect(wallet.id) : connectWithWalletConnect(core, wallet)
          }
        >
          <Logo name={wallet.name} src={layout.connectorImages[wallet.id] ?? wallet.imageUrl} />
          <span className="lk-item-name">{wallet.name}</span>
          {recent && <span className="lk-tag">{messages.recent}</span>}
          {installed && <span className="lk-tag">{messages.installed}</span>}
        </button>
      ),
    }
  })
}

/** Each wallet row the first time this list shows it (README "Analytics": WALLET_IMPRESSION) */
function useImpressions(core: AppKitCore, rows: Row[]) {
  const shown = useRef(new Set<string>())
  const keys = rows.map((row) => row.key).join('\n')
  // biome-ignore lint/correctness/useExhaustiveDependencies: the rows' keys say when they changed
  useEffect(() => {
    const fresh = rows.flatMap(({ key, wallet }, displayIndex) =>
      wallet && !shown.current.has(key)
        ? [{ key, id: wallet.id, name: wallet.name, displayIndex }]
        : [],
    )
    for (const { key } of fresh) shown.current.add(key)
    if (fresh.length > 0) core.walletImpressions('Connect', fresh)
  }, [core, keys])
}

/** The Connect view's wallets: discovered, recent, featured, custom, recommended, WalletConnect. */
export function ConnectWalletList({ core, layout }: { core: AppKitCore; layout: ConnectLayout }) {
  const messages = useMessages()
  const { locale } = useLocale()
  const connectors = useStore(core.stores.connectors, (s) => s.list).filter(layout.offers)
  const directory = useStore(core.stores.directory)
  const recent = useStore(core.stores.recent, (s) => s.wallets)
  const hasEvm = useStore(core.stores.chain, (s) =>
    s.networks.some((n) => n.chainNamespace === 'eip155'),
  )
  const rows = useRows({
    connectors,
    recent,
    directory,
    layout: hasEvm
      ? layout
      : { ...layout, connectorTypes: layout.connectorTypes.filter((t) => t !== 'walletConnect') },
  })
  useImpressions(core, rows)
  const empty = rows.length === 0 && !directory.loadingInitial
  const loading = layout.walletConnect && directory.loadingInitial
  return (
    <>
      {empty && (
        <p className="lk-muted" data-testid="no-wallets">
          {messages.noWallets}
        </p>
      )}
      <ul
        className="lk-list"
        aria-label={messages.connectWallet}
        aria-busy={loading || undefined}
        data-testid="wallet-list"
      >
        {rows.map((row) => (
          <li key={row.key}>{row.node}</li>
        ))}
        {loading && <SkeletonRows count={rows.length > 2 ? 1 : 3 - rows.length} />}
        {layout.allWallets && (
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
                  {formatNumber(directory.count, locale, { useGrouping: false })}
                </span>
              )}
            </button>
          </li>
        )}
      </ul>
    </>
  )
}
