import { PAIRING_EXPIRY_MARGIN_MS, PAIRING_LIFETIME_MS } from '../constants.ts'

/** §4 A pairing URI shown to the visitor, with the time it stops being offered. */
export interface PairingOffer {
  uri: string
  /** milliseconds since the epoch */
  expiresAt: number
}

/** §4 Pairing lasts 4 minutes. */
export function newPairingOffer(uri: string, now: number): PairingOffer {
  return { uri, expiresAt: now + PAIRING_LIFETIME_MS }
}

/** §4 A pairing counts as expired within 10 seconds of its expiry time. */
export function isPairingExpired(offer: PairingOffer, now: number): boolean {
  return now >= offer.expiresAt - PAIRING_EXPIRY_MARGIN_MS
}

/** Milliseconds until the offer must be replaced by a fresh one (0 when it already must). */
export function msUntilRefresh(offer: PairingOffer, now: number): number {
  return Math.max(0, offer.expiresAt - PAIRING_EXPIRY_MARGIN_MS - now)
}
