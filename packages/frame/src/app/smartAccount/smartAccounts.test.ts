// The smart accounts' calls to the services' bundler gateway, with a stand-in for the gateway
// (its real answers: server routes/bundler.test.ts; the whole path: smartAccount.server.test.ts).
import { describe, expect, it } from 'vitest'
import { createLogger } from '../logger.ts'
import { createStore } from '../storage.ts'
import { MemoryStorage } from '../testing/harness.ts'
import { createCallsRecords } from './callsRecords.ts'
import { createSmartAccounts } from './smartAccounts.ts'

const ID = `0x${'ab'.repeat(32)}`
const TX = `0x${'cd'.repeat(32)}`

function setup(answer: (url: URL, body: unknown) => unknown) {
  const seen: { url: URL; body: unknown }[] = []
  const store = createStore(new MemoryStorage(), createLogger())
  const smart = createSmartAccounts({
    apiUrl: 'http://api.test',
    projectId: 'p1',
    store,
    now: () => 1_000,
    fetch: (async (input: string | URL, init?: RequestInit) => {
      const url = new URL(String(input))
      const body = init?.body ? JSON.parse(String(init.body)) : undefined
      seen.push({ url, body })
      const reply = answer(url, body)
      return reply instanceof Response ? reply : Response.json(reply)
    }) as typeof fetch,
  })
  return { smart, seen, records: createCallsRecords(store, () => 1_000) }
}

const receipt = (success: boolean) => ({
  jsonrpc: '2.0',
  id: 1,
  result: {
    success,
    receipt: {
      transactionHash: TX,
      blockHash: `0x${'ef'.repeat(32)}`,
      blockNumber: '0x10',
      gasUsed: '0x5208',
      status: '0x1',
      logs: [{ address: '0xabc', data: '0x', topics: ['0x01'], logIndex: '0x0' }],
    },
  },
})

describe('the smart accounts’ gateway calls', () => {
  it('reads the chains with a bundler once, from the project’s gateway', async () => {
    const { smart, seen } = setup(() => ({
      chains: ['eip155:31337', 'eip155:8453', 'solana:x', 7, 'eip155:abc'],
    }))
    expect(await smart.enabledNetworks()).toEqual([31337, 8453])
    expect(await smart.enabledNetworks()).toEqual([31337, 8453])
    expect(seen).toHaveLength(1)
    expect(seen[0]?.url.toString()).toBe('http://api.test/v1/bundler?projectId=p1')
  })

  it('asks again after a failure, and refuses an answer without chains', async () => {
    let calls = 0
    const { smart } = setup(() => (++calls === 1 ? new Response('', { status: 503 }) : {}))
    await expect(smart.enabledNetworks()).rejects.toThrow('HTTP status code: 503')
    await expect(smart.enabledNetworks()).rejects.toThrow('Invalid bundler gateway response')
    expect(calls).toBe(2)
  })

  it('answers EIP-5792 statuses: unknown id 5730, no receipt 100, success 200, reverted 500', async () => {
    let answer: unknown = { jsonrpc: '2.0', id: 1, result: null }
    const { smart, seen, records } = setup(() => answer)
    await expect(smart.callsStatus(ID)).rejects.toMatchObject({
      message: 'Unknown bundle id',
      code: 5730,
    })
    records.add(ID, 31337)
    const base = { version: '2.0.0', id: ID, chainId: '0x7a69', atomic: true }
    expect(await smart.callsStatus(ID)).toEqual({ ...base, status: 100 })
    expect(seen.at(-1)?.url.searchParams.get('chainId')).toBe('eip155:31337')
    expect(seen.at(-1)?.body).toMatchObject({ method: 'eth_getUserOperationReceipt', params: [ID] })
    answer = receipt(true)
    const confirmed = await smart.callsStatus(ID)
    expect(confirmed).toEqual({
      ...base,
      status: 200,
      receipts: [
        {
          logs: [{ address: '0xabc', data: '0x', topics: ['0x01'] }],
          status: '0x1',
          blockHash: `0x${'ef'.repeat(32)}`,
          blockNumber: '0x10',
          gasUsed: '0x5208',
          transactionHash: TX,
        },
      ],
    })
    answer = receipt(false)
    const reverted = await smart.callsStatus(ID)
    expect(reverted.status).toBe(500)
    expect(reverted.receipts?.[0]?.status).toBe('0x0')
  })

  it("passes the gateway's refusal on", async () => {
    const { smart, records } = setup(() => ({
      jsonrpc: '2.0',
      id: 1,
      error: { code: 4200, message: 'nope' },
    }))
    records.add(ID, 31337)
    await expect(smart.callsStatus(ID)).rejects.toThrow('nope')
  })

  it('waits for the transaction that carried an operation; an abort ends the wait', async () => {
    let polls = 0
    const { smart } = setup(() =>
      ++polls < 3 ? { jsonrpc: '2.0', id: 1, result: null } : receipt(true),
    )
    expect(await smart.transactionOf(ID, 31337, new AbortController().signal)).toBe(TX)
    expect(polls).toBe(3)
    const never = setup(() => ({ jsonrpc: '2.0', id: 1, result: null }))
    const aborted = new AbortController()
    aborted.abort()
    await expect(never.smart.transactionOf(ID, 31337, aborted.signal)).rejects.toThrow(
      'Request was aborted',
    )
  })
})
