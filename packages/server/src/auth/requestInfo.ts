// How the approval mail and page name a sign-in request: the browser in a few words (never the
// raw User-Agent, which is long and chosen by the client), the client's address, and the time.

const BROWSERS: readonly [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bChrome\/|\bCriOS\/|\bChromium\//, 'Chrome'],
  [/\bSafari\//, 'Safari'],
]

const SYSTEMS: readonly [RegExp, string][] = [
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMacintosh\b|\bMac OS X\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
]

/** 'Chrome on macOS', 'Firefox', 'Unknown browser': from a fixed list, so safe to show. */
export function deviceSummary(userAgent: string | undefined): string {
  const ua = userAgent ?? ''
  const browser = BROWSERS.find(([pattern]) => pattern.test(ua))?.[1]
  const system = SYSTEMS.find(([pattern]) => pattern.test(ua))?.[1]
  if (browser && system) return `${browser} on ${system}`
  return browser ?? (system ? `A browser on ${system}` : 'Unknown browser')
}

/** The client's address as people read it (an IPv4 one without its ::ffff: prefix). */
export function displayAddress(address: string): string {
  const plain = address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '')
  return /^[0-9A-Fa-f.:]{2,45}$/.test(plain) ? plain : 'unknown'
}

/** '2030-01-01 09:30 UTC' */
export function formatRequestTime(at: Date): string {
  return `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`
}

/** A sign-in request as the approval mail and page name it */
export interface SignInRequest {
  device: string
  ip: string
  at: Date
}
