// Project lookups, cached: every HTTP request and every relay upgrade names its projectId, and
// a database round trip for each would cap the server at the database's pace. Lookups in flight
// are shared; answers are kept for `ttlMs` (the HTTP routes: PROJECT_CACHE_MS; the relay:
// RELAY_PROJECT_CACHE_MS), so an operator's change reaches every instance within that.

import { RELAY_PROJECT_CACHE_MS } from '../constants/relay.ts'
import { MAX_COMMON_PARAM_LENGTH } from '../constants.ts'
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

/** A cached lookup; `forget` drops one project's entry (after this instance changed it). */
export interface CachedProjectLookup<T> {
  (projectId: string): Promise<T | undefined>
  forget(projectId: string): void
}

/** Wraps `lookup` in a cache. A failed lookup is not cached. */
export function cachedProjectCheck<T = ProjectAccess>(
  lookup: (projectId: string) => Promise<T | undefined>,
  options: ProjectCheckOptions = {},
): CachedProjectLookup<T> {
  const ttlMs = options.ttlMs ?? RELAY_PROJECT_CACHE_MS
  const now = options.now ?? Date.now
  const maxEntries = options.maxEntries ?? 10_000
  const cache = new Map<string, { known: Promise<T | undefined>; expiresAt: number }>()
  const lookupCached = (projectId: string): Promise<T | undefined> => {
    // The same rules as the HTTP routes' projectId: such an id names no project.
    if (projectId.length > MAX_COMMON_PARAM_LENGTH || hasControlCharacters(projectId)) {
      return Promise.resolve(undefined)
    }
    const entry = cache.get(projectId)
    if (entry && entry.expiresAt > now()) return entry.known
    if (cache.size >= maxEntries) cache.clear()
    const known = lookup(projectId)
    cache.set(projectId, { known, expiresAt: now() + ttlMs })
    known.catch(() => cache.delete(projectId))
    return known
  }
  return Object.assign(lookupCached, {
    forget: (projectId: string) => void cache.delete(projectId),
  })
}
