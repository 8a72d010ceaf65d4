// §7 The name service's client shapes (/v1/profile/*), checked as every answer is.
import { isNonEmptyString, isRecord } from '../guards.ts'

/** §3 Name record */
export interface NameRecord {
  name: string
  registered_at: string
  updated_at: string
  /** By coin type (chain id OR 0x80000000), in decimal */
  addresses: Record<string, { address: string; created: string }>
  attributes: Record<string, string>
}

export interface NameSuggestion {
  name: string
  registered: boolean
}

/** §7 What the name service takes to register: the address's signature of `message` */
export interface NameRegistration {
  coinType: number
  address: string
  signature: string
  /** JSON {name, attributes, timestamp (seconds)}, exactly as signed */
  message: string
}

export interface NamesApi {
  /** §7 lookup; a name nobody holds is an ApiError with status 404 */
  lookup(name: string): Promise<NameRecord>
  /** §7 reverse lookup: the names `address` holds */
  reverse(address: string, sender?: string): Promise<NameRecord[]>
  /** §7 suggestions: the name asked for first, then free variants */
  suggestions(name: string, zone: string): Promise<NameSuggestion[]>
  register(registration: NameRegistration): Promise<NameRecord>
}

function stringRecord(value: unknown): Record<string, string> | undefined {
  if (!isRecord(value)) return undefined
  const entries = Object.entries(value)
  return entries.every(([, v]) => typeof v === 'string')
    ? (Object.fromEntries(entries) as Record<string, string>)
    : undefined
}

export function toNameRecord(value: unknown): NameRecord | undefined {
  if (!isRecord(value) || !isNonEmptyString(value.name) || !isRecord(value.addresses)) {
    return undefined
  }
  const addresses: NameRecord['addresses'] = {}
  for (const [coinType, entry] of Object.entries(value.addresses)) {
    if (!isRecord(entry) || !isNonEmptyString(entry.address)) return undefined
    addresses[coinType] = { address: entry.address, created: String(entry.created ?? '') }
  }
  const attributes = value.attributes === undefined ? {} : stringRecord(value.attributes)
  if (!attributes) return undefined
  return {
    name: value.name,
    registered_at: String(value.registered_at ?? ''),
    updated_at: String(value.updated_at ?? ''),
    addresses,
    attributes,
  }
}

export function toNameRecords(value: unknown): NameRecord[] | undefined {
  if (!Array.isArray(value)) return undefined
  const records = value.map(toNameRecord)
  return records.every((r) => r !== undefined) ? (records as NameRecord[]) : undefined
}

export function toNameSuggestions(value: unknown): NameSuggestion[] | undefined {
  if (!isRecord(value) || !Array.isArray(value.suggestions)) return undefined
  const suggestions = value.suggestions.filter(
    (s): s is NameSuggestion =>
      isRecord(s) && isNonEmptyString(s.name) && typeof s.registered === 'boolean',
  )
  return suggestions.length === value.suggestions.length ? suggestions : undefined
}
