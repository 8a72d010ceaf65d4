import { describe, expect, it } from 'vitest'
import { type TransactionRecord, TransactionRecords } from './records.ts'

function record(signature: string, keys: string[]): TransactionRecord {
  return {
    signature,
    slot: 0n,
    blockTime: 0,
    err: null,
    fee: 5000n,
    wire: new Uint8Array(),
    version: 0,
    signatures: [signature],
    header: {
      numRequiredSignatures: 1,
      numReadonlySignedAccounts: 0,
      numReadonlyUnsignedAccounts: 0,
    },
    staticAccountKeys: keys,
    loadedAddresses: { writable: [], readonly: [] },
    addressTableLookups: [],
    recentBlockhash: '',
    instructions: [],
    innerInstructions: [],
    logMessages: [],
    computeUnitsConsumed: 0n,
    returnData: null,
    preBalances: [],
    postBalances: [],
    preTokenBalances: [],
    postTokenBalances: [],
  }
}

const signaturesOf = (records: TransactionRecord[]) => records.map((r) => r.signature)

describe('TransactionRecords', () => {
  it('lists an address newest first, after `before`, down to `until`, at most `limit`', () => {
    const records = new TransactionRecords()
    for (const signature of ['s1', 's2', 's3', 's4', 's5'])
      records.add(record(signature, ['a', 'b']))
    records.add(record('s6', ['b']))
    expect(signaturesOf(records.forAddress('a', { limit: 10 }))).toEqual([
      's5',
      's4',
      's3',
      's2',
      's1',
    ])
    expect(signaturesOf(records.forAddress('a', { limit: 2 }))).toEqual(['s5', 's4'])
    expect(signaturesOf(records.forAddress('a', { limit: 2, before: 's4' }))).toEqual(['s3', 's2'])
    expect(signaturesOf(records.forAddress('a', { limit: 10, until: 's2' }))).toEqual([
      's5',
      's4',
      's3',
    ])
    expect(records.forAddress('a', { limit: 10, before: 'unknown' })).toEqual([])
    expect(signaturesOf(records.forAddress('b', { limit: 1 }))).toEqual(['s6'])
    expect(records.forAddress('c', { limit: 10 })).toEqual([])
  })

  it('forgets the oldest transactions beyond its capacity', () => {
    const records = new TransactionRecords(2)
    for (const signature of ['s1', 's2', 's3']) records.add(record(signature, ['a']))
    expect(records.size).toBe(2)
    expect(records.get('s1')).toBeUndefined()
    expect(signaturesOf(records.forAddress('a', { limit: 10 }))).toEqual(['s3', 's2'])
  })
})
