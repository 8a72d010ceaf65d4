// What the approval card shows of what will be signed: readable text only when it is plain,
// hidden characters made visible, long values cut short.
import { type Hex, hexToBytes } from 'viem'

const MAX_SHOWN = 4_000

/** Characters that hide or reorder text: controls (but tab and line breaks) and bidi marks. */
function isHidden(code: number): boolean {
  if (code === 0x09 || code === 0x0a || code === 0x0d) return false
  return (
    code < 0x20 ||
    (code >= 0x7f && code <= 0x9f) ||
    code === 0x200e ||
    code === 0x200f ||
    (code >= 0x202a && code <= 0x202e) ||
    (code >= 0x2066 && code <= 0x2069)
  )
}

function hasHidden(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (isHidden(text.charCodeAt(i))) return true
  return false
}

/** Readable UTF-8 of `bytes`, or undefined when the bytes are not plain text. */
export function decodeText(bytes: Uint8Array): string | undefined {
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
    return hasHidden(text) ? undefined : text
  } catch {
    return undefined
  }
}

/** Readable UTF-8 of `hex`, or undefined when the bytes are not plain text. */
export function decodeMessageText(hex: Hex): string | undefined {
  return decodeText(hexToBytes(hex))
}

/** Text with hidden characters shown as \u{…}, so what is displayed is what is signed. */
export function visible(text: string): string {
  let out = ''
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0
    out += isHidden(code) ? `\\u{${code.toString(16)}}` : char
  }
  return out
}

export function shorten(text: string): string {
  return text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN)}… (${text.length} characters)` : text
}

/** Typed-data values as JSON for display; bigints as their digits. */
export function showJson(value: unknown): string {
  try {
    return JSON.stringify(value, (_, v) => (typeof v === 'bigint' ? v.toString() : v), 2)
  } catch {
    return '[not displayable]'
  }
}
