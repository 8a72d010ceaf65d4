// The instance's start in a browser: wallet discovery at once; remote config, the page origin
// check and the wallet directory without waiting; the adapters (and reconnect) after first paint.
import {
  offeredConnectors,
  type resolveCoinbasePreference,
} from '../connection/coinbasePreference.ts'
import type { SetupAlertCode } from '../errors.ts'
import type { AppKitEvent } from '../events.ts'
import { readStoredValue, StorageKeys } from '../storage/storageKeys.ts'
import { followPortfolio, followSignIn } from './follow.ts'
import type { InstanceContext, InstanceParts } from './parts.ts'

const noop = () => {}

/** Remote config, origin check and the directory's first load: never awaited by open(). */
function startServices(ctx: InstanceContext, parts: InstanceParts) {
  const { alerts, log, stores } = ctx
  void Promise.all([import('../api/remoteConfig.ts'), parts.api()])
    .then(([m, client]) =>
      m.loadRemoteFeatures({
        api: client,
        raise: alerts.raise,
        codeFeatures: ctx.codeFeatures,
        store: stores.features,
      }),
    )
    .catch((error) => {
      stores.features.setState({ remote: 'failed' })
      log('remote config failed to load', error)
    })
  void parts
    .directory()
    .then((d) => d.fetchInitial())
    .catch((error) => log('wallet directory failed to load', error))
  return Promise.all([import('../api/origins.ts'), parts.api()])
    .then(([m, client]) =>
      m.checkPageOrigin({ api: client, origin: window.location.origin, raise: alerts.raise }),
    )
    .catch((error): SetupAlertCode | undefined => {
      log('origin check failed to load', error)
      return undefined
    })
}

/** What analytics reads of the instance's events: the ones so far, then each new one */
export interface InstanceEvents {
  subscribe(listener: (event: AppKitEvent) => void): () => void
  /** The events tracked before analytics loaded; stops keeping them */
  takeEarly(): AppKitEvent[]
}

/** Analytics, once the page has painted; answers what stops it (and sends what is pending) */
function startAnalytics(ctx: InstanceContext, parts: InstanceParts, events: InstanceEvents) {
  let stop: (() => void) | undefined
  let stopped = false
  import('../analytics/browserAnalytics.ts')
    .then((m) => {
      if (stopped) return
      stop = m.startBrowserAnalytics(ctx, parts.api, {
        early: events.takeEarly(),
        subscribe: events.subscribe,
      })
    })
    .catch((error) => ctx.log('analytics failed to load', error))
  return () => {
    stopped = true
    stop?.()
  }
}

/** The adapters, the latest-version check and analytics, once the page has painted */
function afterPaint(ctx: InstanceContext, parts: InstanceParts, events: InstanceEvents) {
  const { log } = ctx
  void parts
    .connection()
    .then((c) => c.startAdapters())
    .catch((error) => log('wallet connection code failed to load', error))
  void Promise.all([import('../api/kitVersion.ts'), parts.api(), parts.storage()])
    .then(([m, api, stored]) =>
      m.checkLatestKitVersion({
        api,
        storage: stored,
        now: Date.now(),
        notify: (message) => console.info(message),
        log,
      }),
    )
    .catch((error) => log('latest version check failed to load', error))
  return startAnalytics(ctx, parts, events)
}

/**
 * Starts the instance; returns what stops its subscriptions and the page origin check's result.
 * "Reconnecting…" shows from the first render when a connection was stored.
 */
export function startInstance(
  ctx: InstanceContext,
  parts: InstanceParts,
  coinbasePreference: ReturnType<typeof resolveCoinbasePreference>,
  events: InstanceEvents,
) {
  const { stores, adapters, options, log } = ctx
  const stops: (() => void)[] = []
  stores.modal.setState({ initialized: true })
  ctx.track('INITIALIZE', {
    networks: ctx.networks.map((n) => n.caipNetworkId),
    defaultNetwork: stores.chain.getState().activeCaipNetwork.caipNetworkId,
    themeMode: stores.theme.getState().themeMode,
  })
  for (const adapter of adapters) {
    stops.push(
      adapter.watchConnectors((list) => {
        const others = stores.connectors
          .getState()
          .list.filter((c) => c.chain !== adapter.namespace)
        stores.connectors.setState({
          list: [...others, ...offeredConnectors(list, coinbasePreference)],
        })
      }),
    )
  }
  const syncFrame = () => void parts.connection.ifStarted()?.then((c) => c.syncFrameTheme(), noop)
  stops.push(stores.theme.subscribe(syncFrame), stores.locale.subscribe(syncFrame))
  // eip155 also without an EVM adapter: an app that drives WalletConnect itself restores it.
  const namespaces = new Set([...adapters.map((a) => a.namespace), 'eip155' as const])
  const stored =
    options.enableReconnect !== false &&
    [...namespaces].find((namespace) =>
      readStoredValue(ctx.backend, StorageKeys.connectedConnectorId(namespace), log),
    )
  if (stored) stores.account.setState({ status: 'reconnecting', namespace: stored })
  const pageOrigin = startServices(ctx, parts)
  stops.push(...followPortfolio(ctx, parts), ...followSignIn(ctx, parts))
  // An instance destroyed before the page painted starts no adapter and reconnects nothing.
  let destroyed = false
  let stopAnalytics: (() => void) | undefined
  stops.push(() => {
    destroyed = true
    stopAnalytics?.()
  })
  const paint = () => {
    if (!destroyed) stopAnalytics = afterPaint(ctx, parts, events)
  }
  if ('requestIdleCallback' in window) window.requestIdleCallback(paint, { timeout: 500 })
  else setTimeout(paint, 1)
  return { stops, pageOrigin }
}
