// The few spec numbers the host client needs. They repeat values of packages/core/src/constants.ts
// on purpose: core imports this package, so this package cannot import core. Each cites its
// rule's section ("§N", docs/conformance.md).

const SECOND_MS = 1000

/** §9 Frame load timeout 20 s */
export const FRAME_LOAD_TIMEOUT_MS = 20 * SECOND_MS

/** §9 Email, device, OTP and social requests time out after 120 s */
export const EMBEDDED_REQUEST_TIMEOUT_MS = 120 * SECOND_MS

/** §9 Sign-out waits at most 3 s */
export const SIGN_OUT_TIMEOUT_MS = 3 * SECOND_MS

/** §9 Heartbeat default 5 s */
export const HEARTBEAT_MS = 5 * SECOND_MS

/**
 * Every other request. The spec gives no number for them (§9 names only the 120 s and 3 s ones);
 * 30 s is our choice: long enough for a slow RPC read, short enough that the modal never hangs.
 */
export const DEFAULT_REQUEST_TIMEOUT_MS = 30 * SECOND_MS

/** §8 Others: the frame did not load (or speaks another protocol version) */
export const FRAME_LOAD_FAILED = 'Unable to load email login dependency'

/** Our wording: the frame loaded again (FRAME_READY once more), so its pending requests are gone. */
export const FRAME_RELOADED = 'The wallet frame reloaded'

/** Our wording: a request outlived its timeout. */
export const REQUEST_TIMED_OUT = 'Request timed out'

/** The accessible name of the frame (it is a page of its own inside the modal). */
export const FRAME_TITLE = 'Latchkey secure wallet'
