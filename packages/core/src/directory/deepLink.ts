import type { DeepLinkChoice } from '../storage/storageEntries.ts'

/** The links a directory wallet publishes (§3 Wallet list item). */
export interface WalletLinks {
  mobile_link?: string | null
  desktop_link?: string | null
  webapp_link?: string | null
}

export type Platform = 'mobile' | 'desktop'

const HTTP_LINK = /^https?:\/\//i
const NATIVE_SCHEME = /^[a-z][a-z0-9+.-]*:/i

/**
 * A wallet's link with the pairing URI attached. Universal (https) links take a `wc` path,
 * native schemes a `wc` host: `https://w.app/wc?uri=…`, `wallet://wc?uri=…`.
 */
export function formatWalletLink(link: string, uri: string): string | undefined {
  const trimmed = link.trim()
  const query = `wc?uri=${encodeURIComponent(uri)}`
  if (HTTP_LINK.test(trimmed)) return `${trimmed.endsWith('/') ? trimmed : `${trimmed}/`}${query}`
  if (!NATIVE_SCHEME.test(trimmed) || /^(javascript|data|vbscript|file):/i.test(trimmed)) {
    return undefined
  }
  const scheme = trimmed.includes('://') ? trimmed : trimmed.replace(/:+$/, '://')
  return `${scheme.endsWith('/') ? scheme : `${scheme}/`}${query}`
}

/** The base link to open for a wallet on a platform: mobile_link else webapp_link; desktop_link. */
export function walletLinkFor(links: WalletLinks, platform: Platform): string | undefined {
  const candidates =
    platform === 'mobile'
      ? [links.mobile_link, links.webapp_link]
      : [links.desktop_link, links.webapp_link]
  return candidates.find((link): link is string => typeof link === 'string' && link.trim() !== '')
}

/** §3 deep link choice {href, name}: what the visitor's "open" goes to, undefined when nothing fits. */
export function deepLinkChoice(
  wallet: { name: string; links?: WalletLinks },
  uri: string,
  platform: Platform,
): DeepLinkChoice | undefined {
  const link = wallet.links && walletLinkFor(wallet.links, platform)
  const href = link && formatWalletLink(link, uri)
  return href ? { href, name: wallet.name } : undefined
}
