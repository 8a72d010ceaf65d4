import { describe, expect, it } from 'vitest'
import { forward, lazy } from './lazy.ts'

describe('lazy(): a part loaded on first use', () => {
  it('loads once and keeps the part; ifStarted() is undefined until the first use', async () => {
    let loads = 0
    const part = lazy(async () => ++loads)
    expect(part.ifStarted()).toBeUndefined()
    expect(await part()).toBe(1)
    expect(await part()).toBe(1)
    expect(await part.ifStarted()).toBe(1)
    expect(loads).toBe(1)
  })

  it('keeps a failed load unless told to retry; with retry the next use loads again', async () => {
    let loads = 0
    const failingOnce = () => {
      loads++
      return loads === 1 ? Promise.reject(new Error('chunk lost')) : Promise.resolve(loads)
    }
    const kept = lazy(failingOnce)
    await expect(kept()).rejects.toThrow('chunk lost')
    await expect(kept()).rejects.toThrow('chunk lost')
    expect(loads).toBe(1)

    loads = 0
    const retried = lazy(failingOnce, true)
    await expect(retried()).rejects.toThrow('chunk lost')
    expect(retried.ifStarted()).toBeUndefined()
    expect(await retried()).toBe(2)
    expect(await retried()).toBe(2)
  })
})

describe('forward(): methods of a lazily loaded part', () => {
  it('loads the part on the first call only and passes the arguments and the result through', async () => {
    let loads = 0
    const calls: unknown[][] = []
    const part = lazy(async () => {
      loads++
      return {
        greet: (name: string, times: number) => {
          calls.push([name, times])
          return `hi ${name}`.repeat(times)
        },
        fail: () => {
          throw new Error('refused')
        },
        untouched: () => 'not forwarded',
      }
    })
    const methods = forward(part, ['greet', 'fail'])
    expect(Object.keys(methods)).toEqual(['greet', 'fail'])
    expect(loads).toBe(0)
    expect(await methods.greet('Ada', 2)).toBe('hi Adahi Ada')
    expect(await methods.greet('Bo', 1)).toBe('hi Bo')
    expect(loads).toBe(1)
    expect(calls).toEqual([
      ['Ada', 2],
      ['Bo', 1],
    ])
    await expect(methods.fail()).rejects.toThrow('refused')
  })

  it('calls the method on the loaded part (its own `this`)', async () => {
    class Counter {
      count = 0
      add(n: number) {
        this.count += n
        return this.count
      }
    }
    const counter = new Counter()
    const methods = forward(async () => counter, ['add'])
    expect(await methods.add(2)).toBe(2)
    expect(await methods.add(3)).toBe(5)
  })

  it('a part that fails to load rejects each call with the load error', async () => {
    const methods = forward(() => Promise.reject<{ go(): void }>(new Error('chunk lost')), ['go'])
    await expect(methods.go()).rejects.toThrow('chunk lost')
  })
})
