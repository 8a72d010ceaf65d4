// @vitest-environment jsdom
// APP_RPC_REQUEST's routing and the chain's answers as the page gets them: the frame in full
// (harness), a signed-in visitor, and an RPC endpoint on loopback that answers as the test says.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { successType } from '../../protocol/appEvents.ts'
import { CHANNEL, MAX_MESSAGE_BYTES } from '../../protocol/messages.ts'
import { REQUEST_ABORTED, RPC_NOT_ALLOWED } from '../../protocol/rpcRules.ts'
import { RESPONSE_TOO_LARGE } from '../errors.ts'
import { INVALID_PARAMS, UNAUTHORIZED, WRONG_ACCOUNT } from '../signer.ts'
import { failure, type Harness, ok, signedInFrame } from '../testing/harness.ts'
import { closedPort, jsonAnswer as json, startRpcEndpoint } from '../testing/rpcEndpoint.ts'

let endpoint: Awaited<ReturnType<typeof startRpcEndpoint>>

beforeAll(async () => {
  endpoint = await startRpcEndpoint()
})
afterAll(() => endpoint?.close())
beforeEach(() => {
  endpoint.seen.length = 0
  endpoint.answerWith(json({ jsonrpc: '2.0', id: 1, result: '0x10' }))
})

/** A signed-in frame on chain 31337 whose RPC URL is the test's endpoint */
async function frameOnEndpoint(): Promise<{ h: Harness; address: string }> {
  const signedIn = await signedInFrame()
  ok(await signedIn.h.send('APP_SWITCH_NETWORK', { chainId: 31337, rpcUrl: endpoint.url }))
  return signedIn
}

