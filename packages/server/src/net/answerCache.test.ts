import { describe, expect, it } from 'vitest'
import { AnswerCache } from './answerCache.ts'

describe('AnswerCache', () => {
  it('keeps answers by key and counts keys and values in its size', () => {
    const cache = new AnswerCache(100)
    cache.set('a=1', 'first')
    cache.set('b=2', 'second')
    expect(cache.get('a=1')).toBe('first')
    expect(cache.get('b=2')).toBe('second')
    expect(cache.get('c=3')).toBeUndefined()
    expect(cache.size).toBe(3 + 5 + 3 + 6)
  })

  it('lets the oldest answers go when a new one would pass the capacity', () => {
    const cache = new AnswerCache(20)
    cache.set('k1', '12345678') // 10
    cache.set('k2', '12345678') // 20
    cache.set('k3', '1234') // 6: k1 goes
    expect(cache.get('k1')).toBeUndefined()
    expect(cache.get('k2')).toBe('12345678')
    expect(cache.get('k3')).toBe('1234')
    expect(cache.size).toBe(16)
    cache.set('k4', '123456789012345678') // 20: both others go
    expect([cache.get('k2'), cache.get('k3'), cache.get('k4')]).toEqual([
      undefined,
      undefined,
      '123456789012345678',
    ])
    expect(cache.size).toBe(20)
  })

  it('replaces an answer under the same key without counting it twice', () => {
    const cache = new AnswerCache(20)
    cache.set('k', '1234')
    cache.set('k', '12345678')
    expect(cache.get('k')).toBe('12345678')
    expect(cache.size).toBe(9)
  })

  it('does not keep an answer larger than its capacity, nor drop others for it', () => {
    const cache = new AnswerCache(10)
    cache.set('k', '1234')
    cache.set('big', '12345678')
    expect(cache.get('big')).toBeUndefined()
    expect(cache.get('k')).toBe('1234')
  })

  it('drops a body whose check says it no longer holds', () => {
    const cache = new AnswerCache(100)
    let holds = true
    cache.set('k', 'body', () => holds)
    expect(cache.get('k')).toBe('body')
    holds = false
    expect(cache.get('k')).toBeUndefined()
    expect(cache.size).toBe(0)
    // Gone for good: a check that holds again does not bring it back.
    holds = true
    expect(cache.get('k')).toBeUndefined()
  })
})
