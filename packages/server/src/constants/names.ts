// The name service's constants (README "Names"; §5, §9 as docs/conformance.md restates them).
import type { RateLimitWindow } from '../constants.ts'

/** Ours: how many available variants a suggestions answer lists */
export const NAME_SUGGESTIONS_MAX = 5
/** Ours: the signed registration message, as text, at most 4 KB */
export const NAME_MESSAGE_MAX_CHARS = 4_096
/** Ours: a name's attributes: at most 10, keys of 1 to 32 characters */
export const NAME_ATTRIBUTES_MAX = 10
export const NAME_ATTRIBUTE_KEY = /^[a-z][a-z0-9_.-]{0,31}$/
/** Ours: an attribute's value at most 256 characters; an avatar's URL up to 2,048 */
export const NAME_ATTRIBUTE_MAX_CHARS = 256
export const NAME_AVATAR_MAX_CHARS = 2_048
/** Ours: registrations per client address, on top of the project's budget */
export const NAME_REGISTER_RATE_LIMIT: RateLimitWindow = { limit: 10, windowMs: 600_000 }
/** Ours: a registration's message is remembered this long, past its 5-minute window */
export const NAME_MESSAGE_MEMORY_MS = 660_000
