// The embedded wallet's smart account end to end: the frame signed in by email against the real
// server, whose bundler gateway fronts a real Alto bundler on a real anvil chain with EntryPoint
// v0.7 and the SimpleAccountFactory. Node environment; the frame gets a jsdom document.
import { createRequire } from 'node:module'
import {
  type Bundler,
  type CapturedMail,
  DEVNET_TOKENS,
  type Devnet,
  findFreePort,
  startBundler,
  startDevnet,
  startMailCapture,
  TEST_ACCOUNTS,
  testTokenAbi,
} from '@latchkey/devnet'
import {
  type Address,
  createPublicClient,
  createTestClient,
  encodeFunctionData,
  type Hex,
  http,
  numberToHex,
  parseEther,
  parseUnits,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { foundry } from 'viem/chains'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  availableDatabases,
  startTestServer,
  type TestServer,
} from '../../../../server/src/testing/databases.ts'
import { approvalLinkOf, approveByLink } from '../../../../server/src/testing/emailLogin.ts'
import { SMART_ACCOUNTS_UNAVAILABLE } from '../errors.ts'
import { createHarness, failure, type Harness, HOST, ok } from '../testing/harness.ts'
import {
  CALL_DATA_INVALID,
  CALL_TO_INVALID,
  OUTSIDE_PERMISSION,
  PERMISSION_UNKNOWN,
  SIMPLE_ACCOUNT_CANNOT_SIGN,
} from './constants.ts'

const { JSDOM } = createRequire(import.meta.url)('jsdom') as {
  JSDOM: new (html: string) => { window: { document: Document } }
}
const PROJECT = 'c4b1e7d2a9f04e6b8d3a5f1e2c7b9a60'
const database = availableDatabases()[0]
if (!database) throw new Error('no database')
const lusd = DEVNET_TOKENS.find((t) => t.symbol === 'lUSD') as (typeof DEVNET_TOKENS)[number]
const receiver = TEST_ACCOUNTS[7].address

let devnet: Devnet
let bundler: Bundler
let service: TestServer
let capture: Awaited<ReturnType<typeof startMailCapture>>
let rpcUrl: string
let client: ReturnType<typeof createPublicClient>

beforeAll(async () => {
  devnet = await startDevnet({
    chains: [
      { chainId: 31337, port: await findFreePort() },
      { chainId: 31338, port: await findFreePort() },
    ],
  })
  const [chain] = devnet.chains
  if (!chain) throw new Error('no chain')
  rpcUrl = chain.rpcUrl
  client = createPublicClient({ chain: foundry, transport: http(rpcUrl), pollingInterval: 50 })
  bundler = await startBundler({ chainId: 31337, rpcUrl, port: await findFreePort() })
  capture = await startMailCapture({ port: 0 })
  service = await startTestServer(database, {
    projectId: PROJECT,
    mail: { host: capture.host, port: capture.port },
    mailInbox: capture,
    mode: 'development',
    allowedOrigins: [HOST],
    rateLimit: { perAddress: { limit: 1_000_000, windowMs: 10_000 } },
    chains: devnet.chains.map((c) => ({
      chainId: c.chainId,
      rpcUrl: c.rpcUrl,
      ...(c.chainId === 31337 && { bundlerUrl: bundler.url }),
    })),
  })
})

afterAll(async () => {
  await service?.stop()
  await capture?.stop()
  await bundler?.stop()
  await devnet?.stop()
})

const read = new Set<string>()
async function nextMail(to: string): Promise<CapturedMail> {
  const mail = await capture.waitForMail(to, (m) => !read.has(m.id), 10_000)
  read.add(mail.id)
  return mail
}

async function signedIn(): Promise<Harness> {
  const h = await createHarness({
    document: new JSDOM('<!doctype html><html><body></body></html>').window.document,
    apiUrl: service.server.url,
    search: `?projectId=${PROJECT}&chainId=31337&rpcUrl=${encodeURIComponent(rpcUrl)}`,
  })
  const email = `smart-${Date.now()}-${Math.random().toString(36).slice(2)}@example.org`
  expect(ok(await h.send('APP_CONNECT_EMAIL', { email }))).toEqual({ action: 'VERIFY_DEVICE' })
  expect((await approveByLink(approvalLinkOf(await nextMail(email)))).status).toBe(200)
  ok(await h.send('APP_CONNECT_DEVICE', {}))
  const otp = /^(\d{6})$/m.exec((await nextMail(email)).text)?.[1] ?? ''
  ok(await h.send('APP_CONNECT_OTP', { otp }))
  return h
}

