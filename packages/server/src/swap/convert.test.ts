// /v1/convert/* against the real server and the devnet's exchange (Uniswap V2 on anvil): quotes
// equal the router's own arithmetic, and the transactions built here do what was quoted.
import {
  type Devnet,
  EXCHANGE_ADDRESSES,
  findFreePort,
  pairAddress,
  routerAbi,
  startDevnet,
  TEST_ACCOUNTS,
} from '@latchkey/devnet'
import {
  type Address,
  createPublicClient,
  createTestClient,
  createWalletClient,
  decodeFunctionData,
  erc20Abi,
  formatEther,
  type Hex,
  http,
  type PublicClient,
  parseEther,
  parseUnits,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { foundry } from 'viem/chains'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createChain } from '../chain/client.ts'
import { LOCAL_SWAP_ROUTER } from '../constants/swap.ts'
import { DEMO_PROJECT_ID, KNOWN_TOKENS, NATIVE_TOKEN_ADDRESS } from '../constants.ts'
import { runFuzz } from '../fuzz/run.ts'
import { availableDatabases, startTestServer, type TestServer } from '../testing/databases.ts'
import { Exchange } from './exchange.ts'
import { swapTransaction } from './swapTransaction.ts'

const LUSD = KNOWN_TOKENS[0].address
const LKT = KNOWN_TOKENS[1].address
const id = (address: string) => `eip155:31337:${address}`
const ETH = id(NATIVE_TOKEN_ADDRESS)
const [, , , , , , , , TRADER, APPROVER] = TEST_ACCOUNTS
// One database is enough: the convert API reads the chain, the database only for token names.
const [database] = availableDatabases()

interface Quote {
  fromAccount: string
  toAccount: string
  fromAmount: string
  toAmount: string
  path: string[]
  priceImpact: number
  fee: { percent: number; amount: string }
}
interface Tx {
  from: Address
  to: Address
  data: Hex
  value: string
  eip155: { gas?: string; gasPrice: string }
}