describe('chain reads through the RPC endpoint', () => {
  it('posts one JSON-RPC 2.0 call (params default to []) and answers its result', async () => {
    const { h } = await frameOnEndpoint()
    expect(ok(await h.send('APP_RPC_REQUEST', { method: 'eth_blockNumber' }))).toEqual({
      result: '0x10',
    })
    expect(endpoint.seen).toHaveLength(1)
    expect(endpoint.seen[0]?.body).toEqual({
      jsonrpc: '2.0',
      id: 1,
      method: 'eth_blockNumber',
      params: [],
    })
    expect(endpoint.seen[0]?.headers['content-type']).toBe('application/json')
    endpoint.answerWith(json({ jsonrpc: '2.0', id: 1, result: null }))
    expect(
      ok(await h.send('APP_RPC_REQUEST', { method: 'eth_getCode', params: ['0x1', 'latest'] })),
    ).toEqual({ result: null })
    expect(endpoint.seen[1]?.body).toMatchObject({ params: ['0x1', 'latest'] })
    endpoint.answerWith(json({ jsonrpc: '2.0', id: 1, error: null, result: '0x2' }))
    expect(ok(await h.send('APP_RPC_REQUEST', { method: 'eth_gasPrice' }))).toEqual({
      result: '0x2',
    })
  })

  it("the node's error: its message (cut to 1,024 characters) and numeric code", async () => {
    const { h } = await frameOnEndpoint()
    endpoint.answerWith(
      json({ jsonrpc: '2.0', id: 1, error: { code: -32000, message: 'x'.repeat(5000) } }),
    )
    expect(failure(await h.send('APP_RPC_REQUEST', { method: 'eth_call', params: [] }))).toEqual({
      message: 'x'.repeat(1024),
      code: -32000,
    })
    endpoint.answerWith(json({ jsonrpc: '2.0', id: 1, error: { code: 'bad', message: '' } }))
    expect(failure(await h.send('APP_RPC_REQUEST', { method: 'eth_call', params: [] }))).toEqual({
      message: 'RPC error',
    })
    endpoint.answerWith(json({ jsonrpc: '2.0', id: 1, error: { message: 42 } }))
    expect(failure(await h.send('APP_RPC_REQUEST', { method: 'eth_call', params: [] }))).toEqual({
      message: 'RPC error',
    })
  })

  it('a body that is not JSON-RPC: the HTTP status, or that the answer is invalid', async () => {
    const { h } = await frameOnEndpoint()
    endpoint.answerWith({ status: 502, body: '<html>Bad gateway</html>' })
    expect(failure(await h.send('APP_RPC_REQUEST', { method: 'eth_blockNumber' }))).toEqual({
      message: 'HTTP status code: 502',
    })
    endpoint.answerWith({ status: 200, body: '"just a string"' })
    expect(failure(await h.send('APP_RPC_REQUEST', { method: 'eth_blockNumber' }))).toEqual({
      message: 'Invalid RPC response',
    })
    endpoint.answerWith({ status: 200, body: 'null' })
    expect(failure(await h.send('APP_RPC_REQUEST', { method: 'eth_blockNumber' }))).toEqual({
      message: 'Invalid RPC response',
    })
    endpoint.answerWith({ status: 429, body: '{"jsonrpc":"2.0","id":1}' })
    expect(failure(await h.send('APP_RPC_REQUEST', { method: 'eth_blockNumber' }))).toEqual({
      message: 'HTTP status code: 429',
    })
  })

  it('params that are not a list or object are refused before any call (-32602)', async () => {
    const { h } = await frameOnEndpoint()
    expect(
      failure(await h.send('APP_RPC_REQUEST', { method: 'eth_blockNumber', params: 'latest' })),
    ).toEqual({ message: 'Invalid params', code: INVALID_PARAMS })
    expect(endpoint.seen).toHaveLength(0)
  })

  it("an endpoint nobody answers on: 'Could not reach the RPC endpoint'", async () => {
    const { h } = await frameOnEndpoint()
    const port = await closedPort()
    ok(await h.send('APP_SWITCH_NETWORK', { chainId: 31337, rpcUrl: `http://127.0.0.1:${port}/` }))
    expect(failure(await h.send('APP_RPC_REQUEST', { method: 'eth_blockNumber' }))).toEqual({
      message: 'Could not reach the RPC endpoint',
    })
  })

  it('APP_RPC_ABORT ends a read the node is still working on: aborted, its connection closed', async () => {
    const { h } = await frameOnEndpoint()
    endpoint.answerWith('hang')
    const dropped = endpoint.dropped
    const reading = h.send('APP_RPC_REQUEST', { method: 'eth_blockNumber' })
    await expect.poll(() => endpoint.seen.length).toBe(1)
    ok(await h.send('APP_RPC_ABORT', {}))
    expect(failure(await reading)).toEqual({ message: REQUEST_ABORTED })
    // the frame does not leave the node's connection open behind the answer
    await expect.poll(() => endpoint.dropped).toBe(dropped + 1)
  })
  it('an answer up to 256 KiB as a message reaches the page; one character more is refused', async () => {
    const { h } = await frameOnEndpoint()
    const id = crypto.randomUUID()
    const envelope = JSON.stringify({
      channel: CHANNEL,
      type: successType('APP_RPC_REQUEST'),
      id,
      payload: { result: '' },
    }).length
    const fits = 'a'.repeat(MAX_MESSAGE_BYTES - envelope)
    endpoint.answerWith(json({ jsonrpc: '2.0', id: 1, result: fits }))
    expect(ok(await h.send('APP_RPC_REQUEST', { method: 'eth_call', params: [] }, { id }))).toEqual(
      { result: fits },
    )
    endpoint.answerWith(json({ jsonrpc: '2.0', id: 1, result: `${fits}a` }))
    expect(failure(await h.send('APP_RPC_REQUEST', { method: 'eth_call', params: [] }))).toEqual({
      message: RESPONSE_TOO_LARGE,
    })
  })
})

describe("the spec's texts, as the page reads them", () => {
  // Written out, not imported: a changed constant would change both sides of a comparison.
  it("a method the frame never runs: 'Requested RPC call is not allowed'", async () => {
    const { h } = await frameOnEndpoint()
    expect(failure(await h.send('APP_RPC_REQUEST', { method: 'eth_sign', params: [] }))).toEqual({
      message: 'Requested RPC call is not allowed',
    })
  })

  it("the visitor's Reject: 'User rejected the request', code 4001", async () => {
    const { h, address } = await frameOnEndpoint()
    const pending = h.send('APP_RPC_REQUEST', {
      method: 'personal_sign',
      params: ['0x6869', address],
    })
    await h.approvalShown()
    h.button('reject').click()
    expect(failure(await pending)).toEqual({ message: 'User rejected the request', code: 4001 })
  })
})