const rpc = (h: Harness, method: string, params: unknown[] = []) =>
  h.send('APP_RPC_REQUEST', { method, params, chainId: 31337 })

async function approved(h: Harness, request: Promise<Awaited<ReturnType<Harness['send']>>>) {
  await h.approvalShown()
  const card = h.doc.querySelector('.lk-details')?.textContent ?? ''
  h.button('approve').click()
  return { reply: await request, card }
}

async function fund(address: Address) {
  await createTestClient({ chain: foundry, transport: http(rpcUrl), mode: 'anvil' }).setBalance({
    address,
    value: parseEther('1'),
  })
  const funder = privateKeyToAccount(TEST_ACCOUNTS[0].privateKey)
  const { createWalletClient } = await import('viem')
  const wallet = createWalletClient({ account: funder, chain: foundry, transport: http(rpcUrl) })
  await client.waitForTransactionReceipt({
    hash: await wallet.writeContract({
      address: lusd.address,
      abi: testTokenAbi,
      functionName: 'transfer',
      args: [address, parseUnits('10', lusd.decimals)],
    }),
  })
}

const lusdCall = (functionName: 'approve' | 'transfer', amount: string) => ({
  to: lusd.address,
  data: encodeFunctionData({
    abi: testTokenAbi,
    functionName,
    args: [receiver, parseUnits(amount, lusd.decimals)],
  }),
})

async function statusOf(h: Harness, id: string, until: number) {
  for (let i = 0; i < 200; i++) {
    const { result } = ok(await rpc(h, 'wallet_getCallsStatus', [id])) as {
      result: { status: number; receipts?: { transactionHash: Hex }[] }
    }
    if (result.status === until) return result
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`status ${until} never came`)
}

