import type { DeepLinkChoice } from '../storage/storageEntries.ts'
import type { PairingOffer } from './pairing.ts'

/** What the WalletConnect views show: the pairing URI on offer and the chosen wallet's link. */
export interface WalletConnectState {
  /** §4 The pairing on offer; replaced by a fresh one 10 s before it expires. */
  offer?: PairingOffer
  /** §3 deep link choice for the wallet the visitor picked, when it has a link for this device. */
  deepLink?: DeepLinkChoice
}

export function initialWalletConnectState(): WalletConnectState {
  return {}
}
