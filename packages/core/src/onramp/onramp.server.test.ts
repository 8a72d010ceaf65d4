// The onramp controller over real stores, the real server's sandbox provider and the devnet:
// options of the active network, quotes, and an order followed until the chain has paid.
import { createPublicClient, formatEther, http } from 'viem'
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createStore } from 'zustand/vanilla'
import type { AccountState, ChainState } from '../appkitState.ts'
import type { AppKitEventName } from '../events.ts'
import { localChainA, localChainB, withRpcUrl } from '../networks.ts'
import { createToastController } from '../router/toast.ts'
import { startOnrampStack } from '../testing/onrampStack.ts'
import { manualClock, realClient } from '../testing/realServer.ts'
import { createOnrampController } from './onramp.ts'
import { type CheckoutWindow, OnrampText } from './onrampContext.ts'
import { initialOnrampState, type OnrampState } from './onrampState.ts'

let stack: Awaited<ReturnType<typeof startOnrampStack>>
beforeAll(async () => {
  stack = await startOnrampStack()
})
afterAll(() => stack?.stop())

/** The popup as the visitor uses it: once the checkout URL arrives, they pay (or close it). */
function checkoutWindow(pay: ((url: string) => Promise<void>) | 'close') {
  const popup: CheckoutWindow & { paid?: Promise<void> } = {
    closed: false,
    opener: 'the app',
    close() {
      popup.closed = true
    },
    location: {
      set href(url: string) {
        if (pay === 'close') popup.closed = true
        else popup.paid = pay(url)
      },
      get href() {
        return ''
      },
    },
  }
  return popup
}
const payWith = (form: Record<string, string>) => async (url: string) => {
  await fetch(url, { method: 'POST', body: new URLSearchParams(form) })
}

function setup(network = withRpcUrl(localChainA, ''), timezone = 'Europe/Berlin') {
  const address = privateKeyToAddress(generatePrivateKey())
  const account = createStore<AccountState>(() => ({
    status: 'connected',
    address,
    namespace: 'eip155',
    balanceLoading: false,
  }))
  const chain = createStore<ChainState>(() => ({
    networks: [network],
    activeCaipNetwork: network,
    activeNamespace: 'eip155',
    unsupported: false,
  }))
  const onramp = createStore<OnrampState>(initialOnrampState)
  const toast = createToastController(manualClock())
  const events: AppKitEventName[] = []
  let refreshed = 0
  const controller = createOnrampController({
    stores: { account, chain, onramp },
    onramp: async () => realClient(stack.serverUrl).onramp,
    refreshPortfolio: async () => {
      refreshed++
    },
    toast,
    track: (event: AppKitEventName, ..._properties: unknown[]) => events.push(event),
    log: () => undefined,
    timezone: () => timezone,
    balances: (owner, caip2) =>
      realClient(stack.serverUrl).getBalances(owner, caip2, { forceUpdate: true }),
  })
  return { address, controller, onramp, toast: toast.store, events, refreshed: () => refreshed }
}

const ended = (onramp: ReturnType<typeof setup>['onramp']) =>
  new Promise<OnrampState>((resolve) => {
    const stop = onramp.subscribe((state) => {
      if (state.status === 'completed' || state.status === 'failed') {
        stop()
        resolve(state)
      }
    })
  })