describe('which chain and endpoint a request goes to', () => {
  it("the request's own rpcUrl wins; each chain keeps the URL it was switched to with", async () => {
    const { h } = await frameOnEndpoint()
    // Chain 31337's URL is the endpoint; a request naming another chain without a URL fails.
    expect(
      failure(await h.send('APP_RPC_REQUEST', { method: 'eth_blockNumber', chainId: 8453 })),
    ).toEqual({ message: 'No RPC URL for chain 8453' })
    expect(
      ok(
        await h.send('APP_RPC_REQUEST', {
          method: 'eth_blockNumber',
          chainId: 8453,
          rpcUrl: endpoint.url,
        }),
      ),
    ).toEqual({ result: '0x10' })
    // Switching to a chain without a URL keeps the earlier chain's URL for that chain only.
    ok(await h.send('APP_SWITCH_NETWORK', { chainId: 10 }))
    expect(failure(await h.send('APP_RPC_REQUEST', { method: 'eth_blockNumber' }))).toEqual({
      message: 'No RPC URL for chain 10',
    })
    // Back on 31337 without a URL: the one it was switched to before still serves.
    ok(await h.send('APP_SWITCH_NETWORK', { chainId: 31337 }))
    expect(ok(await h.send('APP_RPC_REQUEST', { method: 'eth_blockNumber' }))).toEqual({
      result: '0x10',
    })
    ok(await h.send('APP_SWITCH_NETWORK', { chainId: 10 }))
    expect(
      ok(await h.send('APP_RPC_REQUEST', { method: 'eth_blockNumber', chainId: 31337 })),
    ).toEqual({ result: '0x10' })
    expect(ok(await h.send('APP_RPC_REQUEST', { method: 'eth_chainId' }))).toEqual({
      result: '0xa',
    })
    expect(ok(await h.send('APP_RPC_REQUEST', { method: 'eth_chainId', chainId: 8453 }))).toEqual({
      result: '0x2105',
    })
  })

  it('Solana methods go to the Solana key only; other Solana reads and EVM-named ones are refused', async () => {
    const { h } = await frameOnEndpoint()
    expect(
      failure(
        await h.send('APP_RPC_REQUEST', {
          method: 'getBalance',
          params: [],
          chainNamespace: 'solana',
        }),
      ),
    ).toEqual({ message: RPC_NOT_ALLOWED })
    expect(
      failure(
        await h.send('APP_RPC_REQUEST', {
          method: 'solana_signMessage',
          params: {},
          chainNamespace: 'eip155',
        }),
      ),
    ).toEqual({
      message: 'solana_signMessage is a Solana method, not an eip155 one',
      code: INVALID_PARAMS,
    })
    expect(endpoint.seen).toHaveLength(0)
  })

  it('wallet_getCapabilities: only for the connected address (any letter case)', async () => {
    const { h, address } = await frameOnEndpoint()
    expect(
      ok(
        await h.send('APP_RPC_REQUEST', {
          method: 'wallet_getCapabilities',
          params: [address.toUpperCase().replace('0X', '0x')],
        }),
      ),
    ).toEqual({ result: {} })
    expect(
      failure(
        await h.send('APP_RPC_REQUEST', {
          method: 'wallet_getCapabilities',
          params: ['0x2222222222222222222222222222222222222222'],
        }),
      ),
    ).toEqual({ message: WRONG_ACCOUNT, code: UNAUTHORIZED })
    expect(
      failure(await h.send('APP_RPC_REQUEST', { method: 'wallet_getCapabilities', params: [] })),
    ).toEqual({ message: 'An address is required', code: INVALID_PARAMS })
    expect(
      failure(await h.send('APP_RPC_REQUEST', { method: 'wallet_getAssets', params: [] })),
    ).toEqual({ message: 'Invalid assets request', code: INVALID_PARAMS })
    expect(
      failure(
        await h.send('APP_RPC_REQUEST', {
          method: 'wallet_getAssets',
          params: [{ account: '0x2222222222222222222222222222222222222222' }],
        }),
      ),
    ).toEqual({ message: WRONG_ACCOUNT, code: UNAUTHORIZED })
    expect(endpoint.seen).toHaveLength(0)
  })
})
