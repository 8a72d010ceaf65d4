import { useMessagesWith } from '../../useMessages.ts'

/** Passkeys' texts (issue 30): loaded with Connect and Account, not with the first load. */
export const passkeyEn = {
  continueWithPasskey: 'Continue with a passkey',
  passkeys: 'Passkeys',
  addPasskey: 'Add a passkey',
  removePasskey: 'Remove passkey {name}',
  /** A passkey without a name of its own, by when it was added */
  passkeyAdded: 'Passkey added {date}',
  noPasskeys: 'No passkeys yet',
  /** While the frame's own card waits for the visitor's click */
  passkeyInFrame: 'Continue in the secure window below.',
}

export type PasskeyMessages = typeof passkeyEn

/** The English table with the passkey texts and the app's own in place */
export function usePasskeyMessages() {
  return useMessagesWith(passkeyEn)
}