describe('the embedded wallet’s smart account', () => {
  it('is offered on the chains with a bundler, known before it exists, and chosen by the visitor', async () => {
    const h = await signedIn()
    const eoa = (ok(await rpc(h, 'eth_accounts')).result as string[])[0]
    expect(ok(await h.send('APP_GET_SMART_ACCOUNT_ENABLED_NETWORKS', {}))).toEqual({
      smartAccountEnabledNetworks: [31337],
    })
    const init = ok(await h.send('APP_INIT_SMART_ACCOUNT', {})) as { address: Address }
    expect(init.address).not.toBe(eoa)
    expect(init).toMatchObject({ isDeployed: false })
    expect(await client.getCode({ address: init.address })).toBeUndefined()

    expect(ok(await h.send('APP_SET_PREFERRED_ACCOUNT', { type: 'smartAccount' }))).toEqual({
      type: 'smartAccount',
      address: init.address,
    })
    expect(ok(await rpc(h, 'eth_accounts')).result).toEqual([init.address])
    const user = ok(await h.send('APP_GET_USER', {}))
    expect(user).toMatchObject({
      address: init.address,
      preferredAccountType: 'smartAccount',
      smartAccountDeployed: false,
    })
    expect(user.accounts).toEqual(
      expect.arrayContaining([
        { address: init.address, type: 'SMART_ACCOUNT', namespace: 'eip155' },
        { address: eoa, type: 'EOA', namespace: 'eip155' },
      ]),
    )
    expect(ok(await rpc(h, 'wallet_getCapabilities', [init.address])).result).toEqual({
      '0x7a69': { atomic: { status: 'supported' } },
    })
    expect(ok(await rpc(h, 'wallet_getCapabilities', [eoa])).result).toEqual({})
    expect(failure(await rpc(h, 'personal_sign', ['0x6869', init.address])).message).toBe(
      SIMPLE_ACCOUNT_CANNOT_SIGN,
    )

    // Back to the EOA; on a chain without a bundler the smart account is not offered.
    ok(await h.send('APP_SET_PREFERRED_ACCOUNT', { type: 'eoa' }))
    expect(ok(await rpc(h, 'eth_accounts')).result).toEqual([eoa])
    ok(await h.send('APP_SWITCH_NETWORK', { chainId: 31338, rpcUrl: devnet.chains[1]?.rpcUrl }))
    expect(
      failure(await h.send('APP_SET_PREFERRED_ACCOUNT', { type: 'smartAccount' })).message,
    ).toBe(SMART_ACCOUNTS_UNAVAILABLE)
  })

  it('sends a batch (approve + transfer) atomically after one approval listing every call; the first one deploys it', async () => {
    const h = await signedIn()
    const { address } = ok(await h.send('APP_SET_PREFERRED_ACCOUNT', { type: 'smartAccount' })) as {
      address: Address
    }
    await fund(address)
    const before = await client.readContract({
      address: lusd.address,
      abi: testTokenAbi,
      functionName: 'balanceOf',
      args: [receiver],
    })
    const { reply, card } = await approved(
      h,
      rpc(h, 'wallet_sendCalls', [
        {
          version: '2.0.0',
          chainId: '0x7a69',
          from: address,
          atomicRequired: true,
          calls: [lusdCall('approve', '2'), lusdCall('transfer', '3')],
        },
      ]),
    )
    expect(h.doc.querySelector('h1')?.textContent).toBe('Send calls')
    expect(card).toContain('Call 1 of 2')
    expect(card).toContain('Call 2 of 2')
    expect(card).toContain('function 0x095ea7b3')
    expect(card).toContain('function 0xa9059cbb')
    const { id } = ok(reply).result as { id: Hex }
    const status = await statusOf(h, id, 200)
    expect(status.receipts?.[0]?.transactionHash).toMatch(/^0x[0-9a-f]{64}$/)
    const read = (functionName: 'balanceOf' | 'allowance', args: readonly Address[]) =>
      client.readContract({ address: lusd.address, abi: testTokenAbi, functionName, args } as never)
    expect(await read('allowance', [address, receiver])).toBe(parseUnits('2', lusd.decimals))
    expect((await read('balanceOf', [receiver])) as bigint).toBe(
      before + parseUnits('3', lusd.decimals),
    )
    expect(ok(await h.send('APP_GET_USER', {}))).toMatchObject({ smartAccountDeployed: true })

    // eth_sendTransaction from the smart account goes through the bundler too.
    const ethBefore = await client.getBalance({ address: receiver })
    const sent = await approved(
      h,
      rpc(h, 'eth_sendTransaction', [{ from: address, to: receiver, value: '0x2386f26fc10000' }]),
    )
    const txHash = ok(sent.reply).result as Hex
    expect((await client.getTransactionReceipt({ hash: txHash })).status).toBe('success')
    expect((await client.getBalance({ address: receiver })) - ethBefore).toBe(10n ** 16n)
  })

  it('a failing call reverts the whole batch: status 500, nothing moved', async () => {
    const h = await signedIn()
    const { address } = ok(await h.send('APP_SET_PREFERRED_ACCOUNT', { type: 'smartAccount' })) as {
      address: Address
    }
    await fund(address)
    const ethBefore = await client.getBalance({ address: receiver })
    const { reply } = await approved(
      h,
      rpc(h, 'wallet_sendCalls', [
        {
          version: '2.0.0',
          chainId: '0x7a69',
          calls: [
            { to: receiver, value: '0x2386f26fc10000' },
            // 1,000 lUSD: more than the account's 10, the token reverts
            lusdCall('transfer', '1000'),
          ],
        },
      ]),
    )
    const failed = failure(reply)
    // The bundler's simulation refuses a batch that would revert: nothing reaches the chain.
    expect(failed.message).toBeTruthy()
    expect(await client.getBalance({ address: receiver })).toBe(ethBefore)
  })

  it('refuses bad calls with the spec’s rules before any card is shown', async () => {
    const h = await signedIn()
    ok(await h.send('APP_SET_PREFERRED_ACCOUNT', { type: 'smartAccount' }))
    const send = (calls: unknown[], chainId = '0x7a69') =>
      rpc(h, 'wallet_sendCalls', [{ version: '2.0.0', chainId, calls }])
    expect(failure(await send([{ to: receiver.slice(2) }]))).toEqual({
      message: CALL_TO_INVALID,
      code: -32602,
    })
    expect(failure(await send([{ to: receiver, data: '0x123' }]))).toEqual({
      message: CALL_DATA_INVALID,
      code: -32602,
    })
    expect(failure(await send([{ to: receiver, data: 'abcd' }])).message).toBe(CALL_DATA_INVALID)
    expect(failure(await send([]))).toMatchObject({ code: -32602 })
    expect(failure(await send([{ to: receiver }], '0x1'))).toMatchObject({ code: 5710 })
    expect(h.doc.querySelector('.lk-approval:not([hidden])')).toBeNull()
  })

  it('grants an app a scoped permission once; calls inside it go without a card, others are refused, a revoke ends it', async () => {
    const h = await signedIn()
    const { address } = ok(await h.send('APP_SET_PREFERRED_ACCOUNT', { type: 'smartAccount' })) as {
      address: Address
    }
    await fund(address)
    const tenLusd = numberToHex(parseUnits('10', lusd.decimals))
    const { reply, card } = await approved(
      h,
      rpc(h, 'wallet_grantPermissions', [
        {
          chainId: '0x7a69',
          expiry: Math.floor(Date.now() / 1000) + 3600,
          signer: { type: 'wallet' },
          permissions: [
            {
              type: 'erc20-token-transfer',
              data: { address: lusd.address, ticker: 'lUSD' },
              policies: [{ type: 'token-allowance', data: { allowance: tenLusd } }],
            },
          ],
        },
      ]),
    )
    expect(h.doc.querySelector('h1')?.textContent).toBe('Grant permission')
    expect(card).toContain(`Up to 10000000 base units of ${lusd.address}`)
    const { permissionsContext } = ok(reply).result as { permissionsContext: Hex }
    const recorded = await service.request(
      `/v1/sessions/${permissionsContext}?projectId=${PROJECT}`,
    )
    expect(await recorded.json()).toMatchObject({ account: address, origin: HOST, revokedAt: null })

    const within = (calls: unknown[]) =>
      rpc(h, 'wallet_sendCalls', [
        {
          version: '2.0.0',
          chainId: '0x7a69',
          calls,
          capabilities: { permissions: { context: permissionsContext } },
        },
      ])
    // 4 lUSD: inside the allowance, sent at once with no card
    const sent = ok(await within([lusdCall('transfer', '4')])).result as { id: Hex }
    expect(h.doc.querySelector('.lk-approval:not([hidden])')).toBeNull()
    expect((await statusOf(h, sent.id, 200)).receipts).toHaveLength(1)
    // 7 more would be 11 of 10; ETH and another contract were never granted
    expect(failure(await within([lusdCall('transfer', '7')]))).toEqual({
      message: OUTSIDE_PERMISSION,
      code: 4100,
    })
    expect(failure(await within([{ to: receiver, value: '0x1' }])).message).toBe(OUTSIDE_PERMISSION)
    const lkt = DEVNET_TOKENS.find((t) => t.symbol === 'LKT')?.address ?? '0x'
    expect(failure(await within([{ ...lusdCall('transfer', '1'), to: lkt }])).message).toBe(
      OUTSIDE_PERMISSION,
    )
    // 6 more is exactly the rest
    const rest = ok(await within([lusdCall('transfer', '6')])).result as { id: Hex }
    await statusOf(h, rest.id, 200)
    expect(failure(await within([lusdCall('transfer', '0.000001')])).message).toBe(
      OUTSIDE_PERMISSION,
    )

    ok(await rpc(h, 'wallet_revokePermissions', [{ permissionsContext }]))
    expect(failure(await within([]))).toMatchObject({ code: -32602 })
    expect(failure(await within([lusdCall('transfer', '0')])).message).toBe(PERMISSION_UNKNOWN)
    const ended = await service.request(`/v1/sessions/${permissionsContext}?projectId=${PROJECT}`)
    expect((await ended.json()).revokedAt).toEqual(expect.any(String))
  })
})
