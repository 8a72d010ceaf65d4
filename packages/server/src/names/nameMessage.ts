// §7 The signed registration message: JSON {name, attributes, timestamp (seconds)}.

import {
  NAME_ATTRIBUTE_KEY,
  NAME_ATTRIBUTE_MAX_CHARS,
  NAME_ATTRIBUTES_MAX,
  NAME_AVATAR_MAX_CHARS,
} from '../constants/names.ts'
import { nameAttributesInvalid, nameMessageInvalid } from '../errors/names.ts'
import { hasControlCharacters } from '../text.ts'

export interface NameMessage {
  name: string
  attributes: Record<string, string>
  /** Seconds since 1970 */
  timestamp: number
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; reason: string }

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function isHttpsUrl(text: string): boolean {
  try {
    return new URL(text).protocol === 'https:'
  } catch {
    return false
  }
}

/** Why one attribute is refused; an avatar must be an https URL */
function attributeReason(key: string, value: unknown): string | undefined {
  if (!NAME_ATTRIBUTE_KEY.test(key)) return `'${key}' is not a key (a-z first, then a-z 0-9 _ . -)`
  if (typeof value !== 'string') return `'${key}' must be text`
  const max = key === 'avatar' ? NAME_AVATAR_MAX_CHARS : NAME_ATTRIBUTE_MAX_CHARS
  if (value.length > max) return `'${key}' is longer than ${max} characters`
  if (hasControlCharacters(value)) return `'${key}' has control characters`
  if (key === 'avatar' && !isHttpsUrl(value)) return "'avatar' must be an https URL"
  return undefined
}

export function parseAttributes(value: unknown): Parsed<Record<string, string>> {
  if (value === undefined || value === null) return { ok: true, value: {} }
  if (!isRecord(value)) return { ok: false, reason: nameAttributesInvalid('must be an object') }
  const entries = Object.entries(value)
  if (entries.length > NAME_ATTRIBUTES_MAX) {
    return { ok: false, reason: nameAttributesInvalid(`at most ${NAME_ATTRIBUTES_MAX}`) }
  }
  for (const [key, item] of entries) {
    const reason = attributeReason(key, item)
    if (reason) return { ok: false, reason: nameAttributesInvalid(reason) }
  }
  return { ok: true, value: Object.fromEntries(entries) as Record<string, string> }
}

export function parseNameMessage(text: string): Parsed<NameMessage> {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return { ok: false, reason: nameMessageInvalid }
  }
  if (!isRecord(value) || typeof value.name !== 'string') {
    return { ok: false, reason: nameMessageInvalid }
  }
  const { timestamp } = value
  if (typeof timestamp !== 'number' || !Number.isSafeInteger(timestamp) || timestamp < 0) {
    return { ok: false, reason: nameMessageInvalid }
  }
  const attributes = parseAttributes(value.attributes)
  if (!attributes.ok) return attributes
  return { ok: true, value: { name: value.name, attributes: attributes.value, timestamp } }
}
