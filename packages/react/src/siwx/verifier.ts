import type { ChainNamespace, SIWXSession } from '@latchkey/core/internal'

/** AppKit's SIWXVerifier: checks the signature of the sessions of one chain namespace. */
export abstract class SIWXVerifier {
  abstract readonly chainNamespace: ChainNamespace

  /** Whether this verifier checks `session`; by default, the sessions of its namespace. */
  shouldVerify(session: SIWXSession): boolean {
    return session.data.chainId.startsWith(`${this.chainNamespace}:`)
  }

  /** True when the session's signature is the account's signature of its message. */
  abstract verify(session: SIWXSession): Promise<boolean>
}
