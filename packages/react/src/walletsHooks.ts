import type {
  AppKitCore,
  ChainNamespace,
  ConnectorInfo,
  DirectoryWallet,
  WalletRef,
} from '@latchkey/core/internal'
import { connectLayout, ErrorText, WALLET_PAGE_SIZE } from '@latchkey/core/internal'
import { useCallback, useEffect, useMemo } from 'react'
import { useAppKitInstance } from './instance.ts'
import { useStore } from './store.ts'

/** A wallet as AppKit's headless hook describes it: discovered in this browser, or in the directory. */
export interface WalletItem {
  id: string
  name: string
  imageUrl: string
  imageId?: string
  connectors: { id: string; rdns?: string; chain: ChainNamespace; chainImageUrl?: string }[]
  walletInfo: {
    supportedChains?: string[]
    website?: string
    installationLinks?: {
      appStore?: string
      playStore?: string
      chromeStore?: string
      desktopLink?: string
    }
    deepLink?: string
    isCertified?: boolean
  }
  isInjected: boolean
  isRecent: boolean
}

export interface FetchWalletsOptions {
  /** The page of the directory to have (pages of 40); default the next one */
  page?: number
  /** Search text; an empty one ends the search */
  search?: string
  /** AppKit's older name for `search` */
  query?: string
}

/** The generic WalletConnect entry: a QR code any wallet can scan. */
const WALLETCONNECT_ITEM_ID = 'walletConnect'

const orUndefined = (value: string | null | undefined) => value ?? undefined

function fromConnector(connector: ConnectorInfo, recent: boolean, image?: string): WalletItem {
  return {
    id: connector.id,
    name: connector.name,
    imageUrl: image ?? connector.imageUrl ?? '',
    connectors: [{ id: connector.id, rdns: connector.rdns, chain: connector.chain }],
    walletInfo: {},
    isInjected: true,
    isRecent: recent,
  }
}

function fromDirectory(wallet: DirectoryWallet, recent: boolean): WalletItem {
  return {
    id: wallet.id,
    name: wallet.name,
    imageUrl: wallet.imageUrl ?? '',
    imageId: orUndefined(wallet.image_id),
    connectors: wallet.connectorId
      ? [{ id: wallet.connectorId, rdns: orUndefined(wallet.rdns), chain: 'eip155' }]
      : [],
    walletInfo: {
      supportedChains: wallet.chains,
      website: orUndefined(wallet.homepage),
      installationLinks: {
        appStore: orUndefined(wallet.app_store),
        playStore: orUndefined(wallet.play_store),
        chromeStore: orUndefined(wallet.chrome_store),
        desktopLink: orUndefined(wallet.desktop_link),
      },
      deepLink: orUndefined(wallet.mobile_link),
      isCertified: wallet.badge_type === 'certified',
    },
    isInjected: wallet.installed,
    isRecent: recent,
  }
}

const walletConnectItem: WalletItem = {
  id: WALLETCONNECT_ITEM_ID,
  name: 'WalletConnect',
  imageUrl: '',
  connectors: [{ id: WALLETCONNECT_ITEM_ID, chain: 'eip155' }],
  walletInfo: {},
  isInjected: false,
  isRecent: false,
}

/** Connects and settles: rejects with the wallet's error when the visitor is not connected after. */
async function connectItem(core: AppKitCore, wallet: WalletItem, namespace?: ChainNamespace) {
  const connector = wallet.isInjected
    ? wallet.connectors.find((c) => !namespace || c.chain === namespace)
    : undefined
  if (connector) {
    await core.connect(connector.id)
  } else {
    const ref: WalletRef | undefined =
      wallet.id === WALLETCONNECT_ITEM_ID
        ? undefined
        : {
            id: wallet.id,
            name: wallet.name,
            imageUrl: wallet.imageUrl || undefined,
            links: {
              mobile_link: wallet.walletInfo.deepLink,
              desktop_link: wallet.walletInfo.installationLinks?.desktopLink,
            },
          }
    core.router.setWallet(ref)
    await core.walletConnect.start(ref)
  }
  const account = core.stores.account.getState()
  if (account.status !== 'connected') {
    throw new Error(account.connectError?.message ?? ErrorText.failedToConnect)
  }
}

/** Starts a WalletConnect pairing and waits for its URI, or for the pairing to end. */
function pairingUri(core: AppKitCore): Promise<void> {
  const pairing = core.walletConnect.start().catch(() => undefined)
  return new Promise((resolve) => {
    const stop = core.stores.walletConnect.subscribe(({ offer }) => {
      if (offer) done()
    })
    function done() {
      stop()
      resolve()
    }
    // The pairing ends without an offer when WalletConnect fails to start.
    void pairing.then(done)
  })
}

