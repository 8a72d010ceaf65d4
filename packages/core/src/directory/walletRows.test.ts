import { describe, expect, it } from 'vitest'
import type { ConnectorInfo } from '../connection/adapter.ts'
import type { DirectoryWallet } from './directoryState.ts'
import { capWalletRows, type WalletRowSources, walletRows } from './walletRows.ts'

const metamask: ConnectorInfo = {
  id: 'io.metamask',
  name: 'MetaMask',
  type: 'ANNOUNCED',
  chain: 'eip155',
}
const rabby: ConnectorInfo = { id: 'io.rabby', name: 'Rabby', type: 'ANNOUNCED', chain: 'eip155' }
const directoryWallet = (id: string, installed = false) =>
  ({ id, name: id, installed }) as unknown as DirectoryWallet

function sources(overrides: Partial<WalletRowSources> = {}): WalletRowSources {
  return {
    connectors: [metamask],
    recent: [],
    directory: { featured: [], recommended: [] },
    layout: {
      connectorTypes: ['walletConnect', 'recent', 'injected', 'featured', 'custom', 'recommended'],
      walletConnect: true,
      customWallets: [],
    },
    ...overrides,
  }
}

const keys = (s: WalletRowSources) => walletRows(s).map((row) => row.key)

describe('walletRows', () => {
  it("groups follow the layout's order", () => {
    const s = sources({
      recent: [{ id: 'rainbow', name: 'Rainbow' }],
      directory: { featured: [directoryWallet('trust')], recommended: [directoryWallet('zerion')] },
      layout: {
        connectorTypes: ['recommended', 'featured', 'injected', 'recent', 'walletConnect'],
        walletConnect: true,
        customWallets: [],
      },
    })
    expect(keys(s)).toEqual(['zerion', 'trust', 'io.metamask', 'rainbow', 'walletConnect'])
  })

  it('a wallet shows once, in the first group that has it, tagged recent and installed', () => {
    const rows = walletRows(
      sources({
        connectors: [metamask, rabby],
        recent: [{ id: 'io.rabby', name: 'Rabby' }],
        directory: { featured: [directoryWallet('io.rabby')], recommended: [] },
      }),
    )
    expect(rows.map((row) => row.key)).toEqual(['walletConnect', 'io.rabby', 'io.metamask'])
    expect(rows[1]).toMatchObject({ kind: 'wallet', installed: true, recent: true })
    expect(rows[2]).toMatchObject({ kind: 'wallet', installed: true, recent: false })
  })

  it('a recent wallet that is not installed shows only when WalletConnect can reach it', () => {
    const recent = [{ id: 'rainbow', name: 'Rainbow' }]
    const withWc = walletRows(sources({ recent }))
    expect(withWc.find((row) => row.key === 'rainbow')).toMatchObject({
      kind: 'wallet',
      installed: false,
      recent: true,
    })
    const layout = {
      connectorTypes: ['recent' as const, 'injected' as const],
      walletConnect: false,
      customWallets: [],
    }
    expect(keys(sources({ recent, layout }))).toEqual(['io.metamask'])
  })

  it('featured and recommended wallets that are installed are left to the installed row', () => {
    const s = sources({
      connectors: [],
      directory: {
        featured: [directoryWallet('trust', true), directoryWallet('okx')],
        recommended: [directoryWallet('zerion', true), directoryWallet('safe')],
      },
    })
    expect(keys(s)).toEqual(['walletConnect', 'okx', 'safe'])
    expect(walletRows(s)[1]).toMatchObject({ kind: 'directory' })
  })

  it("the app's custom wallets connect through WalletConnect with their links", () => {
    const custom = {
      id: 'my-wallet',
      name: 'My Wallet',
      image_url: 'https://x/icon.png',
      mobile_link: 'mywallet://',
    }
    const [row] = walletRows(
      sources({
        connectors: [],
        layout: { connectorTypes: ['custom'], walletConnect: true, customWallets: [custom] },
      }),
    )
    expect(row).toEqual({
      kind: 'wallet',
      key: 'my-wallet',
      wallet: { id: 'my-wallet', name: 'My Wallet', imageUrl: 'https://x/icon.png', links: custom },
      installed: false,
      recent: false,
    })
  })

  it("no WalletConnect row unless the layout lists it; 'external' adds nothing", () => {
    const layout = {
      connectorTypes: ['injected' as const, 'external' as const],
      walletConnect: true,
      customWallets: [],
    }
    expect(keys(sources({ layout }))).toEqual(['io.metamask'])
  })
})

describe('capWalletRows (the Connect view keeps All Wallets in view)', () => {
  it('keeps the first wallets up to the cap, and WalletConnect wherever it is', () => {
    const rows = walletRows(
      sources({
        connectors: [metamask, rabby],
        directory: {
          featured: ['a', 'b', 'c'].map((id) => directoryWallet(id)),
          recommended: [directoryWallet('d')],
        },
      }),
    )
    expect(rows.map((row) => row.key)).toEqual([
      'walletConnect',
      'io.metamask',
      'io.rabby',
      'a',
      'b',
      'c',
      'd',
    ])
    expect(capWalletRows(rows, 3).map((row) => row.key)).toEqual([
      'walletConnect',
      'io.metamask',
      'io.rabby',
      'a',
    ])
    expect(capWalletRows(rows, 10)).toHaveLength(7)
  })
})
