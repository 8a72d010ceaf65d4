import { describe, expect, it } from 'vitest'
import { cacheKeys, canRetryBalance, createTtlCache, isFresh } from './cache.ts'

function clock() {
  let now = 0
  return {
    now: () => now,
    set: (ms: number) => {
      now = ms
    },
  }
}

describe('TTL cache (§3 keys, §9 lifetimes)', () => {
  const lifetimes = [
    ['portfolio', 30_000],
    ['nativeBalance', 30_000],
    ['name', 300_000],
    ['identity', 300_000],
    ['transactions', 15_000],
    ['tokenPrice', 15_000],
  ] as const

  for (const [kind, ttl] of lifetimes) {
    it(`${kind}: fresh at ${ttl - 1} ms, stale at ${ttl} ms`, () => {
      const c = clock()
      const cache = createTtlCache({ now: c.now })
      cache.set(kind, 'k', 'v')
      c.set(ttl - 1)
      expect(cache.get(kind, 'k')).toBe('v')
      c.set(ttl)
      expect(cache.get(kind, 'k')).toBeUndefined()
      expect(isFresh(kind, 0, ttl - 1)).toBe(true)
      expect(isFresh(kind, 0, ttl)).toBe(false)
    })
  }

  it('portfolio: fresh at 29,999 ms, stale at 30,000 ms (measured from the last set)', () => {
    const c = clock()
    const cache = createTtlCache({ now: c.now })
    c.set(1_000)
    cache.set('portfolio', cacheKeys.portfolio('eip155:1:0xabc'), [1])
    c.set(30_999)
    expect(cache.get('portfolio', 'eip155:1:0xabc')).toEqual([1])
    c.set(31_000)
    expect(cache.get('portfolio', 'eip155:1:0xabc')).toBeUndefined()
  })

  it('keeps kinds and keys apart, and clear() empties it', () => {
    const cache = createTtlCache({ now: () => 0 })
    cache.set('name', 'a', 'alice')
    cache.set('identity', 'a', 'other')
    expect(cache.get('name', 'a')).toBe('alice')
    expect(cache.get('identity', 'a')).toBe('other')
    expect(cache.get('name', 'b')).toBeUndefined()
    cache.delete('name', 'a')
    expect(cache.get('name', 'a')).toBeUndefined()
    cache.clear()
    expect(cache.get('identity', 'a')).toBeUndefined()
  })

  it('two caches never share entries', () => {
    const a = createTtlCache({ now: () => 0 })
    const b = createTtlCache({ now: () => 0 })
    a.set('name', 'x', 'in a')
    expect(b.get('name', 'x')).toBeUndefined()
  })

  it('keys as §3 says', () => {
    expect(cacheKeys.portfolio('eip155:1:0xAb')).toBe('eip155:1:0xAb')
    expect(cacheKeys.name('0xAB')).toBe('0xab')
    expect(cacheKeys.identity('0xAB')).toBe('0xab')
    expect(cacheKeys.transactions('0xAB', 'eip155:10')).toBe('0xab@eip155:10')
    expect(cacheKeys.transactions('0xab', 'eip155:1')).not.toBe(
      cacheKeys.transactions('0xab', 'eip155:10'),
    )
    expect(cacheKeys.tokenPrice(['eip155:1:0xa', 'eip155:1:0xb'])).toBe('eip155:1:0xa,eip155:1:0xb')
  })
})

describe('canRetryBalance (§9 at most once per 30 s)', () => {
  it('allows the first attempt', () => {
    expect(canRetryBalance(undefined, 0)).toBe(true)
  })
  it('refuses at 29,999 ms after the last attempt, allows at 30,000 ms', () => {
    expect(canRetryBalance(5_000, 34_999)).toBe(false)
    expect(canRetryBalance(5_000, 35_000)).toBe(true)
    expect(canRetryBalance(0, 0)).toBe(false)
  })
})
