// @vitest-environment jsdom
// APP_RPC_REQUEST with the smart account in use: which requests it answers instead of the EOA,
// its card (the visitor's Reject sends nothing; a permission names the page it is for), its
// owner still signed in when it answers, and the user-operation reads its chains' bundlers
// answer. Anvil with the SimpleAccountFactory; the services are the fake auth API, whose bundler
// gateway offers chain 31337 (testing/fakeAuthServer.ts).
import {
  type AnvilInstance,
  deployAccountAbstraction,
  findFreePort,
  startAnvil,
} from '@latchkey/devnet'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SMART_ACCOUNTS_UNAVAILABLE } from '../errors.ts'
import { INVALID_PARAMS, UNAUTHORIZED, WRONG_ACCOUNT } from '../signer.ts'
import { createFakeAuthServer } from '../testing/fakeAuthServer.ts'
import { failure, type Harness, HOST, ok, signedInFrame, signIn } from '../testing/harness.ts'
import { NOT_CONNECTED } from '../wallet.ts'

const BUNDLER_CHAINS = 'GET /v1/bundler'
const BUNDLER_RPC = 'POST /v1/bundler'
const RECEIVER = `0x${'2'.repeat(40)}`

let anvil: AnvilInstance
beforeAll(async () => {
  anvil = await startAnvil({ chainId: 31337, port: await findFreePort() })
  await deployAccountAbstraction(31337, anvil.rpcUrl)
})
afterAll(() => anvil?.stop())

/** A signed-in frame on chain 31337 (anvil) whose visitor chose the smart account */
async function smartFrame(): Promise<{ h: Harness; owner: string; smart: string }> {
  const server = createFakeAuthServer()
  const { h, address } = await signedInFrame({
    server,
    search: `?projectId=${server.projectId}&chainId=31337&rpcUrl=${encodeURIComponent(anvil.rpcUrl)}&version=test`,
  })
  server.failNext.set(BUNDLER_CHAINS, { status: 200, body: { chains: ['eip155:31337'] } })
  const { address: smart } = ok(
    await h.send('APP_SET_PREFERRED_ACCOUNT', { type: 'smartAccount' }),
  ) as { address: string }
  expect(smart).not.toBe(address)
  return { h, owner: address, smart }
}

const rpc = (h: Harness, method: string, params: unknown, more: object = {}) =>
  h.send('APP_RPC_REQUEST', { method, params, ...more })
const cardShown = (h: Harness) => h.doc.querySelector('.lk-approval:not([hidden])') !== null

describe('what the smart account answers', () => {
  it('a transaction on the chain in use is its own: it needs a receiver; on another chain the EOA is asked', async () => {
    const { h, owner, smart } = await smartFrame()
    // A contract creation has no receiver: the smart account refuses it before any card.
    const creation = { data: '0x6000', value: '0x1' }
    expect(failure(await rpc(h, 'eth_sendTransaction', [{ from: smart, ...creation }]))).toEqual({
      message: 'A smart account sends to a receiver',
      code: INVALID_PARAMS,
    })
    expect(cardShown(h)).toBe(false)

    // Chain 10 offers no smart account: the EOA's own card, which the visitor rejects.
    const elsewhere = rpc(h, 'eth_sendTransaction', [{ from: owner, ...creation }], {
      chainId: 10,
      rpcUrl: anvil.rpcUrl,
    })
    await h.approvalShown()
    h.button('reject').click()
    expect(failure(await elsewhere)).toEqual({ message: 'User rejected the request', code: 4001 })
  })

  it("the visitor's Reject of its transaction sends nothing to the bundler", async () => {
    const { h, smart } = await smartFrame()
    const pending = rpc(h, 'eth_sendTransaction', [{ from: smart, to: RECEIVER, value: '0x1' }])
    await h.approvalShown()
    expect(h.doc.querySelector('.lk-approval')?.textContent).toContain(smart)
    h.button('reject').click()
    expect(failure(await pending)).toEqual({ message: 'User rejected the request', code: 4001 })
    expect(h.server.calls).not.toContain(BUNDLER_RPC)
  })

  it('a permission card names the page it is for; a revoke answered after another sign-in is refused', async () => {
    const { h } = await smartFrame()
    const granting = rpc(h, 'wallet_grantPermissions', [
      {
        chainId: '0x7a69',
        expiry: Math.floor(Date.now() / 1000) + 3600,
        permissions: [
          {
            type: 'native-token-transfer',
            data: {},
            policies: [{ type: 'token-allowance', data: { allowance: '0x1' } }],
          },
        ],
      },
    ])
    await h.approvalShown()
    expect(h.doc.querySelector('.lk-approval')?.textContent).toContain(HOST)
    const id = `0x${'ab'.repeat(32)}`
    h.server.failNext.set('POST /v1/sessions', { status: 200, body: { id } })
    h.button('approve').click()
    expect(ok(await granting)).toMatchObject({ result: { permissionsContext: id } })

    const revoke = `POST /v1/sessions/${id}/revoke`
    h.server.failNext.set(revoke, { status: 200, body: {} })
    h.server.beforeRequest = async (route) => {
      if (route === revoke) await signIn(h, 'other@example.com')
    }
    const revoking = rpc(h, 'wallet_revokePermissions', [{ permissionsContext: id }])
    expect(failure(await revoking)).toEqual({ message: NOT_CONNECTED })
  })
})

