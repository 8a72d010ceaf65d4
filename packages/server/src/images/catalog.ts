// Fiat currencies for /public/getCurrencyImage (§7), drawn as badges: neither icon package
// (src/seed/icons.ts) has fiat currencies.

import { badgeSvg } from './svg.ts'

interface ImageEntry {
  label: string
  title: string
}

/** Fiat currencies by ISO 4217 code (the onramp's payment currencies). */
const CURRENCIES: Record<string, ImageEntry> = {
  USD: { label: '$', title: 'US Dollar' },
  EUR: { label: '€', title: 'Euro' },
  GBP: { label: '£', title: 'Pound Sterling' },
  JPY: { label: '¥', title: 'Japanese Yen' },
  CAD: { label: 'C$', title: 'Canadian Dollar' },
  AUD: { label: 'A$', title: 'Australian Dollar' },
  CHF: { label: 'Fr', title: 'Swiss Franc' },
  BRL: { label: 'R$', title: 'Brazilian Real' },
  INR: { label: '₹', title: 'Indian Rupee' },
  KRW: { label: '₩', title: 'South Korean Won' },
  MXN: { label: 'Mex$', title: 'Mexican Peso' },
  SGD: { label: 'S$', title: 'Singapore Dollar' },
  TRY: { label: '₺', title: 'Turkish Lira' },
}

/** The SVG for a currency code (any case), or undefined when there is no such currency. */
export function currencyImageSvg(code: string): string | undefined {
  const key = code.toUpperCase()
  if (!Object.hasOwn(CURRENCIES, key)) return undefined
  const entry = CURRENCIES[key] as ImageEntry
  return badgeSvg({ ...entry, colorKey: `currency:${key}` })
}

/**
 * A token the icon packages do not draw (the devnet's lUSD and LKT, WETH): a badge with its
 * symbol, since the data API gives every token an icon URL.
 */
export function tokenBadgeSvg(symbol: string): string {
  return badgeSvg({ label: symbol.slice(0, 4), title: symbol, colorKey: `token:${symbol}` })
}
