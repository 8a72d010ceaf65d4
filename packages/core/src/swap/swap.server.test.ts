// The swap controller against the real server's convert API and the devnet's exchange (Uniswap
// V2 on anvil), swapping for real with a devnet key.
import { EXCHANGE_ADDRESSES, routerAbi } from '@latchkey/devnet'
import { decodeFunctionData, erc20Abi, parseEther, parseUnits } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ConvertApi } from '../api/convert.ts'
import { ErrorText } from '../errors.ts'
import { formatAmount } from '../format.ts'
import { defineNetwork, withRpcUrl } from '../networks.ts'
import { AmountText } from '../send/sendAmount.ts'
import { realClient } from '../testing/realServer.ts'
import {
  caip10,
  ETH,
  keyWallet,
  LKT,
  LUSD,
  setupSwap,
  startSwapStack,
} from '../testing/swapSetup.ts'
import { minimumReceived, swapNetworkFee } from './swapForm.ts'
import { swapErrorText } from './swapSupport.ts'

/** The preview's network fee is an estimate: within a quarter of the gas the swap used */
const expectNear = (used: bigint, estimated: bigint) => {
  expect(Number(used)).toBeGreaterThan(Number(estimated) * 0.75)
  expect(Number(used)).toBeLessThan(Number(estimated) * 1.25)
}

let stack: Awaited<ReturnType<typeof startSwapStack>>
beforeAll(async () => {
  stack = await startSwapStack()
})
afterAll(async () => {
  await stack?.stop()
})

/** A form with tokens loaded and a quote for `amount` of `sell` into `buy` */
async function quoted(accountIndex: number, sell: string, buy: string, amount: string) {
  const wallet = keyWallet(stack.rpcUrl, accountIndex)
  const setup = setupSwap({
    serverUrl: stack.serverUrl,
    network: stack.network,
    address: wallet.address,
    engine: wallet.engine,
  })
  await Promise.all([setup.controller.load(), setup.refreshPortfolio()])
  setup.controller.selectToken('sell', sell)
  setup.controller.selectToken('buy', buy)
  setup.swap.setState({ amount })
  await setup.controller.refreshQuote()
  return { ...setup, wallet }
}

const routerQuote = (amount: bigint, path: `0x${string}`[]) =>
  stack.node.readContract({
    address: EXCHANGE_ADDRESSES.router,
    abi: routerAbi,
    functionName: 'getAmountsOut',
    args: [amount, path],
  })
const tokenBalance = (token: `0x${string}`, owner: `0x${string}`) =>
  stack.node.readContract({
    address: token,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [owner],
  })

