// Telegram Mini App login: the initData Telegram hands a Mini App, checked as Telegram documents
// it ("Validating data received via the Mini App"): the fields but `hash`, sorted by key, as
// key=value lines; secret = HMAC-SHA256(key "WebAppData", bot token); the hash must be the hex
// HMAC-SHA256 of those lines under the secret. auth_date bounds how old it may be.
import { createHmac, timingSafeEqual } from 'node:crypto'
import { AUTH_MAX_USER_NAME_LENGTH } from '../constants/auth.ts'
import { hasControlCharacters } from '../text.ts'

export interface TelegramUser {
  /** Telegram's user id, as a decimal string */
  id: string
  userName: string | null
}

export type InitDataVerdict =
  | { ok: true; user: TelegramUser; authDate: number }
  | { ok: false; reason: string }

const HEX_HASH = /^[0-9a-f]{64}$/

/** The data-check string and hash of `initData` (a query string); undefined if malformed. */
function checkString(initData: string): { lines: string; hash: string } | undefined {
  const params = new URLSearchParams(initData)
  const hash = params.get('hash')
  if (!hash || !HEX_HASH.test(hash) || params.getAll('hash').length !== 1) return undefined
  const pairs = [...params].filter(([key]) => key !== 'hash')
  if (new Set(pairs.map(([key]) => key)).size !== pairs.length) return undefined
  pairs.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  return { lines: pairs.map(([key, value]) => `${key}=${value}`).join('\n'), hash }
}

/** The hash Telegram puts in initData for these lines, under `botToken`. */
export function initDataHash(lines: string, botToken: string): string {
  const secret = createHmac('sha256', 'WebAppData').update(botToken).digest()
  return createHmac('sha256', secret).update(lines).digest('hex')
}

function userOf(raw: string | null): TelegramUser | undefined {
  if (!raw) return undefined
  let user: unknown
  try {
    user = JSON.parse(raw)
  } catch {
    return undefined
  }
  if (typeof user !== 'object' || user === null) return undefined
  const { id, username, first_name: firstName } = user as Record<string, unknown>
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id <= 0) return undefined
  const name = [username, firstName].find(
    (v): v is string =>
      typeof v === 'string' &&
      v.trim() !== '' &&
      v.length <= AUTH_MAX_USER_NAME_LENGTH &&
      !hasControlCharacters(v),
  )
  return { id: String(id), userName: name ?? null }
}

export function verifyInitData(
  initData: string,
  botToken: string,
  options: { nowSeconds: number; maxAgeSeconds: number; clockSkewSeconds: number },
): InitDataVerdict {
  const parsed = checkString(initData)
  if (!parsed) return { ok: false, reason: 'malformed' }
  const expected = Buffer.from(initDataHash(parsed.lines, botToken), 'hex')
  if (!timingSafeEqual(expected, Buffer.from(parsed.hash, 'hex'))) {
    return { ok: false, reason: 'hash mismatch' }
  }
  const params = new URLSearchParams(initData)
  const authDate = Number(params.get('auth_date'))
  if (!Number.isSafeInteger(authDate) || authDate <= 0) return { ok: false, reason: 'no auth_date' }
  if (authDate > options.nowSeconds + options.clockSkewSeconds) {
    return { ok: false, reason: 'auth_date in the future' }
  }
  if (options.nowSeconds - authDate > options.maxAgeSeconds) return { ok: false, reason: 'expired' }
  const user = userOf(params.get('user'))
  if (!user) return { ok: false, reason: 'no user' }
  return { ok: true, user, authDate }
}