describe('onramp controller on the sandbox provider', () => {
  it('buys ETH: quote, checkout, the order followed until paid; toast and fresh balances', async () => {
    const { address, controller, onramp, toast, events, refreshed } = setup()
    await controller.load()
    expect(onramp.getState().options?.purchaseCurrencies.map((a) => a.symbol)).toEqual([
      'ETH',
      'lUSD',
    ])
    expect(onramp.getState().asset).toBe('ETH')
    onramp.setState({ amount: '200' })
    await controller.refreshQuote()
    const quote = onramp.getState().quote
    expect(quote?.fee).toBe('4.00')

    const popup = checkoutWindow(
      payWith({ amount: '200', method: 'card', card: '4242424242424242' }),
    )
    const done = ended(onramp)
    expect(await controller.buy(popup)).toBe(true)
    expect(onramp.getState().status).toBe('buying')
    const state = await done
    expect(state.status).toBe('completed')
    expect(state.order?.txHash).toMatch(/^0x[0-9a-f]{64}$/)
    const node = createPublicClient({ transport: http(stack.rpcUrl) })
    expect(formatEther(await node.getBalance({ address }))).toBe(quote?.purchaseAmount)
    expect(toast.getState()).toMatchObject({
      variant: 'success',
      message: `Bought ${quote?.purchaseAmount} ETH`,
    })
    // The provider's page keeps its receipt; it never had a handle on the app's page.
    expect(popup.closed).toBe(false)
    expect(popup.opener).toBeNull()
    expect(refreshed()).toBe(1)
    expect(events).toEqual(['ONRAMP_INITIATED', 'ONRAMP_SUCCESS'])
  })

  it('buys an amount of ETH: the quote says what it costs; the checkout starts there, with the method chosen', async () => {
    const { address, controller, onramp } = setup()
    await controller.load()
    controller.selectMethod('bank')
    controller.toggleAmountIn()
    expect(onramp.getState()).toMatchObject({ amountIn: 'crypto', amount: '' })
    onramp.setState({ amount: '0.5' })
    await controller.refreshQuote()
    const quote = onramp.getState().quote
    expect(Number(quote?.purchaseAmount)).toBeGreaterThanOrEqual(0.5)
    expect(Number(quote?.paymentTotal)).toBeCloseTo((0.5 * (quote?.rate ?? 0)) / 0.99, 1)

    let page = ''
    const popup = checkoutWindow(async (url) => {
      page = await (await fetch(url)).text()
      await payWith({
        amount: quote?.paymentTotal ?? '',
        method: 'bank',
        iban: 'DE89370400440532013000',
      })(url)
    })
    const done = ended(onramp)
    expect(await controller.buy(popup)).toBe(true)
    expect((await done).status).toBe('completed')
    expect(page).toContain(`value="${quote?.paymentTotal}"`)
    expect(page).toMatch(/value="bank" checked/)
    const node = createPublicClient({ transport: http(stack.rpcUrl) })
    expect(formatEther(await node.getBalance({ address }))).toBe(quote?.purchaseAmount)

    // Back to fiat: the amount is what that quote cost.
    controller.reset()
    await controller.refreshQuote()
    controller.toggleAmountIn()
    expect(onramp.getState()).toMatchObject({ amountIn: 'fiat', amount: quote?.paymentTotal })
  })

  it('pays in euros: the quote at the euro price, limits in euros, the checkout in euros', async () => {
    const { controller, onramp } = setup()
    await controller.load()
    expect(onramp.getState().options?.paymentCurrencies).toEqual(['USD', 'EUR', 'GBP'])
    onramp.setState({ amount: '100' })
    await controller.refreshQuote()
    const usdRate = onramp.getState().quote?.rate ?? 0
    controller.selectCurrency('EUR')
    await controller.refreshQuote()
    expect(onramp.getState().quote?.rate).toBeCloseTo(usdRate * 0.92, 6)
    onramp.setState({ amount: '5' })
    await controller.refreshQuote()
    expect(onramp.getState().error).toBe('Enter an amount between 10 and 7500 EUR')
    // Typed in Persian digits: the form keeps Latin ones, and the quote is for that amount.
    controller.setAmount('۱۰۰')
    expect(onramp.getState().amount).toBe('100')
    await controller.refreshQuote()
    expect(onramp.getState().error).toBeUndefined()

    onramp.setState({ amount: '100' })
    let page = ''
    const done = ended(onramp)
    await controller.buy(
      checkoutWindow(async (url) => {
        page = await (await fetch(url)).text()
        await payWith({ amount: '100', card: '4242424242424242' })(url)
      }),
    )
    expect((await done).status).toBe('completed')
    expect(page).toContain('Amount (EUR)')
    // Another network keeps the currency chosen.
    onramp.setState({ network: undefined })
    await controller.load()
    expect(onramp.getState().currency).toBe('EUR')
  })

  it('refuses a crypto amount that is no amount of the asset before asking', async () => {
    const { controller, onramp } = setup()
    await controller.load()
    controller.toggleAmountIn()
    for (const amount of ['0', 'half', '0.1234567890123456789', '-1']) {
      onramp.setState({ amount })
      await controller.refreshQuote()
      expect(onramp.getState()).toMatchObject({
        quote: undefined,
        error: 'Enter an amount of ETH with at most 18 decimals',
      })
    }
    // The limits are the provider's to check: 10 ETH is more than a card may pay.
    onramp.setState({ amount: '10' })
    await controller.refreshQuote()
    expect(onramp.getState().error).toBe('Amount must be between 10 and 7500 USD')
  })

  it("a declined card ends in the provider's reason; Try again goes back to the form", async () => {
    const { controller, onramp, events } = setup()
    await controller.load()
    onramp.setState({ amount: '50' })
    const done = ended(onramp)
    await controller.buy(checkoutWindow(payWith({ amount: '50', card: '4000000000000002' })))
    expect(await done).toMatchObject({ status: 'failed', error: 'Your card was declined.' })
    expect(events).toContain('ONRAMP_ERROR')
    controller.reset()
    expect(onramp.getState()).toMatchObject({
      status: 'editing',
      order: undefined,
      error: undefined,
    })
  })

  it('a checkout window closed before paying ends the wait with a clear message', async () => {
    const { controller, onramp } = setup()
    await controller.load()
    onramp.setState({ amount: '50' })
    const done = ended(onramp)
    await controller.buy(checkoutWindow('close'))
    expect(await done).toMatchObject({ status: 'failed', error: OnrampText.popupClosed })
  })

  it('refuses amounts out of the limits before asking, and a blocked popup', async () => {
    const { controller, onramp } = setup()
    await controller.load()
    onramp.setState({ amount: '5' })
    await controller.refreshQuote()
    expect(onramp.getState()).toMatchObject({
      quote: undefined,
      error: 'Enter an amount between 10 and 7500 USD',
    })
    controller.selectMethod('bank')
    onramp.setState({ amount: '20000' })
    await controller.refreshQuote()
    expect(onramp.getState().quote?.fee).toBe('200.00')
    expect(await controller.buy(null)).toBe(false)
    expect(onramp.getState().error).toBe(OnrampText.popupBlocked)
  })

  it("passes the visitor's timezone: from a restricted region there is no checkout", async () => {
    const { controller, onramp } = setup(undefined, 'Asia/Shanghai')
    await controller.load()
    onramp.setState({ amount: '50' })
    const popup = checkoutWindow(payWith({}))
    expect(await controller.buy(popup)).toBe(false)
    expect(onramp.getState()).toMatchObject({
      status: 'editing',
      error: 'Buying crypto is not available in your region',
    })
    expect(popup.closed).toBe(true)
    expect(popup.paid).toBeUndefined()
  })

  it('says so on a network the provider does not sell on', async () => {
    const { controller, onramp } = setup(withRpcUrl(localChainB, ''))
    await controller.load()
    expect(onramp.getState()).toMatchObject({ asset: undefined, error: OnrampText.notOffered })
  })

  it("buys from a configured provider's hosted checkout: no order, the balance says it arrived", async () => {
    const { address, controller, onramp, toast, events } = setup()
    await controller.load()
    expect(onramp.getState().options?.providers.map((p) => [p.id, p.quotes])).toEqual([
      ['sandbox', true],
      ['sandbox-hosted', false],
    ])
    onramp.setState({ amount: '100', currency: 'EUR' })
    let opened = ''
    const popup = checkoutWindow(async (url) => {
      opened = url
      // The provider's page made its own order: pay what it asks.
      const page = await fetch(url)
      const amount = /name="amount"[^>]*value="([\d.]+)"/.exec(await page.text())?.[1] ?? ''
      await fetch(page.url, {
        method: 'POST',
        body: new URLSearchParams({ amount, method: 'card', card: '4242424242424242' }),
      })
    })
    const done = ended(onramp)
    expect(await controller.buy(popup, 'sandbox-hosted')).toBe(true)
    const state = await done
    expect(new URL(opened).searchParams.get('amount')).toBe('100')
    expect(new URL(opened).searchParams.get('currency')).toBe('EUR')
    expect(state).toMatchObject({
      status: 'completed',
      provider: 'sandbox-hosted',
      order: undefined,
    })
    const node = createPublicClient({ transport: http(stack.rpcUrl) })
    expect(state.purchased).toBe(formatEther(await node.getBalance({ address })))
    expect(toast.getState().message).toBe(`Bought ${state.purchased} ETH`)
    expect(events).toEqual(['ONRAMP_INITIATED', 'ONRAMP_SUCCESS'])
  })

  it('keeps following a hosted checkout whose window closed, until the visitor stops', async () => {
    const { controller, onramp } = setup()
    await controller.load()
    onramp.setState({ amount: '50' })
    const closed = new Promise<void>((resolve) => {
      const stop = onramp.subscribe((state) => {
        if (state.windowClosed) {
          stop()
          resolve()
        }
      })
    })
    expect(await controller.buy(checkoutWindow('close'), 'sandbox-hosted')).toBe(true)
    await closed
    // A provider may still send what was paid: the view waits for it, not fails.
    expect(onramp.getState()).toMatchObject({ status: 'buying', error: undefined })
    controller.reset()
    expect(onramp.getState()).toMatchObject({ status: 'editing', windowClosed: false })
  })
})
