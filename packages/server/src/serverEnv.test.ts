import { afterEach, describe, expect, it, vi } from 'vitest'
import { nameZoneFrom } from './serverEnv.ts'

describe('nameZoneFrom (README "Names")', () => {
  afterEach(() => vi.unstubAllEnvs())

  it('takes the option, else NAME_ZONE (a leading dot dropped), else latchkey.id', () => {
    vi.stubEnv('NAME_ZONE', '')
    expect(nameZoneFrom(undefined)).toBe('latchkey.id')
    vi.stubEnv('NAME_ZONE', ' .names.example.org ')
    expect(nameZoneFrom(undefined)).toBe('names.example.org')
    expect(nameZoneFrom('example.id')).toBe('example.id')
  })

  it('refuses what is not a lower-case domain, naming it', () => {
    for (const zone of ['Example.id', 'example', 'exa mple.id', '-x.id', 'x..id', 'x.id.']) {
      expect(() => nameZoneFrom(zone), zone).toThrow(
        `NAME_ZONE must be a domain in lower case, like example.id (got '${zone}')`,
      )
    }
  })
})
