// Which chain each wallet_sendCalls batch went to, so wallet_getCallsStatus can ask that chain's
// bundler; kept in the frame's storage for 86,400 s (§9), then forgotten.
import type { KeyValueStore } from '../storage.ts'
import { CALLS_RECORD_TTL_MS } from './constants.ts'

interface CallsRecord {
  chainId: number
  expiresAt: number
}

const key = (id: string) => `calls:${id.toLowerCase()}`

export function createCallsRecords(store: KeyValueStore, now: () => number) {
  return {
    add(id: string, chainId: number) {
      const record: CallsRecord = { chainId, expiresAt: now() + CALLS_RECORD_TTL_MS }
      store.set(key(id), JSON.stringify(record))
    },
    /** The batch's chain, or undefined when the id is unknown or its record expired */
    chainOf(id: string): number | undefined {
      const raw = store.get(key(id))
      if (raw === null) return undefined
      let record: Partial<CallsRecord> | undefined
      try {
        record = JSON.parse(raw) as Partial<CallsRecord>
      } catch {
        record = undefined
      }
      const valid =
        typeof record?.chainId === 'number' &&
        typeof record.expiresAt === 'number' &&
        record.expiresAt > now()
      if (!valid) {
        store.remove(key(id))
        return undefined
      }
      return record?.chainId
    },
  }
}

export type CallsRecords = ReturnType<typeof createCallsRecords>
