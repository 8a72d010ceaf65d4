import type { CodeFeatures } from '../api/features.ts'
import type { AppKitCompatOptions, CustomWallet } from '../appkitOptions.ts'
import type { ChainNamespace } from '../caip.ts'
import type { ConnectorInfo } from '../connection/adapter.ts'
import { COINBASE_EXTENSION_RDNS } from '../connection/coinbasePreference.ts'
import { safeImageUrl } from './imageOptions.ts'

/** AppKit's `features.connectMethodsOrder` entries: the Connect view's sections. */
export const CONNECT_METHODS = ['email', 'social', 'wallet'] as const
export type ConnectMethod = (typeof CONNECT_METHODS)[number]

/**
 * Wallets the Connect view lists above "All Wallets" (WalletConnect's QR row aside; without All
 * Wallets, all of them): with email, socials, WalletConnect, All Wallets and the wallet guide
 * they fit a 760 px high window at the default 360 px width (README).
 */
export const CONNECT_VIEW_WALLETS = 5

/** AppKit's `features.connectorTypeOrder` entries: the groups of the Connect view's wallet list. */
export const CONNECTOR_TYPES = [
  'walletConnect',
  'recent',
  'injected',
  'featured',
  'custom',
  'external',
  'recommended',
] as const
export type ConnectorType = (typeof CONNECTOR_TYPES)[number]

/**
 * Latchkey's own order when the app sets none: what is installed first (it connects in one
 * click), the QR code last. 'external' (SDK connectors such as Coinbase's) has no members here.
 */
export const DEFAULT_CONNECTOR_TYPE_ORDER: readonly ConnectorType[] = [
  'injected',
  'recent',
  'featured',
  'custom',
  'recommended',
  'walletConnect',
]

/** What the Connect view offers and in which order, from AppKit's options (docs/migrating.md). */
export interface ConnectLayout {
  methods: ConnectMethod[]
  /** Wallets sit behind a "Continue with a wallet" button (emailShowWallets false, collapseWallets) */
  walletsCollapsed: boolean
  connectorTypes: ConnectorType[]
  /** The "All Wallets" entry */
  allWallets: boolean
  /** WalletConnect: the QR code, and the directory's wallets that connect through it */
  walletConnect: boolean
  customWallets: CustomWallet[]
  /** The Terms of Service and Privacy Policy links, when the app gives either */
  legal?: { termsUrl?: string; privacyUrl?: string; checkbox: boolean }
  /** "Haven't got a wallet?" under the email and social sign-in */
  walletGuide: boolean
  connectorImages: Record<string, string>
  /** Which discovered wallets are listed */
  offers(connector: ConnectorInfo): boolean
}

export type ConnectLayoutOptions = AppKitCompatOptions & { features?: CodeFeatures }

/** Known entries of `wanted` in its order, without repeats; `fallback` when none is known. */
function ordered<T extends string>(
  wanted: readonly unknown[] | undefined,
  known: readonly T[],
  fallback: readonly T[],
): T[] {
  if (!Array.isArray(wanted)) return [...fallback]
  const valid = wanted.filter((w): w is T => known.includes(w as T))
  return valid.length > 0 ? [...new Set(valid)] : [...fallback]
}

function isHttpUrl(value: unknown): value is string {
  return typeof value === 'string' && /^https?:\/\//i.test(value)
}

function validCustomWallets(value: unknown): CustomWallet[] {
  if (!Array.isArray(value)) return []
  return value
    .filter(
      (w): w is CustomWallet =>
        typeof w === 'object' &&
        w !== null &&
        typeof w.id === 'string' &&
        w.id !== '' &&
        typeof w.name === 'string' &&
        w.name !== '',
    )
    .map((w) => ({ ...w, image_url: safeImageUrl(w.image_url) }))
}

/** Namespaces the email and social wallet has accounts in. */
const SIGN_IN_NAMESPACES: readonly ChainNamespace[] = ['eip155', 'solana']

/**
 * `namespace`: the modal was opened for one (AppKit's `open({ namespace })`): its wallets only,
 * WalletConnect only for EVM, sign-in only where the embedded wallet has an account.
 */
export function connectLayout(
  options: ConnectLayoutOptions,
  mobile: boolean,
  namespace?: ChainNamespace,
): ConnectLayout {
  const features = options.features ?? {}
  const walletsOn = options.enableWallets !== false
  const walletConnect =
    walletsOn && options.enableWalletConnect !== false && (!namespace || namespace === 'eip155')
  const signIn = !namespace || SIGN_IN_NAMESPACES.includes(namespace)
  const allWalletsOption = options.allWallets ?? 'SHOW'
  const allWallets =
    walletConnect &&
    features.allWallets !== false &&
    (allWalletsOption === 'SHOW' || (allWalletsOption === 'ONLY_MOBILE' && mobile))
  const termsUrl = isHttpUrl(options.termsConditionsUrl) ? options.termsConditionsUrl : undefined
  const privacyUrl = isHttpUrl(options.privacyPolicyUrl) ? options.privacyPolicyUrl : undefined
  const coinbase = options.enableCoinbase !== false
  return {
    methods: ordered(features.connectMethodsOrder, CONNECT_METHODS, CONNECT_METHODS).filter((m) =>
      m === 'wallet' ? walletsOn : signIn,
    ),
    walletsCollapsed:
      features.collapseWallets === true ||
      features.emailShowWallets === false ||
      options.showWallets === false,
    connectorTypes: ordered(
      features.connectorTypeOrder,
      CONNECTOR_TYPES,
      DEFAULT_CONNECTOR_TYPE_ORDER,
    ).filter((t) => walletConnect || t === 'injected' || t === 'recent'),
    allWallets,
    walletConnect,
    customWallets: walletConnect ? validCustomWallets(options.customWallets) : [],
    legal:
      termsUrl || privacyUrl
        ? { termsUrl, privacyUrl, checkbox: features.legalCheckbox === true }
        : undefined,
    walletGuide: options.enableWalletGuide !== false,
    connectorImages: Object.fromEntries(
      Object.entries(options.connectorImages ?? {}).flatMap(([id, url]) => {
        const safe = safeImageUrl(url)
        return safe ? [[id, safe]] : []
      }),
    ),
    offers: (connector) =>
      walletsOn &&
      (!namespace || connector.chain === namespace) &&
      (connector.type === 'ANNOUNCED'
        ? options.enableEIP6963 !== false
        : options.enableInjected !== false) &&
      (coinbase || connector.rdns !== COINBASE_EXTENSION_RDNS),
  }
}
