// The instance's controllers, each loaded on first use (none is in the page's first JS): the
// validating storage, the connection controller, the services' client and what runs over it
// (directory, portfolio), sign-in, email/social/Telegram/Farcaster login, Send and Swap.

import type { AlertController } from '../alerts.ts'
import type { CodeFeatures } from '../api/features.ts'
import type { ServiceUrls } from '../api/serviceUrls.ts'
import type { ChainAdapter } from '../connection/adapter.ts'
import { ErrorText, type SetupAlertCode } from '../errors.ts'
import type { Track } from '../events.ts'
import type { CaipNetwork } from '../networks.ts'
import type { OpenOptions } from '../router/openOptions.ts'
import type { RouterController } from '../router/routerController.ts'
import type { ToastController } from '../router/toast.ts'
import type { KeyValueStorage } from '../storage/storageKeys.ts'
import { isMobileDevice } from './browser.ts'
import { createFlowParts } from './flowParts.ts'
import { lazy } from './lazy.ts'
import type { AppKitOptions } from './options.ts'
import type { InstanceStores } from './stores.ts'

/** What the parts share: the options, the stores and the instance's own services. */
export interface InstanceContext {
  options: AppKitOptions
  networks: readonly CaipNetwork[]
  adapters: ChainAdapter[]
  serviceUrls: ServiceUrls
  sdkType: string
  sdkVersion: string
  backend: KeyValueStorage | undefined
  codeFeatures: CodeFeatures | undefined
  stores: InstanceStores
  router: RouterController
  toast: ToastController
  alerts: AlertController
  track: Track
  log(message: string, detail?: unknown): void
  /** The page origin check's alert (origins.ts), once it has run */
  pageOrigin(): Promise<SetupAlertCode | undefined>
}

/** The modal's actions the parts call back into (made after them: they use each other). */
export interface ModalActions {
  open(opts: OpenOptions): void
  close(): void
  approval: { start(): void; end(): void }
}

