import { describe, expect, it } from 'vitest'
import { PAIRING_LIFETIME_MS } from '../constants.ts'
import type { PairingOffer } from './pairing.ts'
import { runPairingLoop } from './pairingLoop.ts'

/** A clock the loop's waits advance; approvals are settled by the test. */
function harness() {
  let clock = 1_000_000
  let current = true
  const offers: PairingOffer[] = []
  const abandoned: string[] = []
  const waits: number[] = []
  const approvals: { resolve(s: string): void; reject(e: unknown): void }[] = []
  let wake: (() => void) | undefined
  let proposed = 0
  const deps = {
    async propose() {
      const uri = `wc:${proposed++}@2`
      const approval = new Promise<string>((resolve, reject) => approvals.push({ resolve, reject }))
      return { uri, approval }
    },
    abandon: (uri: string) => abandoned.push(uri),
    offer: (offer: PairingOffer) => offers.push(offer),
    wait(ms: number) {
      waits.push(ms)
      return new Promise<void>((resolve) => {
        wake = () => {
          clock += ms
          resolve()
        }
      })
    },
    isCurrent: () => current,
    now: () => clock,
  }
  return {
    deps,
    offers,
    abandoned,
    waits,
    approvals,
    expire: () => wake?.(),
    stop() {
      current = false
      wake?.()
    },
  }
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('runPairingLoop (§4 pairing)', () => {
  it('resolves with the session the wallet approves', async () => {
    const h = harness()
    const done = runPairingLoop(h.deps)
    await tick()
    expect(h.offers).toHaveLength(1)
    expect(h.offers[0]?.expiresAt).toBe(1_000_000 + PAIRING_LIFETIME_MS)
    h.approvals[0]?.resolve('session')
    await expect(done).resolves.toBe('session')
    expect(h.abandoned).toEqual([])
  })

  it('replaces the offer 10 s before it expires, and forgets the old one', async () => {
    const h = harness()
    const done = runPairingLoop(h.deps)
    await tick()
    expect(h.waits).toEqual([PAIRING_LIFETIME_MS - 10_000])
    h.expire()
    await tick()
    expect(h.offers.map((o) => o.uri)).toEqual(['wc:0@2', 'wc:1@2'])
    expect(h.abandoned).toEqual(['wc:0@2'])
    h.approvals[1]?.resolve('second')
    await expect(done).resolves.toBe('second')
  })

  it('rejects with the wallet refusal', async () => {
    const h = harness()
    const done = runPairingLoop(h.deps)
    await tick()
    h.approvals[0]?.reject(Object.assign(new Error('User rejected.'), { code: 5000 }))
    await expect(done).rejects.toMatchObject({ code: 5000 })
  })

  it('ends without a session when stopped, abandoning the offer', async () => {
    const h = harness()
    const done = runPairingLoop(h.deps)
    await tick()
    h.stop()
    await expect(done).resolves.toBeUndefined()
    expect(h.abandoned).toEqual(['wc:0@2'])
  })

  it('abandons, unshown, an offer that arrives after the loop was stopped', async () => {
    const h = harness()
    const propose = h.deps.propose
    h.deps.propose = async () => {
      const proposal = await propose()
      h.stop()
      return proposal
    }
    await expect(runPairingLoop(h.deps)).resolves.toBeUndefined()
    expect(h.offers).toEqual([])
    expect(h.abandoned).toEqual(['wc:0@2'])
  })
})
