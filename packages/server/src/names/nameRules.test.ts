import { describe, expect, it } from 'vitest'
import { nameRuleBroken, nameZoneUnknown } from '../errors/names.ts'
import { acceptedZones, chainIdOfCoinType, coinTypeOf, parseName } from './nameRules.ts'
import { nameVariants } from './suggestions.ts'

const ZONES = acceptedZones('latchkey.id')

describe('parseName', () => {
  it('takes a label alone or in an accepted zone, normalised (ENSIP-15)', () => {
    expect(ZONES).toEqual(['latchkey.id', 'reown.id'])
    for (const input of ['alice', 'Alice', ' alice.latchkey.id ', 'ALICE.reown.id', 'ａｌｉｃｅ']) {
      expect(parseName(input, ZONES)).toEqual({ ok: true, label: 'alice' })
    }
    expect(parseName('my-name-42', ZONES)).toEqual({ ok: true, label: 'my-name-42' })
    expect(acceptedZones('reown.id')).toEqual(['reown.id'])
  })

  it('refuses the §5 rule broken: short, other characters, other scripts, too long', () => {
    const refused = { ok: false, reason: nameRuleBroken }
    expect(parseName('abc', ZONES)).toEqual(refused)
    expect(parseName('abcd', ZONES).ok).toBe(true)
    expect(parseName('a'.repeat(63), ZONES).ok).toBe(true)
    expect(parseName('a'.repeat(64), ZONES)).toEqual(refused)
    for (const input of [
      'ali ce',
      'ali_ce',
      '🙂🙂🙂🙂',
      'straße',
      'аlice',
      'ab--cd',
      '',
      'alice.',
    ]) {
      expect(parseName(input, ZONES), input).toEqual(refused)
    }
    // A name in another zone names ours
    expect(parseName('alice.eth', ZONES)).toEqual({
      ok: false,
      reason: nameZoneUnknown('latchkey.id'),
    })
    expect(nameRuleBroken).toBe('A name has 4 to 63 characters: letters, digits or hyphens')
  })
})

describe('coin types (§9: chain id OR 0x80000000)', () => {
  it('maps a chain id below 2^31 and back', () => {
    expect(coinTypeOf(31337)).toBe(0x80007a69)
    expect(coinTypeOf(0)).toBe(0x80000000)
    expect(coinTypeOf(2_147_483_647)).toBe(0xffffffff)
    expect(chainIdOfCoinType(0x80007a69)).toBe(31337)
    expect(chainIdOfCoinType(0xffffffff)).toBe(2_147_483_647)
    expect(chainIdOfCoinType(0x80000000)).toBe(0)
  })
  it('has none for a chain id at or above 2^31, and no chain for other coin types', () => {
    expect(coinTypeOf(2_147_483_648)).toBeUndefined()
    expect(coinTypeOf(-1)).toBeUndefined()
    expect(coinTypeOf(1.5)).toBeUndefined()
    expect(chainIdOfCoinType(60)).toBeUndefined()
    expect(chainIdOfCoinType(0x7fffffff)).toBeUndefined()
    expect(chainIdOfCoinType(0x100000000)).toBeUndefined()
    expect(chainIdOfCoinType(0.5 + 0x80000000)).toBeUndefined()
  })
})

describe('nameVariants', () => {
  it('adds a digit, then a hyphen and a digit; each a valid name', () => {
    const variants = nameVariants('alice', ZONES)
    expect(variants.slice(0, 3)).toEqual(['alice1', 'alice2', 'alice3'])
    expect(variants.slice(9, 11)).toEqual(['alice-1', 'alice-2'])
    expect(variants).toHaveLength(18)
  })
  it('keeps within 63 characters ', () => {
    const long = 'a'.repeat(63)
    const variants = nameVariants(long, ZONES)
    expect(variants[0]).toBe(`${'a'.repeat(62)}1`)
    expect(variants.every((v) => v.length === 63)).toBe(true)
    expect(nameVariants('ab-x', ZONES)).toContain('ab-x-1')
  })
})
