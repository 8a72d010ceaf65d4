import type { CaipNetworkId, SIWXMessageData, SIWXSession } from '@latchkey/core/internal'

/** EVM addresses compare without case (checksums); Solana's base58 is case-sensitive. */
export function sameAddress(chainId: string, a: string, b: string): boolean {
  return chainId.startsWith('eip155:') ? a.toLowerCase() === b.toLowerCase() : a === b
}

export function isSessionOf(session: SIWXSession, chainId: CaipNetworkId, address: string) {
  return (
    session.data.chainId === chainId && sameAddress(chainId, session.data.accountAddress, address)
  )
}

/** Whether a session is in its validity at `now`. An unreadable time fails closed. */
export function liveness(data: SIWXMessageData, now = Date.now()) {
  if (data.expirationTime !== undefined && !(Date.parse(data.expirationTime) > now)) {
    return 'expired'
  }
  if (data.notBefore !== undefined && !(Date.parse(data.notBefore) <= now)) return 'notYetValid'
  return 'live'
}
