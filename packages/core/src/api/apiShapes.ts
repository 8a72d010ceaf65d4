// Shape checks of the services' answers: each turns an unknown JSON value into the typed value
// the modal uses, or undefined (a malformed answer). Fields the spec makes optional get defaults.

import { isNonEmptyString, isRecord } from '../guards.ts'
import type {
  HistoryPage,
  Identity,
  RemoteConfig,
  TokenBalance,
  TokenPrice,
  Transaction,
  TransactionTransfer,
  WalletItem,
  WalletsPage,
} from './api.ts'
import type { RemoteFeatures } from './features.ts'

const NULLABLE_STRING_FIELDS = [
  'image_id',
  'rdns',
  'homepage',
  'mobile_link',
  'desktop_link',
  'webapp_link',
  'app_store',
  'play_store',
  'chrome_store',
] as const

/**
 * A wallet item, or undefined when it is malformed: id or name missing, or a field present
 * with the wrong type. Absent optional fields read as null / [] / 'none'.
 */
export function toWalletItem(value: unknown): WalletItem | undefined {
  if (!isRecord(value) || !isNonEmptyString(value.id) || !isNonEmptyString(value.name)) {
    return undefined
  }
  const strings: Partial<Record<(typeof NULLABLE_STRING_FIELDS)[number], string | null>> = {}
  for (const field of NULLABLE_STRING_FIELDS) {
    const fieldValue = value[field] ?? null
    if (fieldValue !== null && typeof fieldValue !== 'string') return undefined
    strings[field] = fieldValue === '' ? null : fieldValue
  }
  const chains = value.chains ?? []
  if (!Array.isArray(chains) || !chains.every((chain) => typeof chain === 'string')) {
    return undefined
  }
  const badge = value.badge_type ?? 'none'
  if (badge !== 'certified' && badge !== 'none') return undefined
  return {
    id: value.id,
    name: value.name,
    image_id: strings.image_id ?? null,
    rdns: strings.rdns ?? null,
    chains: [...chains],
    homepage: strings.homepage ?? null,
    mobile_link: strings.mobile_link ?? null,
    desktop_link: strings.desktop_link ?? null,
    webapp_link: strings.webapp_link ?? null,
    app_store: strings.app_store ?? null,
    play_store: strings.play_store ?? null,
    chrome_store: strings.chrome_store ?? null,
    badge_type: badge,
  }
}

/** Malformed items are dropped, the rest kept; a body without `data` and `count` is malformed. */
export function toWalletsPage(value: unknown): WalletsPage | undefined {
  if (!isRecord(value) || !Array.isArray(value.data)) return undefined
  const { count } = value
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 0) return undefined
  const data: WalletItem[] = []
  for (const item of value.data) {
    const wallet = toWalletItem(item)
    if (wallet) data.push(wallet)
  }
  return { data, count }
}

const BOOLEAN_FEATURES = ['swaps', 'onramp', 'email', 'activity', 'emailCapture'] as const

export function toLatestKitVersion(value: unknown): { version: string } | undefined {
  return isRecord(value) &&
    typeof value.version === 'string' &&
    /^\d+\.\d+\.\d+$/.test(value.version)
    ? { version: value.version }
    : undefined
}

/** Fields of the wrong type are left out (they then fall back to the defaults). */
/** A zone as the name service names it: lower-case DNS labels, e.g. latchkey.id */
const NAME_ZONE_PATTERN = /^([a-z0-9-]{1,63}\.)+[a-z]{2,63}$/

export function toRemoteConfig(value: unknown): RemoteConfig | undefined {
  if (!isRecord(value) || !isRecord(value.features)) return undefined
  const source = value.features
  const features: RemoteFeatures = {}
  for (const key of BOOLEAN_FEATURES) {
    if (typeof source[key] === 'boolean') features[key] = source[key]
  }
  const { socials } = source
  if (socials === false) features.socials = false
  else if (Array.isArray(socials) && socials.every((s) => typeof s === 'string')) {
    features.socials = [...socials]
  }
  const zone = value.nameZone
  return typeof zone === 'string' && NAME_ZONE_PATTERN.test(zone)
    ? { features, nameZone: zone }
    : { features }
}

export function toOrigins(value: unknown): { allowedOrigins: string[] } | undefined {
  if (!isRecord(value) || !Array.isArray(value.allowedOrigins)) return undefined
  const allowedOrigins = value.allowedOrigins.filter(isNonEmptyString)
  return { allowedOrigins }
}

export function toAnalyticsConfig(value: unknown): { isAnalyticsEnabled: boolean } | undefined {
  if (!isRecord(value) || typeof value.isAnalyticsEnabled !== 'boolean') return undefined
  return { isAnalyticsEnabled: value.isAnalyticsEnabled }
}

const DECIMAL_STRING = /^-?\d+(\.\d+)?$/
const DIGITS = /^\d+$/

function isFiniteNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value)
}

/** A number field that may be absent (read as 0) but never of another type. */
function optionalNumber(value: unknown): number | undefined {
  if (value === undefined || value === null) return 0
  return isFiniteNumber(value) ? value : undefined
}

