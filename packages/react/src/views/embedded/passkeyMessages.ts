import { useMessagesWith } from '../../useMessages.ts'

/** Passkeys' and key export's texts (issue 30): loaded with Connect and Account, not with the first load. */
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
  /** Account, embedded wallets (issue 30): the key shows in the frame's card only */
  exportKey: 'Export private key',
  exportKeyInFrame: 'Your key shows only in the secure window below, never on this page.',
}

export type PasskeyMessages = typeof passkeyEn

/** The English table with the passkey texts and the app's own in place */
export function usePasskeyMessages() {
  return useMessagesWith(passkeyEn)
}
