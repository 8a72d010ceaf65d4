// Errors the frame answers with as they are: their message is meant for the host (and the
// visitor). Anything else becomes §8 'Something went wrong' in the reply and a log entry.

/** §8 */
export const SOMETHING_WENT_WRONG = 'Something went wrong'
/** §8: what the frame logs for a message from an origin the project does not allow */
export const UNTRUSTED_ORIGIN = 'Untrusted Origin'
export const SMART_ACCOUNTS_UNAVAILABLE = 'Smart accounts are not available'
/** §8 */
export const SOCIAL_START_FAILED = 'Failed to initiate social connection'
/** §8 */
export const SOCIAL_CONNECT_FAILED = 'Failed to connect'
/** §8 */
export const FARCASTER_FAILED = 'Failed to connect to farcaster'
export const FARCASTER_EXPIRED = 'The Farcaster sign-in expired. Start again.'
export const FARCASTER_STOPPED = 'The Farcaster sign-in was stopped'
export const NO_FARCASTER_PENDING = 'No Farcaster sign-in is pending'
export const DEVICE_TIMED_OUT = 'Device verification timed out'
export const NO_LOGIN_PENDING = 'No sign-in is pending. Enter your email again.'
export const DEVICE_NOT_APPROVED = 'Approve this device first: open the link in the email'
export const NO_DEVICE_PENDING = 'No device approval is pending'
export const LOGIN_REPLACED = 'This sign-in was replaced by a newer one'
export const NO_EMAIL_CHANGE_PENDING = 'No email change is pending'
export const RESPONSE_TOO_LARGE = 'The response is too large to pass to the page'
