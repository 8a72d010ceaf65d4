import type { SIWXSession } from '@latchkey/core/internal'
import { describe, expect, it } from 'vitest'
import { EVM_CHAIN, messageData, SOLANA_CHAIN } from './testing/signers.ts'
import { SIWXVerifier } from './verifier.ts'

/** An app's own verifier, as AppKit apps write them. */
class AcceptingVerifier extends SIWXVerifier {
  readonly chainNamespace = 'eip155'
  async verify() {
    return true
  }
}

const sessionOn = (chainId: string): SIWXSession => ({
  data: messageData({ address: '0x01', chainId: chainId as typeof EVM_CHAIN }),
  message: '',
  signature: '',
})

describe('SIWXVerifier', () => {
  it('verifies the sessions of its own namespace by default', () => {
    const verifier = new AcceptingVerifier()
    expect(verifier.shouldVerify(sessionOn(EVM_CHAIN))).toBe(true)
    expect(verifier.shouldVerify(sessionOn('eip155:8453'))).toBe(true)
    expect(verifier.shouldVerify(sessionOn(SOLANA_CHAIN))).toBe(false)
    // the namespace is the whole part before the colon
    expect(verifier.shouldVerify(sessionOn('eip1550:1'))).toBe(false)
  })
})
