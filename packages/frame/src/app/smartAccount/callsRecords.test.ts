import { describe, expect, it } from 'vitest'
import { createLogger } from '../logger.ts'
import { createStore } from '../storage.ts'
import { MemoryStorage } from '../testing/harness.ts'
import { createCallsRecords } from './callsRecords.ts'
import { CALLS_RECORD_TTL_MS } from './constants.ts'

const ID = `0x${'ab'.repeat(32)}`

describe('send-calls records', () => {
  it('remember the chain of a batch for 86,400 s, then forget it', () => {
    let clock = 1_000
    const storage = new MemoryStorage()
    const records = createCallsRecords(createStore(storage, createLogger()), () => clock)
    records.add(ID, 31337)
    expect(records.chainOf(ID.toUpperCase().replace('0X', '0x'))).toBe(31337)
    clock += CALLS_RECORD_TTL_MS - 1
    expect(records.chainOf(ID)).toBe(31337)
    clock += 1
    expect(records.chainOf(ID)).toBeUndefined()
    expect(storage.length).toBe(0)
  })

  it('treat a damaged record as unknown, and drop it', () => {
    const storage = new MemoryStorage()
    const store = createStore(storage, createLogger())
    const records = createCallsRecords(store, () => 0)
    for (const damaged of ['{', '{"chainId":"1","expiresAt":9}', '{"chainId":1}', 'null']) {
      store.set(`calls:${ID}`, damaged)
      expect(records.chainOf(ID)).toBeUndefined()
      expect(store.get(`calls:${ID}`)).toBeNull()
    }
    expect(records.chainOf(`0x${'cd'.repeat(32)}`)).toBeUndefined()
  })
})
