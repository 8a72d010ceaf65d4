import { describe, expect, it } from 'vitest'
import { nameAttributesInvalid, nameMessageInvalid } from '../errors/names.ts'
import { parseAttributes, parseNameMessage } from './nameMessage.ts'

const text = (value: unknown) => JSON.stringify(value)

describe('parseNameMessage (§7: JSON {name, attributes, timestamp in seconds})', () => {
  it('reads the three fields; attributes may be left out', () => {
    expect(
      parseNameMessage(text({ name: 'alice', attributes: { bio: 'hi' }, timestamp: 5 })),
    ).toEqual({
      ok: true,
      value: { name: 'alice', attributes: { bio: 'hi' }, timestamp: 5 },
    })
    expect(parseNameMessage(text({ name: 'alice', timestamp: 0 }))).toEqual({
      ok: true,
      value: { name: 'alice', attributes: {}, timestamp: 0 },
    })
  })
  it('refuses what is not that JSON', () => {
    for (const bad of [
      'not json',
      text(['alice']),
      text(null),
      text({ name: 7, timestamp: 1 }),
      text({ name: 'alice' }),
      text({ name: 'alice', timestamp: '1' }),
      text({ name: 'alice', timestamp: 1.5 }),
      text({ name: 'alice', timestamp: -1 }),
    ]) {
      expect(parseNameMessage(bad), bad).toEqual({ ok: false, reason: nameMessageInvalid })
    }
    expect(parseNameMessage(text({ name: 'alice', timestamp: 1, attributes: [] }))).toEqual({
      ok: false,
      reason: nameAttributesInvalid('must be an object'),
    })
  })
})

describe('parseAttributes', () => {
  it('takes up to 10 short texts; an avatar is an https URL up to 2,048 characters', () => {
    const ten = Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`k${i}`, 'v']))
    expect(parseAttributes(ten)).toEqual({ ok: true, value: ten })
    const avatar = `https://x.test/${'a'.repeat(2_048 - 15)}`
    expect(parseAttributes({ avatar, bio: 'b'.repeat(256) }).ok).toBe(true)
  })
  it('names the reason it refuses', () => {
    const reason = (value: unknown) => {
      const parsed = parseAttributes(value)
      return parsed.ok ? undefined : parsed.reason
    }
    const eleven = Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`k${i}`, 'v']))
    expect(reason(eleven)).toBe(nameAttributesInvalid('at most 10'))
    expect(reason({ Bio: 'x' })).toBe(
      nameAttributesInvalid("'Bio' is not a key (a-z first, then a-z 0-9 _ . -)"),
    )
    expect(reason({ [`k${'x'.repeat(32)}`]: 'x' })).toContain('is not a key')
    expect(reason({ bio: 5 })).toBe(nameAttributesInvalid("'bio' must be text"))
    expect(reason({ bio: 'b'.repeat(257) })).toBe(
      nameAttributesInvalid("'bio' is longer than 256 characters"),
    )
    expect(reason({ avatar: `https://x.test/${'a'.repeat(2_048)}` })).toBe(
      nameAttributesInvalid("'avatar' is longer than 2048 characters"),
    )
    expect(reason({ bio: 'a\u0007b' })).toBe(nameAttributesInvalid("'bio' has control characters"))
    for (const avatar of ['http://x.test/a.png', 'javascript:alert(1)', 'not a url']) {
      expect(reason({ avatar })).toBe(nameAttributesInvalid("'avatar' must be an https URL"))
    }
    expect(reason('x')).toBe(nameAttributesInvalid('must be an object'))
  })
})
