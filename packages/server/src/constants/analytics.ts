// The analytics collector (README "Analytics"; server README "Analytics").

/** §7 The analytics body cap: the same 64 KB as every other body (413 past it) */
export const ANALYTICS_MAX_BODY_BYTES = 64 * 1024
/** The most events one batch may carry (a 45 KB batch holds a few hundred) */
export const ANALYTICS_MAX_EVENTS = 500
/** One event's `properties`, serialised */
export const ANALYTICS_MAX_PROPERTIES_CHARS = 4096
/** An event's time may lag (a beacon on page hide of a tab left open) or run ahead of ours */
export const ANALYTICS_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000
export const ANALYTICS_MAX_SKEW_MS = 10 * 60 * 1000
/** §7 With analytics off for the project, only these are kept */
export const ANALYTICS_ALWAYS_KEPT = new Set([
  'INITIALIZE',
  'CONNECT_SUCCESS',
  'SOCIAL_LOGIN_SUCCESS',
])
