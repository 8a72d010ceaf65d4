import { runInNewContext } from 'node:vm'
import { describe, expect, it } from 'vitest'
import { asBytes, sameBytes } from './bytes.ts'

describe('bytes', () => {
  it('take a Uint8Array or Buffer from any realm, as a view of the same memory', () => {
    const foreign = runInNewContext('new Uint8Array([1, 2, 3])') as Uint8Array
    expect(foreign instanceof Uint8Array).toBe(false)
    const bytes = asBytes(foreign)
    expect(bytes).toBeInstanceOf(Uint8Array)
    expect([...(bytes ?? [])]).toEqual([1, 2, 3])
    const buffer = Buffer.from([4, 5])
    expect(asBytes(buffer)).toBe(buffer)
    const local = new Uint8Array([6])
    expect(asBytes(local)).toBe(local)
  })

  it('refuse anything that is not bytes', () => {
    for (const value of [new Uint16Array(2), [1, 2], 'AQID', null, new ArrayBuffer(2)]) {
      expect(asBytes(value)).toBeUndefined()
    }
  })

  it('compare contents', () => {
    expect(sameBytes(new Uint8Array([1, 2]), [1, 2])).toBe(true)
    expect(sameBytes(new Uint8Array([1, 2]), [1, 3])).toBe(false)
    expect(sameBytes(new Uint8Array([1]), [1, 2])).toBe(false)
  })
})
