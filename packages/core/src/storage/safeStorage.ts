// Storage that never throws: reads that check what they find, writes that only store what a
// read would accept, and every failure logged quietly (§3 "Storage failures are logged quietly
// and ignored").
import { type ChainNamespace, isChainNamespace } from '../caip.ts'
import { isRecord } from '../guards.ts'
import type { NamespaceRecord, StorageLog } from './storageEntries.ts'
import type { KeyValueStorage } from './storageKeys.ts'

export function createSafeStorage(backend: KeyValueStorage | undefined, log: StorageLog) {
  function safeLog(message: string, error?: unknown): void {
    try {
      log(message, error)
    } catch {
      // A failing logger must not turn a quiet storage failure into a crash.
    }
  }

  if (!backend) safeLog('latchkey storage: no storage available, entries are not kept')

  function readRaw(key: string): string | undefined {
    if (!backend) return undefined
    try {
      const value: unknown = backend.getItem(key)
      if (value === null || value === undefined) return undefined
      if (typeof value === 'string') return value
      safeLog(`latchkey storage: ignoring non-string value of ${key}`)
    } catch (error) {
      safeLog(`latchkey storage: could not read ${key}`, error)
    }
    return undefined
  }

  function writeRaw(key: string, value: string): void {
    if (!backend) return
    try {
      backend.setItem(key, value)
    } catch (error) {
      safeLog(`latchkey storage: could not write ${key}`, error)
    }
  }

  function remove(key: string): void {
    if (!backend) return
    try {
      backend.removeItem(key)
    } catch (error) {
      safeLog(`latchkey storage: could not remove ${key}`, error)
    }
  }

  /** Writes only values that the matching read would accept. */
  function writeString<T extends string>(
    key: string,
    value: T,
    isValid: (value: string) => value is T,
  ): void {
    if (typeof value === 'string' && isValid(value)) writeRaw(key, value)
    else safeLog(`latchkey storage: not writing an invalid value to ${key}`)
  }

  /** Writes what `parse` makes of the value, the same check the read applies. */
  function writeParsedJson<T>(
    key: string,
    value: unknown,
    parse: (value: unknown) => T | undefined,
  ): void {
    const parsed = parse(value)
    if (parsed === undefined) safeLog(`latchkey storage: not writing an invalid value to ${key}`)
    else writeJson(key, parsed)
  }

  function writeJson(key: string, value: unknown): void {
    let text: string
    try {
      text = JSON.stringify(value)
    } catch (error) {
      safeLog(`latchkey storage: could not serialise ${key}`, error)
      return
    }
    writeRaw(key, text)
  }

  function readString<T extends string>(
    key: string,
    isValid: (value: string) => value is T,
  ): T | undefined {
    const value = readRaw(key)
    if (value === undefined) return undefined
    if (isValid(value)) return value
    safeLog(`latchkey storage: ignoring invalid value of ${key}`)
    return undefined
  }

  function readJson<T>(key: string, parse: (value: unknown) => T | undefined): T | undefined {
    const text = readRaw(key)
    if (text === undefined) return undefined
    let value: unknown
    try {
      value = JSON.parse(text)
    } catch (error) {
      safeLog(`latchkey storage: ignoring malformed JSON in ${key}`, error)
      return undefined
    }
    const parsed = parse(value)
    if (parsed === undefined) safeLog(`latchkey storage: ignoring invalid value of ${key}`)
    return parsed
  }

  /** Reads a { [namespace]: T } map, keeping the valid entries and logging the rest. */
  function readNamespaceRecord<T>(
    key: string,
    parseEntry: (value: unknown) => T | undefined,
  ): NamespaceRecord<T> {
    const stored = readJson(key, (value) => (isRecord(value) ? value : undefined)) ?? {}
    const result: NamespaceRecord<T> = {}
    for (const [namespace, value] of Object.entries(stored)) {
      const entry = isChainNamespace(namespace) ? parseEntry(value) : undefined
      if (entry === undefined) {
        safeLog(`latchkey storage: ignoring invalid entry '${namespace}' of ${key}`)
      } else {
        result[namespace as ChainNamespace] = entry
      }
    }
    return result
  }

  /** Sets (or, given undefined, removes) the namespace's entry of a { [namespace]: T } map. */
  function updateNamespaceRecord<T>(
    key: string,
    parseEntry: (value: unknown) => T | undefined,
    namespace: ChainNamespace,
    value: unknown,
  ): void {
    const entry = value === undefined ? undefined : parseEntry(value)
    if (!isChainNamespace(namespace) || (value !== undefined && entry === undefined)) {
      safeLog(`latchkey storage: not writing an invalid entry to ${key}`)
      return
    }
    const record = readNamespaceRecord(key, parseEntry)
    if (entry === undefined) delete record[namespace]
    else record[namespace] = entry
    if (Object.keys(record).length === 0) remove(key)
    else writeJson(key, record)
  }

  return {
    safeLog,
    readRaw,
    writeRaw,
    remove,
    writeString,
    writeParsedJson,
    writeJson,
    readString,
    readJson,
    readNamespaceRecord,
    updateNamespaceRecord,
  }
}