export function createParts(ctx: InstanceContext, modal: () => ModalActions) {
  const { options, networks, adapters, stores, router, toast, alerts, track, log } = ctx
  const { sdkType, sdkVersion } = ctx

  // The validating storage loads after first paint; two raw reads are all the first paint needs.
  const storage = lazy(() =>
    import('../storage/storage.ts').then((m) => {
      const loaded = m.createAppKitStorage(ctx.backend, log)
      stores.recent.setState({ wallets: loaded.getRecentWallets() })
      return loaded
    }),
  )

  const connection = lazy(() =>
    Promise.all([import('../connection/index.ts'), storage()]).then(([m, loadedStorage]) =>
      m.createConnectionController({
        adapters,
        networks,
        projectId: options.projectId,
        relayUrl: ctx.serviceUrls.relayUrl,
        frameUrl: ctx.serviceUrls.frameUrl,
        sdkVersion,
        sdkType,
        theme: () => ({ ...stores.theme.getState(), locale: stores.locale.getState().locale }),
        metadata: options.metadata,
        siwx: options.siwx,
        defaultAccountTypes: options.defaultAccountTypes,
        allowUnsupportedChain: options.allowUnsupportedChain,
        enableReconnect: options.enableReconnect,
        debug: options.debug,
        isMobile: isMobileDevice,
        stores,
        approval: { start: () => modal().approval.start(), end: () => modal().approval.end() },
        storage: loadedStorage,
        router,
        toast,
        track,
        log,
        raise: alerts.raise,
        originRefused: () => ctx.pageOrigin().then((code) => code === 'APKT002'),
        close: () => modal().close(),
      }),
    ),
  )

  const api = lazy(() =>
    import('../api/apiClient.ts').then((m) =>
      m.createApiClient({
        apiUrl: ctx.serviceUrls.apiUrl,
        projectId: options.projectId,
        sdkType,
        sdkVersion,
      }),
    ),
  )

  const directory = lazy(() =>
    Promise.all([import('../directory/directory.ts'), api()]).then(([m, client]) =>
      m.createDirectoryController({
        api: client,
        store: stores.directory,
        connectors: stores.connectors,
        chains: networks.map((n) => n.caipNetworkId),
        featuredWalletIds: options.featuredWalletIds,
        includeWalletIds: options.includeWalletIds,
        excludeWalletIds: options.excludeWalletIds,
        recentWalletIds: () => stores.recent.getState().wallets.map((w) => w.id),
        isMobile: isMobileDevice,
        raise: alerts.raise,
        track,
      }),
    ),
  )

  const portfolio = lazy(() =>
    Promise.all([import('../portfolio/portfolio.ts'), api()]).then(([m, client]) =>
      m.createPortfolioController({
        api: client,
        store: stores.portfolio,
        account: stores.account,
        chain: stores.chain,
        toast,
        log,
        readNativeBalance: (opts) => connection().then((c) => c.refreshBalance(opts)),
        tokens: options.tokens,
      }),
    ),
  )
  const refreshPortfolio = (opts?: { force?: boolean }) => portfolio().then((p) => p.refresh(opts))

  const siwxLoaded = lazy(() => {
    const siwx = options.siwx
    if (!siwx) return Promise.reject(new Error(ErrorText.siwxNotEnabled))
    return Promise.all([import('../siwx/siwxFlow.ts'), connection()]).then(([m, c]) =>
      m.createSIWXFlow({
        siwx,
        stores: { account: stores.account, chain: stores.chain, siwx: stores.siwx },
        router,
        storage: ctx.backend,
        loadEngine: c.loadEngine,
        open: (view) => modal().open({ view }),
        emailCapture: () => stores.features.getState().features.emailCapture,
        // The server takes an email only with the account's access token (ServerSIWX).
        saveEmail: async (email, caipAddress) => {
          if (!siwx.captureEmail) throw new Error(ErrorText.emailCaptureNeedsServerSIWX)
          await siwx.captureEmail(email, caipAddress)
        },
        close: () => modal().close(),
        disconnect: c.disconnect,
        switchNetwork: c.switchNetwork,
        toast,
        track,
        log,
      }),
    )
  })
  // Without `siwx` every call refuses (and nothing is kept), as before any load.
  const siwxFlow = () =>
    options.siwx ? siwxLoaded() : Promise.reject(new Error(ErrorText.siwxNotEnabled))

  const emailLogin = lazy(() =>
    Promise.all([import('../embedded/emailLogin.ts'), connection()]).then(([m, c]) =>
      m.createEmailLogin({
        store: stores.embedded,
        session: c.embeddedWallet,
        network: () => stores.chain.getState().activeCaipNetwork,
        connectUser: c.connectEmbedded,
        accountType: () => c.preferredAccountType('eip155'),
        raise: alerts.raise,
        onEmailUpdated(email) {
          toast.showSuccess(ErrorText.emailUpdated(email))
          if (stores.modal.getState().open) router.reset('Account')
        },
        track,
        log,
        now: Date.now,
      }),
    ),
  )

  const socialLogin = lazy(
    () =>
      Promise.all([import('../embedded/socialLogin.ts'), connection(), storage()]).then(
        ([m, c, loadedStorage]) =>
          m.wireSocialLogin({
            store: stores.embedded,
            chain: stores.chain,
            connection: c,
            storage: loadedStorage,
            siwx: options.siwx,
            track,
            log,
          }),
      ),
    true,
  )

  const telegramLogin = lazy(
    () =>
      Promise.all([
        import('../embedded/telegramLogin.ts'),
        import('../embedded/telegram.ts'),
        connection(),
        storage(),
      ]).then(([m, telegram, c, loadedStorage]) =>
        m.wireTelegramLogin({
          store: stores.embedded,
          chain: stores.chain,
          connection: c,
          storage: loadedStorage,
          initData: () => telegram.telegramInitData(),
          track,
          log,
        }),
      ),
    true,
  )

  const farcasterLogin = lazy(
    () =>
      Promise.all([import('../embedded/farcasterLogin.ts'), connection(), storage()]).then(
        ([m, c, loadedStorage]) => m.wireFarcasterLogin(ctx, c, loadedStorage),
      ),
    true,
  )

  const flows = createFlowParts(ctx, { api, connection, portfolio, refreshPortfolio })

  return {
    storage,
    connection,
    api,
    directory,
    portfolio,
    refreshPortfolio,
    siwxFlow,
    emailLogin,
    socialLogin,
    telegramLogin,
    farcasterLogin,
    ...flows,
  }
}

export type InstanceParts = ReturnType<typeof createParts>
