import { TELEGRAM_HIDDEN_SOCIALS } from '../constants.ts'
import type { SocialProvider } from '../storage/storageEntries.ts'

/**
 * Telegram Mini Apps (spec §1, §5). Telegram names its clients' platforms: 'ios', 'macos',
 * 'android', 'android_x', 'tdesktop', 'weba', 'webk', 'web', 'unigram', ... and 'unknown'
 * when telegram-web-app.js runs outside Telegram.
 */
export type TelegramPlatform = string

interface TelegramWindow {
  Telegram?: { WebApp?: { platform?: unknown; initData?: unknown } }
  location?: { hash?: string }
}

const PLATFORM_PARAM = 'tgWebAppPlatform'
const INIT_DATA_PARAM = 'tgWebAppData'

const currentWindow = () => (typeof window === 'undefined' ? undefined : window)

/**
 * The initData Telegram gave this Mini App (who the visitor is, signed with the app's bot), or
 * undefined outside Telegram: `Telegram.WebApp.initData` when telegram-web-app.js is loaded,
 * else the launch parameter in the URL fragment.
 */
export function telegramInitData(win: TelegramWindow | undefined = currentWindow()) {
  try {
    const given = win?.Telegram?.WebApp?.initData
    if (typeof given === 'string' && given !== '') return given
    const hash = win?.location?.hash ?? ''
    return new URLSearchParams(hash.replace(/^#/, '')).get(INIT_DATA_PARAM) || undefined
  } catch {
    return undefined
  }
}

/**
 * The Telegram client the page runs in, or undefined outside Telegram: the WebApp SDK's
 * `Telegram.WebApp.platform` when the app loads telegram-web-app.js, else the launch
 * parameter Telegram puts in the URL fragment (`#tgWebAppData=…&tgWebAppPlatform=ios`).
 */
export function telegramPlatform(
  win: TelegramWindow | undefined = currentWindow(),
): TelegramPlatform | undefined {
  try {
    const platform = win?.Telegram?.WebApp?.platform
    if (typeof platform === 'string' && platform !== '' && platform !== 'unknown') return platform
    const hash = win?.location?.hash ?? ''
    const fromUrl = new URLSearchParams(hash.replace(/^#/, '')).get(PLATFORM_PARAM)
    return fromUrl && fromUrl !== 'unknown' ? fromUrl : undefined
  } catch {
    return undefined
  }
}

/** §5 The rule group of a Telegram platform: iOS, Mac, Android, or none (desktop, web). */
function ruleOf(
  platform: TelegramPlatform | undefined,
): keyof typeof TELEGRAM_HIDDEN_SOCIALS | undefined {
  if (platform === 'ios') return 'ios'
  if (platform === 'macos') return 'mac'
  if (platform === 'android' || platform === 'android_x') return 'android'
  return undefined
}

/**
 * §5 Telegram: socials filtered by platform: iOS drops google, Mac drops x, Android drops
 * facebook and x. Outside Telegram (no platform) and on other clients the list is unchanged.
 */
export function filterSocialsForTelegram<T extends string>(
  socials: readonly T[],
  platform: TelegramPlatform | undefined,
): T[] {
  const rule = ruleOf(platform)
  if (!rule) return [...socials]
  const hidden: readonly string[] = TELEGRAM_HIDDEN_SOCIALS[rule]
  return socials.filter((social) => !hidden.includes(social))
}

/**
 * The social buttons Connect offers: the resolved `socials` feature (false when off, e.g. with
 * pay on) in its order, after the §5 Telegram rules. Each has a flow: the OAuth providers a
 * popup, farcaster its own (ConnectingFarcaster).
 */
export function offeredSocials(
  socials: readonly SocialProvider[] | false,
  platform: TelegramPlatform | undefined,
): SocialProvider[] {
  if (!socials) return []
  return filterSocialsForTelegram(socials, platform)
}
