// The origin gate: the frame's security core. A message is acted on only when it comes from the
// window that embeds the frame, from an origin the project allows, and parses as a known app
// event. Pure functions, no DOM: the frame feeds them what the MessageEvent and its window say.

import { type AppMessage, parseAppMessage } from '../protocol/messages.ts'
import { UNTRUSTED_ORIGIN } from './errors.ts'

export interface GateEvent {
  source: unknown
  origin: unknown
  data: unknown
}

export interface GateState {
  /** The frame's own window */
  self: unknown
  /** `window.parent`; the same as `self` when the frame is not embedded */
  parent: unknown
  /** The project's allowed origins once loaded; null until then (or when loading failed) */
  allowedOrigins: readonly string[] | null
  /** The origin the host spoke from first (or the browser told us); later messages must match */
  hostOrigin: string | null
}

export type GateResult =
  | { ok: true; message: AppMessage; origin: string }
  | { ok: false; reason: string }

/**
 * The project's origins as exact `scheme://host[:port]` strings (what MessageEvent.origin
 * gives). Entries that are not http(s) origins — paths are cut, `*`, `null` and garbage dropped —
 * never match anything.
 */
export function normalizeOrigins(list: unknown): string[] {
  if (!Array.isArray(list)) return []
  const origins = new Set<string>()
  for (const entry of list) {
    if (typeof entry !== 'string' || entry.length > 2048) continue
    try {
      const url = new URL(entry)
      if (url.protocol !== 'http:' && url.protocol !== 'https:') continue
      if (url.username || url.password) continue
      origins.add(url.origin)
    } catch {
      // not a URL: never matches
    }
  }
  return [...origins]
}

/** Decides whether `event` is a request from our host. Never throws. */
export function admit(event: GateEvent, state: GateState): GateResult {
  try {
    if (state.allowedOrigins === null) return { ok: false, reason: 'allowed origins not loaded' }
    if (state.parent === state.self) return { ok: false, reason: 'frame is not embedded' }
    if (event.source !== state.parent) return { ok: false, reason: 'message not from the parent' }
    const origin = event.origin
    if (typeof origin !== 'string' || !state.allowedOrigins.includes(origin)) {
      return { ok: false, reason: `${UNTRUSTED_ORIGIN}: ${String(origin).slice(0, 256)}` }
    }
    if (state.hostOrigin !== null && origin !== state.hostOrigin) {
      return { ok: false, reason: `${UNTRUSTED_ORIGIN}: ${origin} is not the host's` }
    }
    const parsed = parseAppMessage(event.data)
    if (!parsed.ok) return { ok: false, reason: parsed.reason.slice(0, 256) }
    return { ok: true, message: parsed.value, origin }
  } catch {
    return { ok: false, reason: 'unreadable message' }
  }
}

/**
 * Where FRAME_READY goes. The browser names the parent's origin (location.ancestorOrigins, not in
 * every browser): then only there, and only if allowed. Otherwise once per allowed origin: the
 * browser delivers only the one that matches the parent, and drops the rest.
 */
export function readyTargets(
  allowedOrigins: readonly string[],
  ancestorOrigins: ArrayLike<string> | null | undefined,
): string[] {
  const parentOrigin = ancestorOrigins && ancestorOrigins.length > 0 ? ancestorOrigins[0] : null
  if (typeof parentOrigin === 'string') {
    return allowedOrigins.includes(parentOrigin) ? [parentOrigin] : []
  }
  return [...allowedOrigins]
}
