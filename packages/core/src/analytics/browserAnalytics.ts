// The analytics pipeline in a page (analytics.ts): the project's switch from the services, the
// collector's URLs, beacons, page hide, the account and network of the moment.
import type { ApiClient } from '../api/api.ts'
import type { InstanceContext } from '../appkit/parts.ts'
import { ANALYTICS_FLUSH_INTERVAL_MS, ANALYTICS_MAX_BATCH_BYTES } from '../constants.ts'
import type { AppKitEvent } from '../events.ts'
import { startAnalytics } from './analytics.ts'

/** A beacon when the browser takes it (text/plain: no preflight), else a fetch that outlives the page */
function post(url: string, body: string) {
  if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(url, body)) return
  void fetch(url, {
    method: 'POST',
    body,
    keepalive: true,
    credentials: 'omit',
    headers: { 'Content-Type': 'text/plain;charset=UTF-8' },
  }).catch(() => undefined)
}

/** A random UUID; crypto.randomUUID exists only on https and localhost pages */
export function uuidV4(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  bytes[6] = ((bytes[6] as number) & 0x0f) | 0x40
  bytes[8] = ((bytes[8] as number) & 0x3f) | 0x80
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

function onPageHide(flush: () => void) {
  const hidden = () => {
    if (document.visibilityState === 'hidden') flush()
  }
  window.addEventListener('pagehide', flush)
  document.addEventListener('visibilitychange', hidden)
  return () => {
    window.removeEventListener('pagehide', flush)
    document.removeEventListener('visibilitychange', hidden)
  }
}

export function startBrowserAnalytics(
  ctx: InstanceContext,
  api: () => Promise<ApiClient>,
  events: {
    early: readonly AppKitEvent[]
    subscribe(listener: (e: AppKitEvent) => void): () => void
  },
): () => void {
  const { options, sdkType, sdkVersion, stores } = ctx
  const base = options.analyticsUrl ?? ctx.serviceUrls.apiUrl
  const query = new URLSearchParams({
    projectId: options.projectId ?? '',
    st: sdkType,
    sv: sdkVersion,
  })
  return startAnalytics({
    ...events,
    enabled: async () =>
      ctx.codeFeatures?.analytics !== false &&
      (await (await api()).getAnalyticsConfig()).isAnalyticsEnabled,
    scene: () => ({
      location: window.location,
      address: stores.account.getState().address,
      caipNetworkId: stores.chain.getState().activeCaipNetwork.caipNetworkId,
    }),
    urls: { batch: `${base}/batch?${query}`, error: `${base}/e?${query}` },
    post,
    onPageHide,
    intervalMs: ANALYTICS_FLUSH_INTERVAL_MS,
    maxBytes: ANALYTICS_MAX_BATCH_BYTES,
    setTimer: (run, ms) => setTimeout(run, ms),
    clearTimer: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
    now: () => Date.now(),
    newId: uuidV4,
    log: ctx.log,
  })
}