describe('wallet_getAssets', () => {
  it('answers for the smart account and for its owner; another address is refused', async () => {
    const { h, owner, smart } = await smartFrame()
    const ether = {
      name: 'Ether',
      symbol: 'ETH',
      chainId: 'eip155:31337',
      quantity: { decimals: '18', numeric: '1.5' },
    }
    const native = {
      address: 'native',
      balance: '0x14d1120d7b160000',
      type: 'native',
      metadata: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    }
    for (const account of [smart, owner]) {
      h.server.failNext.set(`GET /v1/account/${account}/balance`, {
        status: 200,
        body: { balances: [ether] },
      })
      expect(ok(await rpc(h, 'wallet_getAssets', [{ account }]))).toEqual({
        result: { '0x7a69': [native] },
      })
    }
    expect(failure(await rpc(h, 'wallet_getAssets', [{ account: RECEIVER }]))).toEqual({
      message: WRONG_ACCOUNT,
      code: UNAUTHORIZED,
    })
  })
})

describe('user-operation reads', () => {
  it("go to the chain's bundler with the request's params (none: an empty list)", async () => {
    const { h } = await smartFrame()
    const hash = `0x${'cd'.repeat(32)}`
    h.server.failNext.set(BUNDLER_RPC, {
      status: 200,
      body: { jsonrpc: '2.0', id: 1, result: null },
    })
    expect(ok(await rpc(h, 'eth_getUserOperationReceipt', [hash]))).toEqual({ result: null })
    h.server.failNext.set(BUNDLER_RPC, {
      status: 200,
      body: { jsonrpc: '2.0', id: 1, result: ['0x0000000071727De22E5E9d8BAf0edAc6f37da032'] },
    })
    expect(ok(await rpc(h, 'eth_supportedEntryPoints', undefined))).toEqual({
      result: ['0x0000000071727De22E5E9d8BAf0edAc6f37da032'],
    })
    const sent = h.server.calls.flatMap((call, i) =>
      call === BUNDLER_RPC ? [h.server.bodies[i]] : [],
    )
    expect(sent).toEqual([
      { jsonrpc: '2.0', id: 1, method: 'eth_getUserOperationReceipt', params: [hash] },
      { jsonrpc: '2.0', id: 1, method: 'eth_supportedEntryPoints', params: [] },
    ])
  })

  it('on a chain whose bundler the services do not know: unavailable, nothing asked', async () => {
    const { h } = await smartFrame()
    const asked = h.server.calls.length
    expect(
      failure(
        await rpc(h, 'eth_getUserOperationReceipt', [`0x${'cd'.repeat(32)}`], { chainId: 10 }),
      ),
    ).toEqual({ message: SMART_ACCOUNTS_UNAVAILABLE })
    expect(h.server.calls.slice(asked)).not.toContain(BUNDLER_RPC)
  })
})
