// The frame's log (§9 "Log buffer about 1 MB"): a ring buffer every module writes to. The
// oldest entries go first once the buffer holds more than `capBytes` (UTF-8 bytes of message
// and data, plus a small per-entry overhead). Entries reach the console only with
// enableLogger=true (§7). Never log secrets: codes, tokens, keys.
import { LOG_CAP_BYTES } from './config.ts'

export type LogLevel = 'debug' | 'info' | 'warn' | 'error'

export interface LogEntry {
  time: number
  level: LogLevel
  message: string
  data?: string
}

export interface Logger {
  debug(message: string, data?: unknown): void
  info(message: string, data?: unknown): void
  warn(message: string, data?: unknown): void
  error(message: string, data?: unknown): void
  /** Oldest first */
  entries(): LogEntry[]
  /** What the buffer holds now, in the same measure as the cap */
  bytes(): number
}

export interface LoggerOptions {
  capBytes?: number
  /** Mirror entries to the console (enableLogger=true) */
  mirror?: boolean
  console?: Pick<Console, 'debug' | 'info' | 'warn' | 'error'>
  now?: () => number
}

/** One entry never takes more than this; longer text is cut. */
const MAX_TEXT = 16 * 1024
const ENTRY_OVERHEAD = 32

function utf8Length(text: string): number {
  let bytes = 0
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (code < 0x80) bytes += 1
    else if (code < 0x800) bytes += 2
    else if (code >= 0xd800 && code <= 0xdbff) {
      bytes += 4
      i++
    } else bytes += 3
  }
  return bytes
}

function cut(text: string): string {
  return text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}… (${text.length} chars)` : text
}

function describe(data: unknown): string | undefined {
  if (data === undefined) return undefined
  if (typeof data === 'string') return cut(data)
  if (data instanceof Error) return cut(`${data.name}: ${data.message}`)
  try {
    return cut(JSON.stringify(data) ?? String(data))
  } catch {
    return '[unserialisable]'
  }
}

export function createLogger(options: LoggerOptions = {}): Logger {
  const capBytes = options.capBytes ?? LOG_CAP_BYTES
  const out = options.console ?? globalThis.console
  const now = options.now ?? Date.now
  const mirror = options.mirror ?? false

  // A queue over an array: `first` is the oldest live entry; the dead prefix is dropped in bulk.
  let items: { entry: LogEntry; size: number }[] = []
  let first = 0
  let total = 0

  function write(level: LogLevel, message: string, data?: unknown) {
    const entry: LogEntry = { time: now(), level, message: cut(message) }
    const text = describe(data)
    if (text !== undefined) entry.data = text
    const size = utf8Length(entry.message) + utf8Length(entry.data ?? '') + ENTRY_OVERHEAD
    items.push({ entry, size })
    total += size
    while (total > capBytes && first < items.length) {
      total -= items[first]?.size ?? 0
      first++
    }
    if (first > 1024 && first * 2 > items.length) {
      items = items.slice(first)
      first = 0
    }
    if (mirror) {
      try {
        out[level](`[latchkey frame] ${entry.message}`, ...(text === undefined ? [] : [text]))
      } catch {
        // a console that throws is not our problem
      }
    }
  }

  return {
    debug: (message, data) => write('debug', message, data),
    info: (message, data) => write('info', message, data),
    warn: (message, data) => write('warn', message, data),
    error: (message, data) => write('error', message, data),
    entries: () => items.slice(first).map(({ entry }) => entry),
    bytes: () => total,
  }
}
