import { describe, expect, it } from 'vitest'
import { cachedProjectCheck } from './projectCache.ts'

describe('cachedProjectCheck', () => {
  const access = { allowedOrigins: ['https://app.example'] }

  it('looks a project up once per TTL, sharing lookups in flight', async () => {
    let now = 0
    const calls: string[] = []
    const check = cachedProjectCheck(
      async (id) => {
        calls.push(id)
        return id === 'known' ? access : undefined
      },
      { ttlMs: 1_000, now: () => now },
    )
    await expect(Promise.all([check('known'), check('known')])).resolves.toEqual([access, access])
    await expect(check('unknown')).resolves.toBeUndefined()
    await expect(check('unknown')).resolves.toBeUndefined()
    expect(calls).toEqual(['known', 'unknown'])
    now = 1_000
    await check('known')
    expect(calls).toEqual(['known', 'unknown', 'known'])
  })

  it('forgets one project at once when this instance changed it', async () => {
    let origins = ['https://a.example']
    const check = cachedProjectCheck(async () => ({ allowedOrigins: origins }), {
      ttlMs: 60_000,
      now: () => 0,
    })
    expect((await check('p'))?.allowedOrigins).toEqual(['https://a.example'])
    origins = ['https://b.example']
    expect((await check('p'))?.allowedOrigins).toEqual(['https://a.example'])
    check.forget('p')
    expect((await check('p'))?.allowedOrigins).toEqual(['https://b.example'])
  })

  it('does not cache a failed lookup, and never looks up ids no project can have', async () => {
    let fail = true
    const calls: string[] = []
    const check = cachedProjectCheck(async (id) => {
      calls.push(id)
      if (fail) throw new Error('database down')
      return access
    })
    await expect(check('p')).rejects.toThrow('database down')
    fail = false
    await expect(check('p')).resolves.toBe(access)
    await expect(check('x'.repeat(65))).resolves.toBeUndefined()
    await expect(check('a\u0000b')).resolves.toBeUndefined()
    expect(calls).toEqual(['p', 'p'])
  })
})