/** A token balance, or undefined when it is malformed. A missing icon reads as ''. */
export function toTokenBalance(value: unknown): TokenBalance | undefined {
  if (!isRecord(value) || !isNonEmptyString(value.symbol) || typeof value.name !== 'string') {
    return undefined
  }
  if (typeof value.chainId !== 'string' || value.chainId.split(':').length !== 2) return undefined
  const { address, quantity } = value
  if (address !== undefined && address !== null && !isNonEmptyString(address)) return undefined
  if (!isRecord(quantity)) return undefined
  const { decimals, numeric } = quantity
  if (typeof decimals !== 'string' || !DIGITS.test(decimals)) return undefined
  if (typeof numeric !== 'string' || !DECIMAL_STRING.test(numeric)) return undefined
  const fiat = optionalNumber(value.value)
  const price = optionalNumber(value.price)
  if (fiat === undefined || price === undefined) return undefined
  const iconUrl = value.iconUrl ?? ''
  if (typeof iconUrl !== 'string') return undefined
  const token: TokenBalance = {
    name: value.name,
    symbol: value.symbol,
    chainId: value.chainId,
    value: fiat,
    price,
    quantity: { decimals, numeric },
    iconUrl,
  }
  if (typeof address === 'string') token.address = address
  return token
}

export function toBalances(value: unknown): TokenBalance[] | undefined {
  if (!isRecord(value) || !Array.isArray(value.balances)) return undefined
  const balances: TokenBalance[] = []
  for (const item of value.balances) {
    const token = toTokenBalance(item)
    if (token) balances.push(token)
  }
  return balances
}

const DIRECTIONS: readonly unknown[] = [
  'in',
  'out',
  'self',
] satisfies TransactionTransfer['direction'][]

function toTransfer(value: unknown): TransactionTransfer | undefined {
  if (!isRecord(value) || !DIRECTIONS.includes(value.direction)) return undefined
  const { quantity, fungible_info: fungible, nft_info: nft } = value
  if (!isRecord(quantity) || typeof quantity.numeric !== 'string') return undefined
  if (!DECIMAL_STRING.test(quantity.numeric)) return undefined
  const fiat = optionalNumber(value.value)
  const price = optionalNumber(value.price)
  if (fiat === undefined || price === undefined) return undefined
  const transfer: TransactionTransfer = {
    direction: value.direction as TransactionTransfer['direction'],
    quantity: { numeric: quantity.numeric },
    value: fiat,
    price,
  }
  if (fungible !== undefined && fungible !== null) {
    if (!isRecord(fungible) || typeof fungible.name !== 'string') return undefined
    if (typeof fungible.symbol !== 'string') return undefined
    const info: NonNullable<TransactionTransfer['fungible_info']> = {
      name: fungible.name,
      symbol: fungible.symbol,
    }
    if (isRecord(fungible.icon) && typeof fungible.icon.url === 'string') {
      info.icon = { url: fungible.icon.url }
    }
    transfer.fungible_info = info
  }
  if (nft !== undefined && nft !== null) {
    if (!isRecord(nft)) return undefined
    const flags = isRecord(nft.flags) ? nft.flags : undefined
    transfer.nft_info =
      flags && typeof flags.is_spam === 'boolean' ? { flags: { is_spam: flags.is_spam } } : {}
  }
  return transfer
}

const TRANSACTION_METADATA_STRINGS = ['minedAt', 'chain', 'hash', 'sentFrom', 'sentTo', 'status']

/** A transaction, or undefined when it or any of its transfers is malformed. */
export function toTransaction(value: unknown): Transaction | undefined {
  if (!isRecord(value) || !isNonEmptyString(value.id) || !isRecord(value.metadata)) {
    return undefined
  }
  const metadata = value.metadata
  if (!TRANSACTION_METADATA_STRINGS.every((key) => typeof metadata[key] === 'string')) {
    return undefined
  }
  if (Number.isNaN(Date.parse(metadata.minedAt as string))) return undefined
  const { operationType } = metadata
  if (operationType !== 'send' && operationType !== 'receive' && operationType !== 'trade') {
    return undefined
  }
  if (!Array.isArray(value.transfers)) return undefined
  const transfers: TransactionTransfer[] = []
  for (const item of value.transfers) {
    const transfer = toTransfer(item)
    if (!transfer) return undefined
    transfers.push(transfer)
  }
  return {
    id: value.id,
    metadata: {
      minedAt: metadata.minedAt as string,
      chain: metadata.chain as string,
      hash: metadata.hash as string,
      sentFrom: metadata.sentFrom as string,
      sentTo: metadata.sentTo as string,
      status: metadata.status as string,
      operationType,
    },
    transfers,
  }
}

export function toHistoryPage(value: unknown): HistoryPage | undefined {
  if (!isRecord(value) || !Array.isArray(value.data)) return undefined
  const next = value.next ?? null
  if (next !== null && typeof next !== 'string') return undefined
  const data: Transaction[] = []
  for (const item of value.data) {
    const transaction = toTransaction(item)
    if (transaction) data.push(transaction)
  }
  return { data, next: next === '' ? null : next }
}

export function toIdentity(value: unknown): Identity | undefined {
  if (!isRecord(value)) return undefined
  const name = value.name ?? null
  const avatar = value.avatar ?? null
  if (name !== null && typeof name !== 'string') return undefined
  if (avatar !== null && typeof avatar !== 'string') return undefined
  return { name: name === '' ? null : name, avatar: avatar === '' ? null : avatar }
}

export function toTokenPrices(value: unknown): TokenPrice[] | undefined {
  if (!isRecord(value) || !Array.isArray(value.fungibles)) return undefined
  return value.fungibles.flatMap((item: unknown) => {
    if (!isRecord(item) || typeof item.address !== 'string' || typeof item.symbol !== 'string') {
      return []
    }
    const price = optionalNumber(item.price)
    return price === undefined || price < 0
      ? []
      : [{ address: item.address, price, symbol: item.symbol }]
  })
}
