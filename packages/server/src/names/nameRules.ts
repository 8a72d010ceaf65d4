// A name as the service keeps it: one ENSIP-15-normalised label (README "Names"). Normalising
// first makes "Alice", "ａｌｉｃｅ" and "alice" one name; the §5 rule on the result (ASCII letters,
// digits, hyphen) then leaves no room for look-alikes from other scripts.
import {
  ACCOUNT_NAME_MAX_LENGTH,
  ACCOUNT_NAME_MIN_LENGTH,
  NAME_COIN_TYPE_FLAG,
  NAME_MAX_CHAIN_ID_EXCLUSIVE,
  NAME_SUFFIX,
} from '@latchkey/core/shared'
import { normalize } from 'viem/ens'
import { nameRuleBroken, nameZoneUnknown } from '../errors/names.ts'

/** The zones a name may be written in: ours first, then the spec's `.reown.id` */
export function acceptedZones(zone: string): string[] {
  return [...new Set([zone, NAME_SUFFIX.slice(1)])]
}

const LABEL = new RegExp(`^[a-z0-9-]{${ACCOUNT_NAME_MIN_LENGTH},${ACCOUNT_NAME_MAX_LENGTH}}$`)

export type ParsedName = { ok: true; label: string } | { ok: false; reason: string }

/**
 * `alice`, `Alice.latchkey.id` or `alice.reown.id` → `alice`; a name in another zone, or one that
 * breaks the rule after normalisation, gives the reason.
 */
export function parseName(input: string, zones: readonly string[]): ParsedName {
  let normalised: string
  try {
    normalised = normalize(input.trim())
  } catch {
    return { ok: false, reason: nameRuleBroken }
  }
  const zone = zones.find((z) => normalised.endsWith(`.${z}`))
  const label = zone ? normalised.slice(0, -(zone.length + 1)) : normalised
  if (!zone && label.includes('.')) return { ok: false, reason: nameZoneUnknown(zones[0] ?? '') }
  return LABEL.test(label) ? { ok: true, label } : { ok: false, reason: nameRuleBroken }
}

/** §9 The coin type of an EVM chain: its id OR 0x80000000; undefined at or above 2^31 (§5) */
export function coinTypeOf(chainId: number): number | undefined {
  if (!Number.isSafeInteger(chainId) || chainId < 0 || chainId >= NAME_MAX_CHAIN_ID_EXCLUSIVE) {
    return undefined
  }
  return (chainId | NAME_COIN_TYPE_FLAG) >>> 0
}

/** The EVM chain id a coin type stands for; undefined when it is not an EVM coin type */
export function chainIdOfCoinType(coinType: number): number | undefined {
  if (!Number.isSafeInteger(coinType) || coinType < NAME_COIN_TYPE_FLAG) return undefined
  if (coinType >= NAME_COIN_TYPE_FLAG * 2) return undefined
  return coinType - NAME_COIN_TYPE_FLAG
}
