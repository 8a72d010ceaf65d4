import type {
  AppKitCore,
  ConnectLayout,
  ConnectorInfo,
  ConnectorType,
  DirectoryState,
  WalletRef,
} from '@latchkey/core/internal'
import type { ReactNode } from 'react'
import { useAppKitInstance } from '../../instance.ts'
import { useStore } from '../../store.ts'
import { useMessages } from '../../useMessages.ts'
import { WalletIcon } from '../parts.tsx'
import { connectWithWalletConnect, DirectoryWalletRow } from './WalletRow.tsx'

interface Row {
  key: string
  node: ReactNode
}

interface Groups {
  connectors: ConnectorInfo[]
  recent: WalletRef[]
  directory: DirectoryState
  layout: ConnectLayout
}

/**
 * The wallet list's rows, group by group in the layout's order (AppKit's connectorTypeOrder). A
 * wallet shows once, in the first group that has it.
 */
function useRows({ connectors, recent, directory, layout }: Groups): Row[] {
  const { core } = useAppKitInstance()
  const messages = useMessages()
  const recentIds = new Set(recent.map((w) => w.id))
  const shown = new Set<string>()
  const rows: Row[] = []
  const add = (id: string, node: ReactNode) => {
    if (shown.has(id)) return
    shown.add(id)
    rows.push({ key: id, node })
  }
  const walletRow = (wallet: WalletRef, installed: boolean) => (
    <button
      type="button"
      className="lk-item"
      data-wallet-id={wallet.id}
      data-testid={`wallet-${wallet.id}`}
      onClick={() =>
        installed ? void core.connect(wallet.id) : connectWithWalletConnect(core, wallet)
      }
    >
      <WalletIcon name={wallet.name} src={layout.connectorImages[wallet.id] ?? wallet.imageUrl} />
      <span className="lk-item-name">{wallet.name}</span>
      {recentIds.has(wallet.id) && <span className="lk-tag">{messages.recent}</span>}
      {installed && <span className="lk-tag">{messages.installed}</span>}
    </button>
  )
  const byType: Record<ConnectorType, () => void> = {
    injected: () => {
      for (const c of connectors) add(c.id, walletRow(c, true))
    },
    recent: () => {
      for (const w of recent) {
        const connector = connectors.find((c) => c.id === w.id)
        if (connector || layout.walletConnect) add(w.id, walletRow(connector ?? w, !!connector))
      }
    },
    featured: () => {
      for (const w of directory.featured) {
        if (!w.installed) add(w.id, <DirectoryWalletRow wallet={w} />)
      }
    },
    recommended: () => {
      for (const w of directory.recommended) {
        if (!w.installed) add(w.id, <DirectoryWalletRow wallet={w} />)
      }
    },
    custom: () => {
      for (const w of layout.customWallets) {
        add(w.id, walletRow({ id: w.id, name: w.name, imageUrl: w.image_url, links: w }, false))
      }
    },
    external: () => undefined,
    walletConnect: () =>
      add(
        'walletConnect',
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
        </button>,
      ),
  }
  for (const type of layout.connectorTypes) byType[type]()
  return rows
}

/** The Connect view's wallets: discovered, recent, featured, custom, recommended, WalletConnect. */
export function ConnectWalletList({ core, layout }: { core: AppKitCore; layout: ConnectLayout }) {
  const messages = useMessages()
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
  const empty = rows.length === 0 && !directory.loadingInitial
  return (
    <>
      {empty && (
        <p className="lk-muted" data-testid="no-wallets">
          {messages.noWallets}
        </p>
      )}
      <ul className="lk-list" aria-label={messages.connectWallet} data-testid="wallet-list">
        {rows.map((row) => (
          <li key={row.key}>{row.node}</li>
        ))}
        {layout.walletConnect && directory.loadingInitial && (
          <li aria-hidden="true">
            <span className="lk-item lk-skeleton-row" />
          </li>
        )}
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
                  {directory.count}
                </span>
              )}
            </button>
          </li>
        )}
      </ul>
    </>
  )
}
