import type { OAuthSocialProvider } from '@latchkey/core/embeddedState'

/** Brand names (not translated: the message templates around them are). */
export const SOCIAL_NAMES: Record<OAuthSocialProvider, string> = {
  google: 'Google',
  github: 'GitHub',
  apple: 'Apple',
  facebook: 'Facebook',
  x: 'X',
  discord: 'Discord',
}
