// The smart accounts' test stack: a devnet (two chains), Alto as the first chain's bundler, the
// real server (its bundler gateway and permission records) with an SMTP capture, and frames
// signed in by email against it. Registers its own beforeAll / afterAll.
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
  createWalletClient,
  encodeFunctionData,
  type Hex,
  http,
  parseEther,
  parseUnits,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { foundry } from 'viem/chains'
import { afterAll, beforeAll, expect } from 'vitest'
import {
  availableDatabases,
  startTestServer,
  type TestServer,
} from '../../../../server/src/testing/databases.ts'
import { approvalLinkOf, approveByLink } from '../../../../server/src/testing/emailLogin.ts'
import { createHarness, type Harness, HOST, ok } from './harness.ts'

export const PROJECT = 'c4b1e7d2a9f04e6b8d3a5f1e2c7b9a60'
export const lusd = DEVNET_TOKENS.find((t) => t.symbol === 'lUSD') as (typeof DEVNET_TOKENS)[number]
export const receiver = TEST_ACCOUNTS[7].address

export function useSmartAccountStack() {
  const { JSDOM } = createRequire(import.meta.url)('jsdom') as {
    JSDOM: new (html: string) => { window: { document: Document } }
  }
  const database = availableDatabases()[0]

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
    if (!chain || !database) throw new Error('a chain and a database')
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
    return signInAgain(h)
  }

  /** A new email user signs in on this frame (a first device: approved from the mail, then the code) */
  async function signInAgain(h: Harness): Promise<Harness> {
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

  return {
    signedIn,
    signInAgain,
    rpc,
    approved,
    fund,
    lusdCall,
    statusOf,
    service: () => service,
    client: () => client,
    devnet: () => devnet,
  }
}
