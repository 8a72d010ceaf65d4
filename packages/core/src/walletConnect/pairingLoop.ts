import { msUntilRefresh, newPairingOffer, type PairingOffer } from './pairing.ts'

export interface PairingLoopDeps<Session> {
  /** A new pairing: its URI and the session once a wallet approves it. */
  propose(): Promise<{ uri: string; approval: Promise<Session> }>
  /** Forgets a pairing that is no longer offered. */
  abandon(uri: string): void
  /** Shows an offer (QR code, copy link, deep link). */
  offer(offer: PairingOffer): void
  /** Resolves after ms, or early when the loop is stopped. */
  wait(ms: number): Promise<void>
  /** False once the visitor has left: the loop ends without a session. */
  isCurrent(): boolean
  now(): number
}

/**
 * §4 Offers pairings until a wallet approves one: each lasts 4 minutes and is replaced by a
 * fresh one 10 s before it expires. Resolves with the session, or undefined when stopped;
 * rejects with the wallet's refusal.
 */
export async function runPairingLoop<Session>(
  deps: PairingLoopDeps<Session>,
): Promise<Session | undefined> {
  while (deps.isCurrent()) {
    const { uri, approval } = await deps.propose()
    if (!deps.isCurrent()) {
      deps.abandon(uri)
      return undefined
    }
    const offer = newPairingOffer(uri, deps.now())
    deps.offer(offer)
    const session = await Promise.race([
      approval,
      deps.wait(msUntilRefresh(offer, deps.now())).then(() => undefined),
    ])
    if (session !== undefined && deps.isCurrent()) return session
    deps.abandon(uri)
  }
  return undefined
}
