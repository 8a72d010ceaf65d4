import { describe, expect, it } from 'vitest'
import { TtlCache } from './ttlCache.ts'

describe('TtlCache', () => {
  it('keeps a loaded value for its time, then loads again', async () => {
    let clock = 0
    let loads = 0
    const cache = new TtlCache<number>(1_000, () => clock)
    const load = async () => ++loads
    expect(await cache.get('k', load)).toBe(1)
    clock = 999
    expect(await cache.get('k', load)).toBe(1)
    expect(cache.peek('k')).toBe(1)
    clock = 1_000
    expect(cache.peek('k')).toBeUndefined()
    expect(await cache.get('k', load)).toBe(2)
  })

  it('loads again when forced, and peek never loads', async () => {
    let loads = 0
    const cache = new TtlCache<number>(1_000, () => 0)
    const load = async () => ++loads
    expect(cache.peek('k')).toBeUndefined()
    expect(loads).toBe(0)
    await cache.get('k', load)
    expect(await cache.get('k', load, true)).toBe(2)
    expect(cache.peek('k')).toBe(2)
  })

  it('shares one load between concurrent callers', async () => {
    let loads = 0
    let finish: (value: number) => void = () => {}
    const cache = new TtlCache<number>(1_000, () => 0)
    const load = () => {
      loads++
      return new Promise<number>((resolve) => {
        finish = resolve
      })
    }
    const both = Promise.all([cache.get('k', load), cache.get('k', load, true)])
    finish(7)
    expect(await both).toEqual([7, 7])
    expect(loads).toBe(1)
  })
})