describe('the convert API on the devnet exchange', () => {
  let devnet: Devnet
  let service: TestServer
  let node: PublicClient

  beforeAll(async () => {
    devnet = await startDevnet({ chains: [{ chainId: 31337, port: await findFreePort() }] })
    const rpcUrl = devnet.chains[0]?.rpcUrl ?? ''
    node = createPublicClient({ chain: foundry, transport: http(rpcUrl) })
    service = await startTestServer(database as NonNullable<typeof database>, {
      // 31338 points at the same node but has no exchange: swaps are not offered there.
      chains: [
        { chainId: 31337, rpcUrl },
        { chainId: 8453, rpcUrl },
      ],
      rateLimit: { perAddress: { limit: 1_000_000, windowMs: 10_000 } },
    })
  })
  afterAll(async () => {
    await service?.stop()
    await devnet?.stop()
  })

  const get = (path: string, query: Record<string, string>) =>
    service.request(`${path}?${new URLSearchParams({ projectId: DEMO_PROJECT_ID, ...query })}`)
  const post = (path: string, body: unknown) =>
    service.request(`${path}?projectId=${DEMO_PROJECT_ID}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
  async function ok<T>(response: Response | Promise<Response>): Promise<T> {
    const answer = await response
    expect(answer.status, await answer.clone().text()).toBe(200)
    return (await answer.json()) as T
  }
  async function refused(response: Response | Promise<Response>, status = 400) {
    const answer = await response
    expect(answer.status).toBe(status)
    return ((await answer.json()) as { error: string }).error
  }
  const quote = async (from: string, to: string, amount: bigint, user: Address = TRADER.address) =>
    (
      await ok<{ quotes: Quote[] }>(
        get('/v1/convert/quotes', { amount: String(amount), userAddress: user, from, to }),
      )
    ).quotes[0] as Quote
  const routerOut = async (amount: bigint, path: Address[]) =>
    (
      await node.readContract({
        address: EXCHANGE_ADDRESSES.router,
        abi: routerAbi,
        functionName: 'getAmountsOut',
        args: [amount, path],
      })
    ).at(-1)
  const send = async (account: (typeof TEST_ACCOUNTS)[number], tx: Tx) => {
    const wallet = createWalletClient({
      account: privateKeyToAccount(account.privateKey),
      chain: foundry,
      transport: http(devnet.chains[0]?.rpcUrl),
    })
    // As a wallet does: the gas the app gives, else its own estimate.
    const gas = tx.eip155?.gas === undefined ? undefined : BigInt(tx.eip155.gas)
    const hash = await wallet.sendTransaction({
      to: tx.to,
      data: tx.data,
      value: BigInt(tx.value),
      gas,
    })
    return node.waitForTransactionReceipt({ hash })
  }
  const lusdOf = (address: Address) =>
    node.readContract({ address: LUSD, abi: erc20Abi, functionName: 'balanceOf', args: [address] })

  it('knows the devnet exchange where @latchkey/devnet deploys it', () => {
    expect(LOCAL_SWAP_ROUTER).toBe(EXCHANGE_ADDRESSES.router)
  })

  it("lists the chain's swappable tokens, the native coin first, with prices", async () => {
    const { tokens } = await ok<{
      tokens: {
        symbol: string
        address: string
        decimals: number
        price: number
        logoUri: string
      }[]
    }>(get('/v1/convert/tokens', { chainId: 'eip155:31337' }))
    expect(tokens.map((t) => [t.symbol, t.address, t.decimals, t.price])).toEqual([
      ['ETH', ETH, 18, 3000],
      ['lUSD', id(LUSD), 6, 1],
      ['LKT', id(LKT), 18, 2.5],
    ])
    expect(tokens[1]?.logoUri).toMatch(/\/public\/getTokenImage\/lUSD\?projectId=/)
  })

  it('quotes exactly what the router computes, with the price impact and the fee', async () => {
    const amount = parseEther('1')
    const q = await quote(ETH, id(LUSD), amount)
    expect(q.path).toEqual([id(EXCHANGE_ADDRESSES.weth), id(LUSD)])
    expect([q.fromAccount, q.toAccount]).toEqual([ETH, id(LUSD)])
    expect(BigInt(q.toAmount)).toBe(await routerOut(amount, [EXCHANGE_ADDRESSES.weth, LUSD]))
    expect(q.priceImpact).toBeGreaterThan(0)
    expect(q.priceImpact).toBeLessThan(1)
    expect(q.fee).toEqual({ percent: 0.3, amount: String((amount * 3n) / 1000n) })
  })

  it('takes the better of the direct pool and the hops through WETH', async () => {
    const amount = parseUnits('1000', 6)
    const q = await quote(id(LUSD), id(LKT), amount)
    const direct = (await routerOut(amount, [LUSD, LKT])) ?? 0n
    const viaWeth = (await routerOut(amount, [LUSD, EXCHANGE_ADDRESSES.weth, LKT])) ?? 0n
    expect(BigInt(q.toAmount)).toBe(direct > viaWeth ? direct : viaWeth)
    expect(q.path.length).toBe(direct > viaWeth ? 2 : 3)
  })

  it('says Insufficient liquidity when the pools cannot take the trade', async () => {
    const error = await refused(
      get('/v1/convert/quotes', {
        amount: String(parseUnits('1000000', 6)),
        userAddress: TRADER.address,
        from: id(LUSD),
        to: ETH,
      }),
    )
    expect(error).toBe('Insufficient liquidity')
  })

  it('builds a swap of ETH for lUSD that pays out what was quoted', async () => {
    const amount = parseEther('0.5')
    const q = await quote(ETH, id(LUSD), amount)
    const { tx } = await ok<{ tx: Tx }>(
      post('/v1/convert/build-transaction', {
        amount: String(amount),
        eip155: { slippage: 1 },
        from: ETH,
        to: id(LUSD),
        userAddress: TRADER.address,
      }),
    )
    expect(tx).toMatchObject({
      from: TRADER.address,
      to: EXCHANGE_ADDRESSES.router,
      value: String(amount),
    })
    expect(Number(tx.eip155.gas)).toBeGreaterThan(21_000)
    const before = await lusdOf(TRADER.address)
    expect((await send(TRADER, tx)).status).toBe('success')
    expect((await lusdOf(TRADER.address)) - before).toBe(BigInt(q.toAmount))
  })

  it('prices pooled tokens by their pool with lUSD, so a swap moves the price shown', async () => {
    const ethPrice = async () => {
      const { fungibles } = await ok<{ fungibles: { price: number }[] }>(
        post('/v1/fungible/price', { currency: 'usd', addresses: [ETH] }),
      )
      return fungibles[0]?.price
    }
    const poolPrice = async () => {
      const [reserveWeth, reserveLusd] = await Promise.all([
        node.readContract({
          address: EXCHANGE_ADDRESSES.weth,
          abi: erc20Abi,
          functionName: 'balanceOf',
          args: [pairAddress(EXCHANGE_ADDRESSES.weth, LUSD)],
        }),
        lusdOf(pairAddress(EXCHANGE_ADDRESSES.weth, LUSD)),
      ])
      return (
        Math.round((Number(reserveLusd) / 1e6 / (Number(reserveWeth) / 1e18)) * 10_000) / 10_000
      )
    }
    const before = await ethPrice()
    expect(before).toBe(await poolPrice())
    // Selling ETH into its pool makes ETH cheaper there, and so on the data API.
    const { tx } = await ok<{ tx: Tx }>(
      post('/v1/convert/build-transaction', {
        amount: String(parseEther('5')),
        from: ETH,
        to: id(LUSD),
        userAddress: TRADER.address,
      }),
    )
    expect((await send(TRADER, tx)).status).toBe('success')
    const after = await ethPrice()
    expect(after).toBe(await poolPrice())
    expect(after).toBeLessThan(before ?? 0)
  })

  it('asks for an approval of exactly the amount before a token swap, then swaps', async () => {
    const amount = parseUnits('250', 6)
    const allowance = async () =>
      (
        await ok<{ allowance: string }>(
          get('/v1/convert/allowance', { tokenAddress: id(LUSD), userAddress: APPROVER.address }),
        )
      ).allowance
    expect(await allowance()).toBe('0')
    const order = {
      amount: String(amount),
      from: id(LUSD),
      to: id(LKT),
      userAddress: APPROVER.address,
    }
    // Without the allowance the node refuses to run the swap: its reason, not a 5xx.
    expect(await refused(post('/v1/convert/build-transaction', order))).toMatch(
      /^The swap would fail: /,
    )

    const { tx: approve } = await ok<{ tx: Tx }>(
      get('/v1/convert/build-approve', {
        userAddress: APPROVER.address,
        from: id(LUSD),
        to: id(LKT),
        amount: String(amount),
      }),
    )
    expect(approve).toMatchObject({ from: APPROVER.address, to: LUSD, value: '0' })
    expect((await send(APPROVER, approve)).status).toBe('success')
    expect(await allowance()).toBe(String(amount))

    const q = await quote(id(LUSD), id(LKT), amount, APPROVER.address)
    const { tx } = await ok<{ tx: Tx }>(post('/v1/convert/build-transaction', order))
    // No eip155.slippage: §9's 1 %, so at least 99 % of the quote or the swap reverts.
    const { functionName, args } = decodeFunctionData({ abi: routerAbi, data: tx.data })
    expect(functionName).toBe('swapExactTokensForTokens')
    expect(args?.[1]).toBe((BigInt(q.toAmount) * 9_900n) / 10_000n)
    const lkt = {
      address: LKT,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [APPROVER.address],
    } as const
    const before = await node.readContract(lkt)
    expect((await send(APPROVER, tx)).status).toBe('success')
    expect((await node.readContract(lkt)) - before).toBe(BigInt(q.toAmount))
    expect(await allowance()).toBe('0')
  })

  it('the history shows a swap of lUSD for ETH as one trade: the token out, the ETH the router paid in', async () => {
    const trader = TEST_ACCOUNTS[6]
    const amount = parseUnits('100', 6)
    const order = { amount: String(amount), from: id(LUSD), to: ETH, userAddress: trader.address }
    const { tx: approve } = await ok<{ tx: Tx }>(
      get('/v1/convert/build-approve', { ...order, userAddress: trader.address }),
    )
    await send(trader, approve)
    const q = await quote(id(LUSD), ETH, amount, trader.address)
    const { tx } = await ok<{ tx: Tx }>(post('/v1/convert/build-transaction', order))
    const receipt = await send(trader, tx)
    expect(receipt.status).toBe('success')
    await service.server.indexer?.waitForBlock(31337, receipt.blockNumber)

    const history = await ok<{
      data: { metadata: { hash: string; operationType: string }; transfers: unknown[] }[]
    }>(
      service.request(
        `/v1/account/${trader.address}/history?projectId=${DEMO_PROJECT_ID}&chainId=eip155:31337`,
      ),
    )
    const entry = history.data.find((t) => t.metadata.hash === receipt.transactionHash)
    expect(entry?.metadata.operationType).toBe('trade')
    expect(entry?.transfers).toMatchObject([
      {
        direction: 'in',
        fungible_info: { symbol: 'ETH' },
        quantity: { numeric: formatEther(BigInt(q.toAmount)) },
      },
      { direction: 'out', fungible_info: { symbol: 'lUSD' }, quantity: { numeric: '100' } },
    ])
  })

  it('builds a swap that goes through after the chain sat idle longer than the deadline', async () => {
    const rpcUrl = devnet.chains[0]?.rpcUrl ?? ''
    const chain = createChain({ chainId: 31337, rpcUrl, swapRouter: LOCAL_SWAP_ROUTER })
    const exchange = new Exchange(chain, LOCAL_SWAP_ROUTER)
    const trader = TEST_ACCOUNTS[5]
    const outcome = await exchange.quote(parseEther('0.1'), NATIVE_TOKEN_ADDRESS, LUSD)
    if (!('quote' in outcome)) throw new Error('no quote')
    // The last block is an hour old when the swap is built and sent (a devnet mines on demand).
    const { timestamp } = await node.getBlock({ blockNumber: outcome.quote.block })
    const sent = timestamp + 3_600n
    await createTestClient({ mode: 'anvil', transport: http(rpcUrl) }).setNextBlockTimestamp({
      timestamp: sent,
    })
    const tx = await swapTransaction(
      chain,
      exchange,
      outcome.quote,
      {
        user: trader.address,
        amount: parseEther('0.1'),
        from: NATIVE_TOKEN_ADDRESS,
        to: LUSD,
        slippagePercent: 1,
        estimate: true,
      },
      () => Number(sent) * 1000,
    )
    expect((await send(trader, { ...tx, eip155: tx.eip155 } as Tx)).status).toBe('success')
  })

  it('builds a swap with gas enough when it is mined seconds after the pool last traded', async () => {
    const testNode = createTestClient({ mode: 'anvil', transport: http(devnet.chains[0]?.rpcUrl) })
    const build = async () =>
      (
        await ok<{ tx: Tx }>(
          post('/v1/convert/build-transaction', {
            amount: String(parseEther('0.2')),
            from: ETH,
            to: id(LUSD),
            userAddress: TRADER.address,
          }),
        )
      ).tx
    // The pool trades, and the next swap is estimated in the same second as that trade…
    const { timestamp } = await node.getBlock()
    await testNode.setNextBlockTimestamp({ timestamp: timestamp + 100n })
    expect((await send(TRADER, await build())).status).toBe('success')
    await testNode.setNextBlockTimestamp({ timestamp: timestamp + 100n })
    const tx = await build()
    // …but mined later, when the pool also writes its cumulative prices.
    await testNode.setNextBlockTimestamp({ timestamp: timestamp + 160n })
    const receipt = await send(TRADER, tx)
    expect(receipt.status).toBe('success')
    expect(receipt.gasUsed).toBeLessThan(BigInt(tx.eip155.gas ?? 0))
  })

  it('gives the gas price three ways', async () => {
    const prices = await ok<{ standard: string; fast: string; instant: string }>(
      get('/v1/convert/gas-price', { chainId: 'eip155:31337' }),
    )
    const standard = await node.getGasPrice()
    expect(prices).toEqual({
      standard: String(standard),
      fast: String((standard * 120n) / 100n),
      instant: String((standard * 150n) / 100n),
    })
  })

  it('refuses a chain without an exchange with the spec texts', async () => {
    expect(await refused(get('/v1/convert/tokens', { chainId: 'eip155:8453' }))).toBe(
      'Network not supported for Swaps',
    )
    expect(await refused(get('/v1/convert/gas-price', { chainId: 'eip155:8453' }))).toBe(
      'Network not supported for Gas Price',
    )
    expect(await refused(get('/v1/convert/tokens', { chainId: 'eip155:1' }))).toBe(
      'Network not supported for Swaps',
    )
  })

  it('refuses bad input with a 400 naming the parameter', async () => {
    const base = { amount: '1000', userAddress: TRADER.address, from: ETH, to: id(LUSD) }
    const cases: [Record<string, string>, RegExp][] = [
      [{ amount: '0' }, /^Invalid parameter 'amount'/],
      [{ amount: '-5' }, /^Invalid parameter 'amount'/],
      [{ amount: '1.5' }, /^Invalid parameter 'amount'/],
      [{ amount: 'abc' }, /^Invalid parameter 'amount'/],
      [{ amount: '9'.repeat(79) }, /^Invalid parameter 'amount'/],
      [{ userAddress: '0x123' }, /^Invalid parameter 'userAddress'/],
      [{ from: 'eip155:31337:0xnothex' }, /^Invalid parameter 'from'/],
      [{ to: ETH }, /^Invalid parameter 'to': must not be the token sold/],
      [{ to: `eip155:1:${LUSD}` }, /^Invalid parameter 'to': must be on the same chain as from/],
    ]
    for (const [change, expected] of cases) {
      expect(
        await refused(get('/v1/convert/quotes', { ...base, ...change })),
        JSON.stringify(change),
      ).toMatch(expected)
    }
    const body = { amount: '1000', from: ETH, to: id(LUSD), userAddress: TRADER.address }
    expect(
      await refused(post('/v1/convert/build-transaction', { ...body, eip155: { slippage: 80 } })),
    ).toMatch(/^Invalid parameter 'eip155.slippage'/)
    expect(
      await refused(
        get('/v1/convert/build-approve', {
          userAddress: TRADER.address,
          from: ETH,
          to: id(LUSD),
          amount: '1',
        }),
      ),
    ).toMatch(/^Invalid parameter 'from': the native coin needs no approval/)
  })

  it('answers 2,000 fuzzed requests with the exchange behind it: no 5xx, no stack trace', async () => {
    const report = await runFuzz({
      request: (url, init) => service.server.app.request(url, init),
      requests: 2_000,
      seed: 22,
      projectId: DEMO_PROJECT_ID,
    })
    // This server has no mail transport: its email login answers 502, as it should; the rest not.
    expect(report.serverErrors.filter((error) => !error.url.startsWith('/auth/v1/email'))).toEqual(
      [],
    )
    expect(report.leaks).toEqual([])
    const convert = report.operations.filter((operation) => operation.includes('/v1/convert/'))
    expect(convert).toHaveLength(6)
    for (const operation of convert) expect(report.perOperation[operation]).toBeGreaterThan(10)
  }, 120_000)
})
