// The relay's project check, cached: a WalletConnect client (re)connects often, and each upgrade
// names its projectId. Lookups in flight are shared; answers are kept for RELAY_PROJECT_CACHE_MS.
import { MAX_COMMON_PARAM_LENGTH, RELAY_PROJECT_CACHE_MS } from '../constants.ts'
import { hasControlCharacters } from '../text.ts'

export interface ProjectCheckOptions {
  ttlMs?: number
  /** Milliseconds since the epoch; injectable for tests */
  now?: () => number
  /** Entries kept before the cache is emptied */
  maxEntries?: number
}

/** What the relay needs of a project: the origins its pages may connect from. */
export interface ProjectAccess {
  allowedOrigins: readonly string[]
}

/** The project's access, or undefined when the id names no project. */
export type ProjectCheck = (projectId: string) => Promise<ProjectAccess | undefined>

/** Wraps `lookup` in a cache. A failed lookup is not cached. */
export function cachedProjectCheck(
  lookup: ProjectCheck,
  options: ProjectCheckOptions = {},
): ProjectCheck {
  const ttlMs = options.ttlMs ?? RELAY_PROJECT_CACHE_MS
  const now = options.now ?? Date.now
  const maxEntries = options.maxEntries ?? 10_000
  const cache = new Map<string, { known: Promise<ProjectAccess | undefined>; expiresAt: number }>()
  return (projectId) => {
    // The same rules as the HTTP routes' projectId: such an id names no project.
    if (projectId.length > MAX_COMMON_PARAM_LENGTH || hasControlCharacters(projectId)) {
      return Promise.resolve(undefined)
    }
    const cached = cache.get(projectId)
    if (cached && cached.expiresAt > now()) return cached.known
    if (cache.size >= maxEntries) cache.clear()
    const known = lookup(projectId)
    cache.set(projectId, { known, expiresAt: now() + ttlMs })
    known.catch(() => cache.delete(projectId))
    return known
  }
}
