import type { LoginProvider } from '@latchkey/core/internal'

/** Brand names (not translated: the message templates around them are). */
export const SOCIAL_NAMES: Record<LoginProvider, string> = {
  google: 'Google',
  github: 'GitHub',
  apple: 'Apple',
  facebook: 'Facebook',
  x: 'X',
  discord: 'Discord',
  farcaster: 'Farcaster',
  telegram: 'Telegram',
}
