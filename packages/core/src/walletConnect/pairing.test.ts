import { describe, expect, it } from 'vitest'
import { isPairingExpired, msUntilRefresh, newPairingOffer } from './pairing.ts'

describe('pairing offer (§4)', () => {
  const t0 = 1_700_000_000_000
  const offer = newPairingOffer('wc:x@2', t0)

  it('lasts 4 minutes', () => {
    expect(offer.expiresAt - t0).toBe(240_000)
  })

  it('counts as expired within 10 seconds of its expiry', () => {
    expect(isPairingExpired(offer, t0)).toBe(false)
    expect(isPairingExpired(offer, t0 + 229_999)).toBe(false)
    expect(isPairingExpired(offer, t0 + 230_000)).toBe(true)
    expect(isPairingExpired(offer, t0 + 300_000)).toBe(true)
  })

  it('is replaced 3 min 50 s after it was made', () => {
    expect(msUntilRefresh(offer, t0)).toBe(230_000)
    expect(msUntilRefresh(offer, t0 + 230_000)).toBe(0)
    expect(msUntilRefresh(offer, t0 + 999_000)).toBe(0)
  })
})
