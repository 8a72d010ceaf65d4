import {
  type AccountState,
  type AppKitOptions,
  type ChainNamespace,
  type ChainState,
  createAppKitCore,
  isSocialLoginReturn,
  type OpenOptions,
  toRoute,
} from '@latchkey/core/internal'
import type { CaipNetwork, ViemChainLike } from '@latchkey/core/networks'
import { isBuiltView } from './builtViews.ts'
import { forgetDefaultAppKit, setDefaultAppKit, setServerInstanceFactory } from './instance.ts'
import { createLocaleControl } from './locale.ts'
import type { Messages } from './messages.ts'
import type { WalletProviders } from './walletProviders.ts'
import { type WalletProviderType, walletProviderTypeOf } from './walletProviderType.ts'

export interface CreateAppKitOptions extends AppKitOptions {
  /** Overrides of the message table, in whichever language shows (i18n). */
  messages?: Partial<Messages>
  /** The modal's language (a BCP 47 tag, e.g. 'de' or 'pt-BR'); default: the browser's. */
  locale?: string
}

function accountSnapshot(state: AccountState) {
  return {
    address: state.address,
    caipAddress: state.caipAddress,
    isConnected: state.status === 'connected',
    status: state.status,
  }
}

function networkSnapshot(state: ChainState) {
  const network = state.activeCaipNetwork
  return { caipNetwork: network, chainId: network.id, caipNetworkId: network.caipNetworkId }
}

/** AppKit's `createAppKit`: the instance, started in a browser (the page's default instance). */
export function createAppKit(options: CreateAppKitOptions) {
  const appKit = createIdleAppKit(options)
  appKit.start()
  return appKit
}

/**
 * The instance without side effects until `start()`: what AppKitProvider makes during render
 * (React may call it twice and drop one; only the kept one is started, in an effect).
 */
