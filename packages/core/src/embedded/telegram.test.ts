import { describe, expect, it } from 'vitest'
import { DEFAULT_SOCIALS, OAUTH_SOCIAL_PROVIDERS } from '../constants.ts'
import { filterSocialsForTelegram, offeredSocials, telegramPlatform } from './telegram.ts'

const all = [...OAUTH_SOCIAL_PROVIDERS]

describe('§5 Telegram: socials filtered by platform', () => {
  it.each([
    ['ios', ['github', 'apple', 'facebook', 'x', 'discord']],
    ['macos', ['google', 'github', 'apple', 'facebook', 'discord']],
    ['android', ['google', 'github', 'apple', 'discord']],
    ['android_x', ['google', 'github', 'apple', 'discord']],
    ['tdesktop', all],
    ['weba', all],
    ['webk', all],
    ['unigram', all],
  ])('%s keeps %j', (platform, expected) => {
    expect(filterSocialsForTelegram(all, platform)).toEqual(expected)
  })

  it('leaves the list alone outside Telegram, keeping its order', () => {
    expect(filterSocialsForTelegram(['x', 'google'], undefined)).toEqual(['x', 'google'])
  })

  it('Connect offers every provider (farcaster too), in the given order, after the Telegram rules', () => {
    expect(offeredSocials([...DEFAULT_SOCIALS], undefined)).toEqual([
      'google',
      'x',
      'farcaster',
      'discord',
      'apple',
      'github',
      'facebook',
    ])
    expect(offeredSocials(['github', 'farcaster', 'google'], 'ios')).toEqual([
      'github',
      'farcaster',
    ])
    expect(offeredSocials(['facebook', 'x', 'discord'], 'android')).toEqual(['discord'])
    expect(offeredSocials(false, undefined)).toEqual([])
  })
})

describe('telegramPlatform', () => {
  it("reads Telegram.WebApp.platform; 'unknown' (the SDK outside Telegram) is no Telegram", () => {
    expect(telegramPlatform({ Telegram: { WebApp: { platform: 'ios' } } })).toBe('ios')
    expect(telegramPlatform({ Telegram: { WebApp: { platform: 'unknown' } } })).toBeUndefined()
    expect(telegramPlatform({ Telegram: { WebApp: { platform: 42 } } })).toBeUndefined()
  })

  it('falls back to the tgWebAppPlatform launch parameter in the URL fragment', () => {
    const hash = '#tgWebAppData=query_id%3D1&tgWebAppVersion=7.0&tgWebAppPlatform=android'
    expect(telegramPlatform({ location: { hash } })).toBe('android')
    expect(telegramPlatform({ location: { hash: '#section-2' } })).toBeUndefined()
    expect(telegramPlatform({ location: { hash: '' } })).toBeUndefined()
  })

  it('is undefined on a server and never throws', () => {
    expect(telegramPlatform(undefined)).toBeUndefined()
    const hostile = {
      get Telegram(): never {
        throw new Error('no')
      },
    }
    expect(telegramPlatform(hostile)).toBeUndefined()
  })
})
