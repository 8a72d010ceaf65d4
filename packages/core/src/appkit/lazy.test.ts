import { describe, expect, it } from 'vitest'
import { lazy } from './lazy.ts'

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
