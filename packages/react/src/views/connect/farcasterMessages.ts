import { useMessagesWith } from '../../useMessages.ts'

/** ConnectingFarcaster's texts: loaded with the view, not with the first load. */
export const farcasterEn = {
  farcasterQrLabel: 'QR code to sign in with Farcaster',
  farcasterScan: 'Scan this QR code with your phone to sign in with Farcaster',
  farcasterOpenHint: 'Open Farcaster and approve the sign-in; this page continues by itself.',
  farcasterOpen: 'Open Farcaster',
  farcasterPreparing: 'Preparing a sign-in link…',
  farcasterWaiting: 'Waiting for you to sign in with Farcaster…',
}

export type FarcasterMessages = typeof farcasterEn

/** The English table with the Farcaster texts and the app's own in place; only its view uses it. */
export function useFarcasterMessages() {
  return useMessagesWith(farcasterEn)
}