export function createIdleAppKit(options: CreateAppKitOptions) {
  if (typeof window === 'undefined') setServerInstanceFactory(() => createAppKit(options))
  const core = createAppKitCore(options)
  const locale = createLocaleControl(core.log)
  let localeChosen = false
  let modalMount: Promise<unknown> | undefined
  let mounted: { unmount(): void } | undefined
  let destroyed = false
  type Tracker = ReturnType<typeof import('./walletProviders.ts').trackWalletProviders>
  let providers: Tracker | undefined
  let providersLoad: Promise<Tracker> | undefined
  /** Providers are followed from start() (or the first subscription), in their own chunk. */
  const walletProviders = () => {
    providersLoad ??= import('./walletProviders.ts').then((m) => {
      providers = m.trackWalletProviders(core)
      if (destroyed) providers.stop()
      return providers
    })
    // A failed chunk load (offline, page unloading) is retried by the next subscription.
    providersLoad.catch((error: unknown) => {
      providersLoad = undefined
      console.error('[latchkey] wallet providers failed to load', error)
    })
    return providersLoad
  }
  const activeNamespace = () => core.stores.chain.getState().activeNamespace
  const getState = () => ({ ...core.getState(), locale: locale.store.getState().locale })

  const mountModal = () => {
    if (destroyed) return Promise.resolve()
    // The chosen language's texts load beside the modal's chunk: it never opens in English first.
    modalMount ??= Promise.all([import('./modal/mount.tsx'), locale.ready()])
      .then(([m]) => {
        if (!destroyed) mounted = m.mountModal(appKit)
      })
      .catch((error: unknown) => {
        // A failed chunk load (offline, page unloading) is retried on the next open.
        modalMount = undefined
        console.error('[latchkey] the modal failed to load', error)
      })
    return modalMount
  }

  const appKit = {
    core,
    /** The app's own texts (createAppKit's `messages`), over those of the language shown */
    messageOverrides: { ...options.messages } as Partial<Messages>,
    /** The language shown: English until start() (or setLocale) has loaded another */
    localeStore: locale.store,
    /** Shows the modal in `locale` (BCP 47; the best match, else English); resolves once shown. */
    setLocale(next: string) {
      localeChosen = true
      return locale.set(next)
    },
    /** AppKit's `open({ view, namespace, arguments })` */
    open(opts?: OpenOptions) {
      const view = opts?.view && toRoute(opts.view).view
      if (view && !isBuiltView(view)) {
        console.error(`[latchkey] not implemented: view ${String(view)}`)
        core.open()
      } else core.open(opts)
      void mountModal()
    },
    close: core.close,
    getState,
    subscribeState(callback: (state: ReturnType<typeof getState>) => void) {
      const notify = () => callback(getState())
      const stops = [
        core.stores.modal.subscribe(notify),
        core.stores.chain.subscribe(notify),
        locale.store.subscribe(notify),
      ]
      return () => {
        for (const stop of stops) stop()
      }
    },
    /** AppKit's account subscription for apps without React */
    subscribeAccount(callback: (account: ReturnType<typeof accountSnapshot>) => void) {
      return core.stores.account.subscribe((state) => callback(accountSnapshot(state)))
    },
    subscribeNetwork(callback: (network: ReturnType<typeof networkSnapshot>) => void) {
      return core.stores.chain.subscribe((state) => callback(networkSnapshot(state)))
    },
    getIsConnectedState: () => core.stores.account.getState().status === 'connected',
    getChainId: () => core.stores.chain.getState().activeCaipNetwork.id,
    getAddress: () => core.stores.account.getState().address,
    getCaipAddress: () => core.stores.account.getState().caipAddress,
    getIsConnected: () => core.stores.account.getState().status === 'connected',
    getCaipNetwork: () => core.stores.chain.getState().activeCaipNetwork,
    switchNetwork: (network: CaipNetwork | ViemChainLike) => core.switchNetwork(network),
    disconnect: core.disconnect,
    /** AppKit's: the connected wallet's provider of the namespace (default: the active one) */
    getWalletProvider: (namespace: ChainNamespace = activeNamespace()) => providers?.get(namespace),
    /** AppKit's: where the active wallet's provider comes from */
    getWalletProviderType: (): WalletProviderType | undefined =>
      walletProviderTypeOf(core.stores.account.getState().connectorId),
    /** AppKit's: each connected namespace's provider, now and whenever it changes */
    subscribeProviders(callback: (providers: WalletProviders) => void) {
      let stop: (() => void) | undefined
      let stopped = false
      walletProviders().then(
        (tracker) => {
          if (!stopped) stop = tracker.subscribe(callback)
        },
        () => undefined,
      )
      return () => {
        stopped = true
        stop?.()
      }
    },
    setThemeMode: core.setThemeMode,
    setThemeVariables: core.setThemeVariables,
    subscribeEvents: core.subscribeEvents,
    /** Loads the modal's code now instead of on first open. */
    preload: mountModal,
    /**
     * Ends the instance: its modal leaves the page (a load under way never mounts), its
     * subscriptions and connections stop, and the page forgets it as the default instance.
     */
    destroy() {
      destroyed = true
      mounted?.unmount()
      mounted = undefined
      providers?.stop()
      core.destroy()
      forgetDefaultAppKit(appKit)
    },
    /** In a browser, once: the page's default instance, discovery, reconnect, elements, modal. */
    start() {
      if (started || destroyed || typeof window === 'undefined') return
      started = true
      setDefaultAppKit(appKit)
      // In the social-login popup on its way back the opener reads and closes the page: nothing
      // starts there (no reconnect, no frame, no modal).
      if (isSocialLoginReturn(window)) return
      core.start()
      if (!localeChosen) void locale.set(options.locale)
      walletProviders().catch(() => undefined)
      void import('./buttons/elements.tsx')
        .then((m) => m.defineElements())
        .catch((error: unknown) =>
          console.error('[latchkey] <appkit-*> elements failed to load', error),
        )
      const idle = window.requestIdleCallback ?? ((fn: () => void) => setTimeout(fn, 1))
      idle(() => void mountModal())
    },
  }
  let started = false
  return appKit
}

export type AppKit = ReturnType<typeof createIdleAppKit>