describe('swap controller on the devnet exchange', () => {
  it('loads the chain’s tokens, the native coin sold first, and quotes what the router computes', async () => {
    const { swap } = await quoted(1, ETH, caip10(LUSD), '1')
    const state = swap.getState()
    expect(state.tokens.map((t) => t.symbol)).toEqual(
      expect.arrayContaining(['ETH', 'lUSD', 'LKT']),
    )
    expect(state.sell).toBe(ETH)
    expect(state.gasPrice?.standard).toBeGreaterThan(0n)
    const amounts = await routerQuote(parseEther('1'), [EXCHANGE_ADDRESSES.weth, LUSD])
    expect(state.quote?.toAmount).toBe(amounts.at(-1))
    expect(state.quote?.priceImpact).toBeLessThan(1)
    expect(state.error).toBeUndefined()
  })

  it('swaps ETH for lUSD without an approval; the chain pays at least the minimum shown', async () => {
    const { controller, swap, portfolio, wallet, toast, events } = await quoted(
      2,
      ETH,
      caip10(LUSD),
      '1',
    )
    const quote = swap.getState().quote
    if (!quote) throw new Error('no quote')
    const before = await tokenBalance(LUSD, wallet.address)

    expect(await controller.swap()).toBe(true)

    expect(wallet.sent).toHaveLength(1)
    const call = decodeFunctionData({ abi: routerAbi, data: wallet.sent[0]?.data ?? '0x' })
    expect(call.functionName).toBe('swapExactETHForTokens')
    expect(call.args[0]).toBe(minimumReceived(quote.toAmount, 1))
    expect(wallet.sent[0]?.value).toBe(parseEther('1'))
    const gained = (await tokenBalance(LUSD, wallet.address)) - before
    expect(gained).toBeGreaterThanOrEqual(minimumReceived(quote.toAmount, 1))
    expect(gained).toBe(quote.toAmount)
    const state = swap.getState()
    expect(state).toMatchObject({ status: 'swapped', amount: '', quote: undefined })
    const receipt = await stack.node.getTransactionReceipt({ hash: state.hash as `0x${string}` })
    expect(receipt.status).toBe('success')
    expectNear(receipt.gasUsed, swapNetworkFee(1n, quote.path.length))
    // One activity entry with both legs, at once.
    const entry = portfolio.getState().transactions[0]
    expect(entry?.metadata).toMatchObject({
      hash: state.hash,
      operationType: 'trade',
      status: 'pending',
    })
    expect(
      entry?.transfers.map((t) => [t.direction, t.fungible_info?.symbol, t.quantity.numeric]),
    ).toEqual([
      ['out', 'ETH', '1'],
      ['in', 'lUSD', String(Number(quote.toAmount) / 1e6)],
    ])
    // Amounts as balances show them: 3 decimals, floored (lUSD has 6).
    expect(toast.getState()).toMatchObject({
      variant: 'success',
      message: `Swapped 1 ETH for ${formatAmount(quote.toAmount, 6)} lUSD`,
    })
    expect(toast.getState().message).toMatch(/^Swapped 1 ETH for \d+(\.\d{1,3})? lUSD$/)
    expect(events.map((e) => e.event)).toEqual(['OPEN_SWAP', 'INITIATE_SWAP', 'SWAP_SUCCESS'])
  })

  it('approves exactly the amount of lUSD, then swaps it for LKT through the pools', async () => {
    const { controller, swap, wallet, events } = await quoted(3, caip10(LUSD), caip10(LKT), '250.5')
    const quote = swap.getState().quote
    if (!quote) throw new Error('no quote')
    const lktBefore = await tokenBalance(LKT, wallet.address)

    expect(await controller.swap()).toBe(true)

    expect(wallet.sent.map((tx) => tx.to.toLowerCase())).toEqual([
      LUSD.toLowerCase(),
      EXCHANGE_ADDRESSES.router.toLowerCase(),
    ])
    const approve = decodeFunctionData({ abi: erc20Abi, data: wallet.sent[0]?.data ?? '0x' })
    expect(approve.functionName).toBe('approve')
    expect(approve.args).toEqual([EXCHANGE_ADDRESSES.router, parseUnits('250.5', 6)])
    expect(await tokenBalance(LKT, wallet.address)).toBe(lktBefore + quote.toAmount)
    const swapped = swap.getState().hash as `0x${string}`
    const { gasUsed } = await stack.node.getTransactionReceipt({ hash: swapped })
    expectNear(gasUsed, swapNetworkFee(1n, quote.path.length))
    expect(events.map((e) => e.event)).toContain('SWAP_APPROVAL_SUCCESS')

    // The allowance was used up by the swap: the next one asks again, and no more than it needs.
    await controller.load()
    swap.setState({ amount: '1' })
    await controller.refreshQuote()
    const swappedAgain = await controller.swap()
    expect(swappedAgain, `not swapped: ${describeSwapState(swap.getState())}`).toBe(true)
    const again = decodeFunctionData({ abi: erc20Abi, data: wallet.sent[2]?.data ?? '0x' })
    expect(again.args).toEqual([EXCHANGE_ADDRESSES.router, parseUnits('1', 6)])
  })

  it("says 'Insufficient liquidity' for a trade the pools cannot fill", async () => {
    const { swap } = await quoted(4, caip10(LUSD), ETH, '1000000')
    expect(swap.getState()).toMatchObject({ quote: undefined, error: 'Insufficient liquidity' })
    expect(ErrorText.insufficientLiquidity).toBe('Insufficient liquidity')
  })

  it('quotes more than the balance but refuses to swap it', async () => {
    const { controller, swap, wallet } = await quoted(4, caip10(LKT), ETH, '5000')
    expect(swap.getState().error).toBe(AmountText.exceedsBalance)
    swap.setState({ error: undefined })
    expect(await controller.swap()).toBe(false)
    expect(swap.getState().error).toBe(AmountText.exceedsBalance)
    expect(wallet.sent).toHaveLength(0)
  })

  it("keeps the form when the wallet refuses, and says the wallet's words", async () => {
    const refusing = Object.assign(new Error('User rejected the request.'), { code: 4001 })
    const setup = setupSwap({
      serverUrl: stack.serverUrl,
      network: stack.network,
      address: keyWallet(stack.rpcUrl, 5).address,
      engine: {
        sendTransaction: async () => {
          throw refusing
        },
        waitForTransaction: async () => 'success',
      },
    })
    await Promise.all([setup.controller.load(), setup.refreshPortfolio()])
    setup.controller.selectToken('buy', caip10(LKT))
    setup.swap.setState({ amount: '0.5' })
    await setup.controller.refreshQuote()
    const quote = setup.swap.getState().quote
    expect(quote).toBeDefined()
    expect(await setup.controller.swap()).toBe(false)
    expect(setup.swap.getState()).toMatchObject({
      status: 'editing',
      amount: '0.5',
      quote,
      error: ErrorText.userRejected,
    })
    expect(setup.toast.getState()).toMatchObject({ variant: 'error' })
    expect(setup.events.map((e) => e.event)).toEqual(['OPEN_SWAP', 'INITIATE_SWAP', 'SWAP_ERROR'])
  })

  it("fails with the chain's reason when the price moved past the slippage before the swap was sent", async () => {
    const trader = keyWallet(stack.rpcUrl, 6)
    const whale = keyWallet(stack.rpcUrl, 7)
    const send = trader.engine.sendTransaction as NonNullable<typeof trader.engine.sendTransaction>
    // The wallet sends the built swap only after someone else's big trade in the same pool.
    const engine = {
      ...trader.engine,
      async sendTransaction(request: Parameters<typeof send>[0]) {
        const big = setupSwap({
          serverUrl: stack.serverUrl,
          network: stack.network,
          address: whale.address,
          engine: whale.engine,
        })
        await Promise.all([big.controller.load(), big.refreshPortfolio()])
        big.controller.selectToken('buy', caip10(LUSD))
        big.swap.setState({ amount: '20' })
        await big.controller.refreshQuote()
        const moved = await big.controller.swap()
        expect(moved, `the big trade failed: ${describeSwapState(big.swap.getState())}`).toBe(true)
        return send(request)
      },
    }
    const setup = setupSwap({
      serverUrl: stack.serverUrl,
      network: stack.network,
      address: trader.address,
      engine,
    })
    await Promise.all([setup.controller.load(), setup.refreshPortfolio()])
    setup.controller.selectToken('buy', caip10(LUSD))
    setup.swap.setState({ amount: '1' })
    await setup.controller.refreshQuote()
    const lusdBefore = await tokenBalance(LUSD, trader.address)
    expect(await setup.controller.swap()).toBe(false)
    expect(setup.swap.getState()).toMatchObject({ status: 'editing', amount: '1' })
    expect(setup.swap.getState().error, describeSwapState(setup.swap.getState())).toMatch(
      /INSUFFICIENT_OUTPUT_AMOUNT/,
    )
    expect(await tokenBalance(LUSD, trader.address)).toBe(lusdBefore)
  })

  it("says 'Network not supported for Swaps' / '… for Gas Price' where the service has no exchange", async () => {
    const network = (id: number) =>
      withRpcUrl(
        defineNetwork({
          id,
          name: `Chain ${id}`,
          nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
          rpcUrls: { default: { http: [stack.rpcUrl] } },
        }),
        stack.rpcUrl,
      )
    let asked = 0
    const setupOn = (id: number) =>
      setupSwap({
        serverUrl: stack.serverUrl,
        network: network(id),
        address: keyWallet(stack.rpcUrl, 1).address,
        engine: {},
        convert: (api): ConvertApi => ({
          ...api,
          tokens: (chainId) => {
            asked++
            return api.tokens(chainId)
          },
        }),
      })
    // Base is one of the 12: the service is asked, and it has no exchange there.
    const base = setupOn(8453)
    await base.controller.load()
    expect(base.swap.getState()).toMatchObject({
      tokens: [],
      tokensLoading: false,
      error: 'Network not supported for Swaps',
    })
    expect(asked).toBe(1)
    const gasPrice = await realClient(stack.serverUrl)
      .convert.gasPrice('eip155:8453')
      .catch((error: unknown) => error)
    expect(swapErrorText(gasPrice)).toBe('Network not supported for Gas Price')
    // A network outside the 12 (an app opened Swap there): said without asking.
    const sepolia = setupOn(11155111)
    await sepolia.controller.load()
    expect(sepolia.swap.getState().error).toBe('Network not supported for Swaps')
    expect(asked).toBe(1)
  })

  it('asks one quote after a burst of typing, and drops an answer to an older form', async () => {
    let quotes = 0
    const wallet = keyWallet(stack.rpcUrl, 1)
    const setup = setupSwap({
      serverUrl: stack.serverUrl,
      network: stack.network,
      address: wallet.address,
      engine: wallet.engine,
      convert: (api): ConvertApi => ({
        ...api,
        quote: (trade) => {
          quotes++
          return api.quote(trade)
        },
      }),
    })
    await Promise.all([setup.controller.load(), setup.refreshPortfolio()])
    // The last keystrokes in Persian digits: the form keeps them as Latin ones.
    for (const typed of ['0', '0.', '0.2', '۰٫۲۵']) setup.controller.setAmount(typed)
    await expect.poll(() => setup.swap.getState().quote?.fromAmount).toBe(parseEther('0.25'))
    expect(setup.swap.getState().amount).toBe('0.25')
    expect(quotes).toBe(1)

    // Two asks in flight: only the later form's answer is kept.
    setup.swap.setState({ amount: '0.1' })
    const first = setup.controller.refreshQuote()
    setup.swap.setState({ amount: '0.3' })
    await Promise.all([first, setup.controller.refreshQuote()])
    expect(setup.swap.getState().quote?.fromAmount).toBe(parseEther('0.3'))
    setup.controller.reset()
  })
})

/** What a failed expectation prints: the form's state without its token list */
function describeSwapState(state: ReturnType<ReturnType<typeof setupSwap>['swap']['getState']>) {
  const { tokens: _tokens, ...rest } = state
  return JSON.stringify(rest, (_key, value) => (typeof value === 'bigint' ? String(value) : value))
}
