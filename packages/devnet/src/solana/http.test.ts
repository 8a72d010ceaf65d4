import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type SolanaDevnet, startSolanaDevnet } from './devnet.ts'

let devnet: SolanaDevnet

beforeAll(async () => {
  devnet = await startSolanaDevnet({ port: 0 })
})

afterAll(async () => {
  await devnet?.stop()
})

async function post(body: string, headers: Record<string, string> = {}) {
  const response = await fetch(devnet.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  })
  const text = await response.text()
  return {
    status: response.status,
    headers: response.headers,
    json: text ? JSON.parse(text) : undefined,
  }
}

const request = (method: string, params?: unknown, id: unknown = 1) =>
  JSON.stringify({ jsonrpc: '2.0', id, method, ...(params !== undefined && { params }) })

describe('the Solana devnet over HTTP', () => {
  it('answers an unknown method with -32601 Method not found', async () => {
    const { status, json } = await post(request('eth_chainId', [], 7))
    expect(status).toBe(200)
    expect(json).toEqual({
      jsonrpc: '2.0',
      error: { code: -32601, message: 'Method not found' },
      id: 7,
    })
    // Not a method: Object.prototype's names are not callable.
    expect((await post(request('toString'))).json.error.code).toBe(-32601)
  })

  it('answers bad JSON with -32700 and a non-request with -32600', async () => {
    expect((await post('{"jsonrpc": "2.0",')).json).toEqual({
      jsonrpc: '2.0',
      error: { code: -32700, message: 'Parse error' },
      id: null,
    })
    expect((await post('[]')).json.error.code).toBe(-32600)
    expect((await post('42')).json.error.code).toBe(-32600)
    expect((await post('{"id":1,"method":"getSlot"}')).json.error).toEqual({
      code: -32600,
      message: 'Invalid Request',
    })
  })

  it('answers bad params with -32602 naming the parameter', async () => {
    const cases: [string, unknown][] = [
      ['getBalance', []],
      ['getBalance', ['not-a-key']],
      ['getBalance', { pubkey: 'x' }],
      ['getBalance', ['11111111111111111111111111111111', { commitment: 'soon' }]],
      ['getAccountInfo', ['11111111111111111111111111111111', { encoding: 'hex' }]],
      ['getMinimumBalanceForRentExemption', [-1]],
      ['getSignatureStatuses', [['xyz']]],
      ['getSignaturesForAddress', ['11111111111111111111111111111111', { limit: 1001 }]],
      ['sendTransaction', ['AQID', { encoding: 'base64' }]],
      ['sendTransaction', ['!!!', { encoding: 'base64' }]],
      ['requestAirdrop', ['11111111111111111111111111111111', 0]],
      ['getTokenAccountsByOwner', ['11111111111111111111111111111111', {}]],
      [
        'getTokenAccountsByOwner',
        ['11111111111111111111111111111111', { programId: '11111111111111111111111111111111' }],
      ],
    ]
    for (const [method, params] of cases) {
      const { status, json } = await post(request(method, params))
      expect(status, method).toBe(200)
      expect(json.error?.code, `${method} ${JSON.stringify(params)}`).toBe(-32602)
      expect(json.error.message).toMatch(/^Invalid param/)
    }
    const { json } = await post(request('getBalance', ['not-a-key']))
    expect(json.error.message).toContain("'pubkey' must be a base58 public key")
  })

  it('answers -32016 while minContextSlot is ahead of the node', async () => {
    const { json } = await post(request('getSlot', [{ minContextSlot: 1_000_000 }]))
    expect(json.error).toEqual({
      code: -32016,
      message: 'Minimum context slot has not been reached',
      data: { contextSlot: 0 },
    })
  })

  it('answers batches in order and leaves notifications unanswered', async () => {
    const batch = `[${request('getSlot', [], 'a')},${request('nope', [], 'b')},{"jsonrpc":"2.0","method":"getSlot"},${request('getHealth', [], 3)}]`
    const { json } = await post(batch)
    expect(json.map((item: { id: unknown }) => item.id)).toEqual(['a', 'b', 3])
    expect(json[1].error.code).toBe(-32601)
    expect(json[2].result).toBe('ok')
    const notification = await post('{"jsonrpc":"2.0","method":"getSlot"}')
    expect(notification.status).toBe(204)
    expect(notification.json).toBeUndefined()
  })

  it('allows any origin, and a preflight with the headers it asks for', async () => {
    const preflight = await fetch(devnet.rpcUrl, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://127.0.0.1:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,solana-client',
      },
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*')
    expect(preflight.headers.get('access-control-allow-headers')).toBe('content-type,solana-client')
    const { headers } = await post(request('getSlot'), { origin: 'http://example.test' })
    expect(headers.get('access-control-allow-origin')).toBe('*')
  })

  it('serves GET /health, refuses other GETs with 405 and bodies over 50 KiB with 413', async () => {
    const health = await fetch(`${devnet.rpcUrl}/health`)
    expect([health.status, await health.text()]).toEqual([200, 'ok'])
    expect((await fetch(devnet.rpcUrl)).status).toBe(405)
    const large = await post(request('getSlot', ['x'.repeat(60_000)]))
    expect(large.status).toBe(413)
    expect(large.json.error.code).toBe(-32600)
  })

  it('never answers 500, whatever the params', async () => {
    const values: unknown[] = [
      null,
      true,
      -1,
      1e300,
      'x',
      [],
      {},
      [[]],
      [{}],
      ['1'.repeat(200)],
      [null, null],
    ]
    const methods = [
      'getBalance',
      'getAccountInfo',
      'getMultipleAccounts',
      'getProgramAccounts',
      'getTokenAccountsByOwner',
      'getTokenAccountBalance',
      'getTokenSupply',
      'sendTransaction',
      'simulateTransaction',
      'getSignatureStatuses',
      'getTransaction',
      'getSignaturesForAddress',
      'requestAirdrop',
      'getFeeForMessage',
      'isBlockhashValid',
      'getMinimumBalanceForRentExemption',
      'getLatestBlockhash',
      'getEpochInfo',
      'getSlot',
      'getRecentPrioritizationFees',
    ]
    for (const method of methods) {
      for (const params of values) {
        const { status, json } = await post(request(method, params))
        expect(status, `${method} ${JSON.stringify(params)}`).toBe(200)
        if (json.error)
          expect(json.error.code, `${method} ${JSON.stringify(params)}`).not.toBe(-32603)
      }
    }
  })

  it('frees its port once stopped', async () => {
    const other = await startSolanaDevnet({ port: 0 })
    await other.stop()
    await expect(fetch(other.rpcUrl, { method: 'POST' })).rejects.toThrow()
    await expect(startSolanaDevnet({ port: devnet.port })).rejects.toThrow(
      `port ${devnet.port} is already in use`,
    )
  })
})
