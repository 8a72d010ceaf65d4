// The Connect view's wallet rows, in the layout's group order (AppKit's connectorTypeOrder): the
// rules of which wallet shows where, apart from how a row looks.
import type { ConnectorInfo } from '../connection/adapter.ts'
import type { WalletRef } from '../router/router.ts'
import type { ConnectLayout } from './connectLayout.ts'
import type { DirectoryState, DirectoryWallet } from './directoryState.ts'

export type WalletRow =
  /** A wallet connected through its extension (installed) or through WalletConnect */
  | { kind: 'wallet'; key: string; wallet: WalletRef; installed: boolean; recent: boolean }
  /** A directory wallet (featured or recommended), connected through WalletConnect */
  | { kind: 'directory'; key: string; wallet: DirectoryWallet }
  /** WalletConnect itself: the QR code for any wallet */
  | { kind: 'walletConnect'; key: 'walletConnect' }

export interface WalletRowSources {
  /** The discovered wallets the layout offers */
  connectors: readonly ConnectorInfo[]
  recent: readonly WalletRef[]
  directory: Pick<DirectoryState, 'featured' | 'recommended'>
  layout: Pick<ConnectLayout, 'connectorTypes' | 'walletConnect' | 'customWallets'>
}

/**
 * Group by group in the layout's order; a wallet shows once, in the first group that has it. A
 * recent wallet shows when it is installed or WalletConnect can reach it; featured and
 * recommended wallets only when not installed (the installed row stands for them).
 */
export function walletRows({
  connectors,
  recent,
  directory,
  layout,
}: WalletRowSources): WalletRow[] {
  const recentIds = new Set(recent.map((w) => w.id))
  const rows: WalletRow[] = []
  const shown = new Set<string>()
  const add = (row: WalletRow) => {
    if (shown.has(row.key)) return
    shown.add(row.key)
    rows.push(row)
  }
  const wallet = (ref: WalletRef, installed: boolean) =>
    add({ kind: 'wallet', key: ref.id, wallet: ref, installed, recent: recentIds.has(ref.id) })
  const fromDirectory = (list: readonly DirectoryWallet[]) => {
    for (const w of list) if (!w.installed) add({ kind: 'directory', key: w.id, wallet: w })
  }
  for (const type of layout.connectorTypes) {
    if (type === 'injected') for (const c of connectors) wallet(c, true)
    else if (type === 'recent') {
      for (const w of recent) {
        const connector = connectors.find((c) => c.id === w.id)
        if (connector || layout.walletConnect) wallet(connector ?? w, !!connector)
      }
    } else if (type === 'featured') fromDirectory(directory.featured)
    else if (type === 'recommended') fromDirectory(directory.recommended)
    else if (type === 'custom') {
      for (const w of layout.customWallets) {
        wallet({ id: w.id, name: w.name, imageUrl: w.image_url, links: w }, false)
      }
    } else if (type === 'walletConnect') add({ kind: 'walletConnect', key: 'walletConnect' })
  }
  return rows
}

/**
 * At most `max` wallets on the Connect view, so that "All Wallets" stays in view at 760 px (README
 * "Decisions where AppKit leaves room"). WalletConnect's QR row is not a wallet: it stays.
 */
export function capWalletRows(rows: readonly WalletRow[], max: number): WalletRow[] {
  let wallets = 0
  return rows.filter((row) => row.kind === 'walletConnect' || ++wallets <= max)
}
