import type { CodeFeatures } from './api/features.ts'
import { CONNECT_METHODS, CONNECTOR_TYPES } from './directory/connectLayout.ts'
import type { CustomRpcUrlMap } from './networks.ts'

// AppKit's createAppKit options. Most act (connectLayout.ts, imageOptions.ts, networks.ts, the
// portfolio and connection controllers); the few Latchkey cannot act on yet are accepted so an
// AppKit app compiles and runs unchanged, and with `debug` each one it sets is logged once
// (docs/migrating.md lists every option with its state).

/** A wallet the app adds to the list itself (AppKit's `customWallets`). */
export interface CustomWallet {
  id: string
  name: string
  homepage?: string
  image_url?: string
  mobile_link?: string
  desktop_link?: string
  webapp_link?: string
  app_store?: string
  play_store?: string
}

export interface AppKitCompatOptions {
  enableWalletConnect?: boolean
  enableInjected?: boolean
  enableCoinbase?: boolean
  enableEIP6963?: boolean
  enableWallets?: boolean
  enableReconnect?: boolean
  enableWalletGuide?: boolean
  enableNetworkSwitch?: boolean
  enableMobileFullScreen?: boolean
  enableAuthLogger?: boolean
  allowUnsupportedChain?: boolean
  allWallets?: 'SHOW' | 'HIDE' | 'ONLY_MOBILE'
  customWallets?: CustomWallet[]
  chainImages?: Record<number | string, string>
  connectorImages?: Record<string, string>
  customRpcUrls?: CustomRpcUrlMap
  tokens?: Record<string, { address: string; image?: string }>
  termsConditionsUrl?: string
  privacyPolicyUrl?: string
  showWallets?: boolean
  universalProviderConfigOverride?: Record<string, unknown>
  experimental_preferUniversalLinks?: boolean
  basic?: boolean
}

export const UNSUPPORTED_APPKIT_OPTIONS = [
  'enableAuthLogger',
  'universalProviderConfigOverride',
  'experimental_preferUniversalLinks',
] as const satisfies readonly (keyof AppKitCompatOptions)[]

/** The options set that Latchkey does not act on yet. */
export function unsupportedOptionsIn(options: AppKitCompatOptions): string[] {
  return UNSUPPORTED_APPKIT_OPTIONS.filter((key) => options[key] !== undefined)
}

/** The AppKit feature keys Latchkey accepts without acting on them (yet). */
export const UNSUPPORTED_APPKIT_FEATURES = [
  'analytics',
  'smartSessions',
  'reownAuthentication',
] as const satisfies readonly (keyof CodeFeatures)[]

/** The AppKit feature keys set in `features` that Latchkey does not act on. */
export function unsupportedFeaturesIn(codeFeatures: CodeFeatures | undefined): string[] {
  if (!codeFeatures) return []
  return UNSUPPORTED_APPKIT_FEATURES.filter((key) => codeFeatures[key] !== undefined)
}

const BOOLEAN_LAYOUT_FEATURES = [
  'collapseWallets',
  'emailShowWallets',
  'allWallets',
  'legalCheckbox',
] as const satisfies readonly (keyof CodeFeatures)[]

const ORDER_FEATURES = {
  connectMethodsOrder: CONNECT_METHODS,
  connectorTypeOrder: CONNECTOR_TYPES,
} as const

/**
 * What the Connect view's feature keys hold that it cannot use, one text per key: a value of the
 * wrong type is ignored, and so are unknown entries of an order (none known: the default order).
 */
export function invalidLayoutFeatures(codeFeatures: CodeFeatures | undefined): string[] {
  if (!codeFeatures) return []
  const found: string[] = []
  const features = codeFeatures as Record<string, unknown>
  for (const key of BOOLEAN_LAYOUT_FEATURES) {
    const value = features[key]
    if (value !== undefined && typeof value !== 'boolean') {
      found.push(`features.${key} must be true or false, ignored: ${JSON.stringify(value)}`)
    }
  }
  for (const [key, known] of Object.entries(ORDER_FEATURES)) {
    const value = features[key]
    if (value === undefined) continue
    const expected = `expected an array of ${known.map((k) => `'${k}'`).join(', ')}`
    if (!Array.isArray(value)) {
      found.push(`features.${key} ignored (${expected}): ${JSON.stringify(value)}`)
      continue
    }
    const unknown = value.filter((v) => !(known as readonly unknown[]).includes(v))
    if (unknown.length === 0) continue
    const fallback =
      unknown.length === value.length ? '; none known, the default order is used' : ''
    found.push(
      `features.${key}: unknown entries ignored (${expected}): ${unknown.map((v) => JSON.stringify(v)).join(', ')}${fallback}`,
    )
  }
  return found
}

/**
 * With `debug`, names once what the app set that Latchkey does not act on yet, and the Connect
 * view's feature values it cannot use.
 */
export function logUnsupported(
  options: AppKitCompatOptions & { features?: CodeFeatures },
  log: (message: string) => void,
): void {
  const features = unsupportedFeaturesIn(options.features)
  if (features.length > 0) log(`features not supported yet, ignored: ${features.join(', ')}`)
  for (const message of invalidLayoutFeatures(options.features)) log(message)
  const ignored = unsupportedOptionsIn(options)
  if (ignored.length > 0) log(`options not supported yet, ignored: ${ignored.join(', ')}`)
}
