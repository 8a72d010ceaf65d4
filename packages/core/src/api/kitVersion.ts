import { CACHE_TTL_MS, KIT_VERSION } from '../constants.ts'
import type { LatestKitVersion } from '../storage/storageEntries.ts'
import type { ApiClient } from './api.ts'

// §3 Latest kit version: asked of the services at most once per 7 days (the answer is stored),
// after first paint; a page that runs an older release gets one console notice.

export interface KitVersionContext {
  api: Pick<ApiClient, 'getLatestKitVersion'>
  storage: {
    getLatestKitVersion(): LatestKitVersion | undefined
    setLatestKitVersion(latest: LatestKitVersion): void
  }
  now: number
  notify(message: string): void
  log(message: string, detail?: unknown): void
  /** The running release; KIT_VERSION by default */
  current?: string
}

/** Whether version `a` (x.y.z) is older than `b`. */
export function isOlderVersion(a: string, b: string): boolean {
  const [pa, pb] = [a, b].map((v) => v.split('.').map((part) => Number.parseInt(part, 10) || 0))
  for (let i = 0; i < 3; i++) {
    const diff = (pa?.[i] ?? 0) - (pb?.[i] ?? 0)
    if (diff !== 0) return diff < 0
  }
  return false
}

export async function checkLatestKitVersion(ctx: KitVersionContext): Promise<void> {
  const current = ctx.current ?? KIT_VERSION
  const stored = ctx.storage.getLatestKitVersion()
  let latest = stored?.version
  if (!stored || ctx.now - stored.timestamp >= CACHE_TTL_MS.latestKitVersion) {
    try {
      latest = (await ctx.api.getLatestKitVersion()).version
      ctx.storage.setLatestKitVersion({ version: latest, timestamp: ctx.now })
    } catch (error) {
      ctx.log('latest version check failed', error)
    }
  }
  if (latest && isOlderVersion(current, latest)) {
    ctx.notify(`[latchkey] version ${latest} is available; this page runs ${current}`)
  }
}
