// The bundler gateway (README "Smart accounts") in front of a real Alto bundler on a real devnet.
import {
  ACCOUNT_ABSTRACTION,
  type Bundler,
  type Devnet,
  findFreePort,
  startBundler,
  startDevnet,
} from '@latchkey/devnet'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BUNDLER_MAX_BODY_BYTES } from '../constants/bundler.ts'
import { DEMO_PROJECT_ID } from '../constants.ts'
import { availableDatabases, startTestServer, type TestServer } from '../testing/databases.ts'
import { TEST_FRAME_ORIGIN } from '../testing/emailLogin.ts'

const [database] = availableDatabases()
let devnet: Devnet
let bundler: Bundler
let service: TestServer
const PATH = `/v1/bundler?projectId=${DEMO_PROJECT_ID}`

beforeAll(async () => {
  devnet = await startDevnet({
    chains: [
      { chainId: 31337, port: await findFreePort() },
      { chainId: 31338, port: await findFreePort() },
    ],
  })
  const [chainA, chainB] = devnet.chains
  if (!chainA || !chainB || !database) throw new Error('two chains and a database')
  bundler = await startBundler({
    chainId: 31337,
    rpcUrl: chainA.rpcUrl,
    port: await findFreePort(),
  })
  service = await startTestServer(database, {
    frameOrigins: [TEST_FRAME_ORIGIN],
    chains: [
      { chainId: 31337, rpcUrl: chainA.rpcUrl, bundlerUrl: bundler.url },
      { chainId: 31338, rpcUrl: chainB.rpcUrl },
    ],
  })
})

afterAll(async () => {
  await service?.stop()
  await bundler?.stop()
  await devnet?.stop()
})

const post = (query: string, body: unknown, headers: Record<string, string> = {}) =>
  service.request(`${PATH}${query}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })

const call = (method: string, params: unknown[] = []) => ({ jsonrpc: '2.0', id: 7, method, params })

describe('the bundler gateway', () => {
  it('lists the chains that have a bundler, and the EntryPoint', async () => {
    const response = await service.request(PATH)
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({
      entryPoint: ACCOUNT_ABSTRACTION.entryPoint,
      chains: ['eip155:31337'],
    })
  })

  it("passes ERC-4337's methods to the chain's bundler", async () => {
    const entryPoints = await post('&chainId=eip155:31337', call('eth_supportedEntryPoints'))
    expect(await entryPoints.json()).toEqual({
      jsonrpc: '2.0',
      id: 7,
      result: [ACCOUNT_ABSTRACTION.entryPoint],
    })
    const unknown = `0x${'ab'.repeat(32)}`
    const receipt = await post(
      '&chainId=eip155:31337',
      call('eth_getUserOperationReceipt', [unknown]),
    )
    expect(await receipt.json()).toMatchObject({ id: 7, result: null })
  })

  it('refuses every other method, batches and bad bodies with JSON-RPC errors', async () => {
    const refused = await post('&chainId=eip155:31337', call('eth_sendTransaction', [{}]))
    expect(await refused.json()).toEqual({
      jsonrpc: '2.0',
      id: 7,
      error: { code: 4200, message: 'Requested RPC call is not allowed' },
    })
    const batch = await post('&chainId=eip155:31337', [call('eth_chainId')])
    expect((await batch.json()).error).toEqual({ code: -32600, message: 'Invalid Request' })
    const garbage = await post('&chainId=eip155:31337', '{not json')
    expect((await garbage.json()).error).toEqual({ code: -32700, message: 'Parse error' })
    const tooLarge = await post('&chainId=eip155:31337', 'x'.repeat(BUNDLER_MAX_BODY_BYTES + 1))
    expect(tooLarge.status).toBe(413)
  })

  it('answers 400 for a missing, repeated or unknown chain, and for a chain without a bundler', async () => {
    for (const query of ['', '&chainId=eip155:31337&chainId=eip155:31337']) {
      expect((await post(query, call('eth_chainId'))).status).toBe(400)
    }
    for (const chain of ['eip155:1', 'eip155:31338', 'solana:x']) {
      const response = await post(`&chainId=${chain}`, call('eth_chainId'))
      expect(response.status).toBe(400)
      expect(await response.json()).toMatchObject({ error: expect.stringContaining(chain) })
    }
  })

  it("answers the frame's origin, and no other, across origins", async () => {
    const fromFrame = await post('&chainId=eip155:31337', call('eth_chainId'), {
      Origin: TEST_FRAME_ORIGIN,
    })
    expect(fromFrame.headers.get('access-control-allow-origin')).toBe(TEST_FRAME_ORIGIN)
    const fromElsewhere = await post('&chainId=eip155:31337', call('eth_chainId'), {
      Origin: 'https://evil.example',
    })
    expect(fromElsewhere.headers.get('access-control-allow-origin')).toBeNull()
  })

  it('answers 502 when the bundler is gone', async () => {
    const gone = await startBundler({
      chainId: 31338,
      rpcUrl: devnet.chains[1]?.rpcUrl ?? '',
      port: await findFreePort(),
    })
    await gone.stop()
    const [chainA, chainB] = devnet.chains
    if (!chainA || !chainB || !database) throw new Error('two chains')
    const other = await startTestServer(database, {
      chains: [{ chainId: 31338, rpcUrl: chainB.rpcUrl, bundlerUrl: gone.url }],
    })
    try {
      const response = await other.request(`${PATH}&chainId=eip155:31338`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(call('eth_chainId')),
      })
      expect(response.status).toBe(502)
    } finally {
      await other.stop()
    }
  })
})