/**
 * AppKit's headless hook: the wallet list and WalletConnect's URI for an app that draws its own
 * connect UI (the modal need not open). Works with or without `features.headless`.
 */
export function useAppKitWallets() {
  const { core } = useAppKitInstance()
  const layout = useMemo(() => connectLayout(core.options, core.isMobile()), [core])
  const connectors = useStore(core.stores.connectors, (s) => s.list)
  const directory = useStore(core.stores.directory)
  const recent = useStore(core.stores.recent, (s) => s.wallets)
  const offer = useStore(core.stores.walletConnect, (s) => s.offer)
  const account = useStore(core.stores.account)
  const routerWallet = useStore(core.stores.router, (s) => s.wallet)
  const initialized = useStore(core.stores.modal, (s) => s.initialized)

  useEffect(() => {
    if (initialized && directory.pages.length === 0 && directory.nextPage === 1) {
      void core.directory.fetchNextPage()
    }
  }, [core, initialized, directory.pages.length, directory.nextPage])

  const recentIds = useMemo(() => new Set(recent.map((w) => w.id)), [recent])
  const wallets = useMemo(() => {
    const installed = connectors
      .filter(layout.offers)
      .map((c) => fromConnector(c, recentIds.has(c.id), layout.connectorImages[c.id]))
    const shown = new Set(installed.map((w) => w.id))
    const fromList = layout.walletConnect
      ? [...directory.featured, ...directory.recommended]
          .filter((w) => !w.installed && !shown.has(w.id) && shown.add(w.id))
          .map((w) => fromDirectory(w, recentIds.has(w.id)))
      : []
    return [...installed, ...fromList, ...(layout.walletConnect ? [walletConnectItem] : [])]
  }, [connectors, directory.featured, directory.recommended, layout, recentIds])
  const searching = directory.search.query !== ''
  const wcWallets = useMemo(
    () =>
      (searching ? directory.search.results : directory.pages).map((w) =>
        fromDirectory(w, recentIds.has(w.id)),
      ),
    [searching, directory.search.results, directory.pages, recentIds],
  )

  const connecting = account.status === 'connecting'
  const connectingWallet = connecting
    ? ([...wallets, ...wcWallets].find(
        (w) => w.id === (routerWallet?.id ?? WALLETCONNECT_ITEM_ID),
      ) ??
      (routerWallet && { ...walletConnectItem, id: routerWallet.id, name: routerWallet.name }))
    : undefined

  const fetchWallets = useCallback(
    async (options: FetchWalletsOptions = {}) => {
      const search = options.search ?? options.query
      if (search !== undefined && search.trim() !== '') return core.directory.setSearch(search)
      if (searching) await core.directory.resetSearch()
      const wanted =
        (options.page ?? Math.floor(directory.pages.length / WALLET_PAGE_SIZE) + 1) *
        WALLET_PAGE_SIZE
      while (core.stores.directory.getState().pages.length < wanted) {
        const before = core.stores.directory.getState()
        if (before.nextPage === null) return
        await core.directory.fetchNextPage()
        const after = core.stores.directory.getState()
        if (after.pages.length === before.pages.length && after.nextPage === before.nextPage) return
      }
    },
    [core, searching, directory.pages.length],
  )

  return {
    wallets,
    wcWallets,
    isFetchingWallets:
      directory.loadingInitial || directory.loadingPage || directory.search.loading,
    isFetchingWcUri: connecting && !offer && !connectingWallet?.isInjected,
    isInitialized: initialized,
    wcUri: offer?.uri,
    wcError: Boolean(account.connectError) && !offer,
    /** The relay client id is not exposed by Latchkey's WalletConnect client */
    wcClientId: null as string | null,
    connectingWallet,
    page: Math.ceil(directory.pages.length / WALLET_PAGE_SIZE),
    count: directory.count,
    fetchWallets,
    connect: useCallback(
      (wallet: WalletItem, namespace?: ChainNamespace) => connectItem(core, wallet, namespace),
      [core],
    ),
    /** Starts a pairing for any wallet; resolves once `wcUri` is there (or the pairing failed) */
    getWcUri: useCallback(() => pairingUri(core), [core]),
    resetWcUri: useCallback(() => core.walletConnect.stop(), [core]),
    resetConnectingWallet: useCallback(() => core.router.setWallet(undefined), [core]),
  }
}
