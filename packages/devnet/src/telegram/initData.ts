// Stands in for Telegram when it opens a Mini App: the initData it would hand the app (signed
// as Telegram documents: HMAC-SHA256 under HMAC-SHA256("WebAppData", bot token)), and the URL
// Telegram opens the app with (the launch parameters in the fragment).
import { createHmac } from 'node:crypto'

/** The local stack's bot token: the server checks initData against it (never a real bot's). */
export const LOCAL_TELEGRAM_BOT_TOKEN = '7000000001:AAlatchkey-local-bot-token-not-a-secret'

export interface TelegramTestUser {
  id: number
  first_name: string
  username?: string
}

export interface TelegramInitDataOptions {
  user: TelegramTestUser
  botToken?: string
  /** Seconds since the epoch; now unless given */
  authDate?: number
}

/** initData for `user`, as Telegram gives it to a Mini App. */
export function telegramInitData(options: TelegramInitDataOptions): string {
  const fields: Record<string, string> = {
    auth_date: String(options.authDate ?? Math.floor(Date.now() / 1000)),
    query_id: `AAH${options.user.id.toString(36)}`,
    user: JSON.stringify({ ...options.user, language_code: 'en', allows_write_to_pm: true }),
  }
  const lines = Object.keys(fields)
    .sort()
    .map((key) => `${key}=${fields[key]}`)
    .join('\n')
  const secret = createHmac('sha256', 'WebAppData')
    .update(options.botToken ?? LOCAL_TELEGRAM_BOT_TOKEN)
    .digest()
  const hash = createHmac('sha256', secret).update(lines).digest('hex')
  return new URLSearchParams({ ...fields, hash }).toString()
}

/** The URL Telegram opens a Mini App at: its launch parameters in the fragment. */
export function telegramLaunchUrl(appUrl: string, initData: string, platform = 'web'): string {
  const launch = new URLSearchParams({
    tgWebAppData: initData,
    tgWebAppVersion: '8.0',
    tgWebAppPlatform: platform,
  })
  return `${appUrl.split('#')[0]}#${launch}`
}
