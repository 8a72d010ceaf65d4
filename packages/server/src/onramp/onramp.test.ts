// The onramp sandbox against the real server and the devnet: quotes at the data API's prices,
// orders with their checkout page, test payments, and the treasury's payouts on anvil.
import {
  type Devnet,
  findFreePort,
  ONRAMP_TREASURY,
  ONRAMP_TREASURY_KEY,
  startDevnet,
} from '@latchkey/devnet'
import {
  type Address,
  createPublicClient,
  erc20Abi,
  formatUnits,
  http,
  type PublicClient,
  parseEther,
  parseUnits,
} from 'viem'
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts'
import { foundry } from 'viem/chains'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_PROJECT_ID, KNOWN_TOKENS } from '../constants.ts'
import { runFuzz } from '../fuzz/run.ts'
import { availableDatabases, startTestServer, type TestServer } from '../testing/databases.ts'

const LUSD = KNOWN_TOKENS[0].address as Address
const [database] = availableDatabases()
const NETWORK = 'eip155:31337'
const TEST_CARD = '4242 4242 4242 4242'
const freshAddress = () => privateKeyToAddress(generatePrivateKey())

interface Quote {
  paymentTotal: string
  paymentSubtotal: string
  fee: string
  purchaseAmount: string
  rate: number
}
interface Order {
  id: string
  status: string
  txHash: string | null
  failure: string | null
  purchaseAmount: string | null
  fee: string | null
  paymentTotal: string | null
}

describe('the onramp sandbox', () => {
  let devnet: Devnet
  let service: TestServer
  let node: PublicClient

  beforeAll(async () => {
    devnet = await startDevnet({ chains: [{ chainId: 31337, port: await findFreePort() }] })
    const rpcUrl = devnet.chains[0]?.rpcUrl ?? ''
    node = createPublicClient({ chain: foundry, transport: http(rpcUrl) })
    service = await startTestServer(database as NonNullable<typeof database>, {
      chains: [{ chainId: 31337, rpcUrl }],
      mode: 'development',
      onrampTreasuryKey: ONRAMP_TREASURY_KEY,
      rateLimit: { perAddress: { limit: 1_000_000, windowMs: 10_000 } },
    })
  })
  afterAll(async () => {
    await service?.stop()
    await devnet?.stop()
  })

  const api = (path: string, body?: unknown) =>
    service.request(`${path}?projectId=${DEMO_PROJECT_ID}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'content-type': 'application/json' },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    })
  async function ok<T>(response: Promise<Response>): Promise<T> {
    const answer = await response
    expect(answer.status, await answer.clone().text()).toBe(200)
    return (await answer.json()) as T
  }
  async function refused(response: Promise<Response>, status = 400) {
    const answer = await response
    expect(answer.status).toBe(status)
    return ((await answer.json()) as { error: string }).error
  }
  const quote = (body: Record<string, unknown>) =>
    api('/v1/onramp/quote', {
      purchaseCurrency: 'ETH',
      paymentCurrency: 'USD',
      network: NETWORK,
      ...body,
    })
  const order = (destination: Address, asset?: string) =>
    ok<{ url: string; orderId: string }>(
      api('/v1/generators/onrampurl', {
        destinationWallets: [{ address: destination, ...(asset && { assets: [asset] }) }],
        defaultNetwork: NETWORK,
        partnerUserId: 'visitor-1',
        presetFiatAmount: 100,
      }),
    )
  const checkout = (url: string, form?: Record<string, string>) =>
    fetch(url, form ? { method: 'POST', body: new URLSearchParams(form) } : {})
  const orderState = (id: string) => ok<Order>(api(`/v1/onramp/orders/${id}`))
  const lusdOf = (owner: Address) =>
    node.readContract({ address: LUSD, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })

  it("turns the project's onramp on in its config only where it runs (§1 default on)", async () => {
    const config = await ok<{ features: { onramp: boolean } }>(api('/appkit/v1/config'))
    expect(config.features.onramp).toBe(true)
  })

  it('offers ETH and lUSD on the chains it pays on, with both methods, their fees and limits', async () => {
    const options = await ok<{
      paymentMethods: { id: string; feePercent: number; limits: { min: number; max: number } }[]
      paymentCurrencies: { id: string }[]
      purchaseCurrencies: { symbol: string; network: string; price: number }[]
    }>(api('/v1/onramp/options'))
    expect(options.paymentMethods).toEqual([
      { id: 'card', name: 'Card', feePercent: 2, limits: { min: 10, max: 7500 } },
      { id: 'bank', name: 'Bank transfer', feePercent: 1, limits: { min: 10, max: 25_000 } },
    ])
    expect(options.paymentCurrencies).toEqual([{ id: 'USD' }, { id: 'EUR' }, { id: 'GBP' }])
    expect(options.purchaseCurrencies.map((c) => [c.symbol, c.network])).toEqual([
      ['ETH', NETWORK],
      ['lUSD', NETWORK],
    ])
    // The pools' prices, as the data API gives them.
    const eth = options.purchaseCurrencies[0]?.price ?? 0
    expect(eth).toBeGreaterThan(2900)
    expect(eth).toBeLessThan(3100)
  })

  it('quotes after the fee at the data API’s price, and refuses out of its limits', async () => {
    const card = await ok<Quote>(quote({ amount: '100' }))
    expect([card.paymentTotal, card.fee, card.paymentSubtotal]).toEqual(['100.00', '2.00', '98.00'])
    const expected = (98 / card.rate).toFixed(12)
    expect(Number(card.purchaseAmount).toFixed(12)).toBe(expected)
    const bank = await ok<Quote>(quote({ amount: '100', paymentMethod: 'bank' }))
    expect([bank.fee, bank.paymentSubtotal]).toEqual(['1.00', '99.00'])

    expect(await refused(quote({ amount: '9.99' }))).toBe('Amount must be between 10 and 7500 USD')
    expect(await refused(quote({ amount: '7500.01' }))).toBe(
      'Amount must be between 10 and 7500 USD',
    )
    await ok(quote({ amount: '7500.01', paymentMethod: 'bank' }))
    expect(await refused(quote({ amount: '25000.01', paymentMethod: 'bank' }))).toBe(
      'Amount must be between 10 and 25000 USD',
    )
    expect(await refused(quote({ amount: '100', paymentCurrency: 'JPY' }))).toBe(
      'Payment currency JPY is not supported',
    )
    expect(await refused(quote({ amount: '100', network: 'eip155:1' }))).toBe(
      'ETH on eip155:1 is not offered',
    )
    expect(await refused(quote({ amount: '100', purchaseCurrency: 'LKT' }))).toBe(
      'LKT on eip155:31337 is not offered',
    )
    expect(await refused(quote({ amount: '1e3' }))).toBe(
      'Amount must be a number with at most 2 decimals',
    )
  })

  it('pays an order once with the test card: the chain gets exactly what was quoted', async () => {
    const destination = freshAddress()
    const { url, orderId } = await order(destination)
    expect(url).toBe(`${service.server.url}/onramp/checkout/${orderId}`)
    expect((await orderState(orderId)).status).toBe('created')

    const page = await checkout(url)
    expect(page.status).toBe(200)
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'")
    expect(page.headers.get('x-frame-options')).toBe('DENY')
    const html = await page.text()
    expect(html).toContain(destination)
    expect(html).toContain('value="100.00"')
    expect(html).toMatch(/1 ETH = \$[\d,]+\.\d{2}/)

    const paid = await checkout(url, { amount: '100', method: 'card', card: TEST_CARD })
    expect(paid.status).toBe(200)
    const receipt = await paid.text()
    const hash = /data-testid="onramp-tx">(0x[0-9a-f]{64})</.exec(receipt)?.[1]
    expect(hash).toBeDefined()
    const state = await orderState(orderId)
    expect(state).toMatchObject({ status: 'completed', txHash: hash, fee: '2.00' })
    const balance = await node.getBalance({ address: destination })
    expect(formatUnits(balance, 18)).toBe(state.purchaseAmount)
    expect(balance).toBeGreaterThan(parseEther('0.03'))
    expect(receipt).toContain(`${state.purchaseAmount} ETH`)

    // A second "Pay" (a double click, a resent form) pays nothing more.
    const nonce = await node.getTransactionCount({ address: ONRAMP_TREASURY })
    const again = await checkout(url, { amount: '100', method: 'card', card: TEST_CARD })
    expect(again.status).toBe(200)
    expect(await node.getBalance({ address: destination })).toBe(balance)
    expect(await node.getTransactionCount({ address: ONRAMP_TREASURY })).toBe(nonce)
  })

  it('quotes and sells an amount given in crypto (presetCryptoAmount), by the method chosen before', async () => {
    const half = await ok<Quote>(quote({ purchaseAmount: '0.5', paymentMethod: 'bank' }))
    expect(Number(half.purchaseAmount)).toBeGreaterThanOrEqual(0.5)
    expect(Number(half.purchaseAmount)).toBeLessThan(0.5 + 0.011 / half.rate)
    // A cent less would not buy half an ether.
    const less = (Number(half.paymentTotal) - 0.01).toFixed(2)
    const short = await ok<Quote>(quote({ amount: less, paymentMethod: 'bank' }))
    expect(Number(short.purchaseAmount)).toBeLessThan(0.5)

    const destination = freshAddress()
    const { url, orderId } = await ok<{ url: string; orderId: string }>(
      api('/v1/generators/onrampurl', {
        destinationWallets: [{ address: destination }],
        defaultNetwork: NETWORK,
        presetCryptoAmount: 0.5,
        defaultPaymentMethod: 'bank',
      }),
    )
    const html = await (await checkout(url)).text()
    // The checkout starts with the total that buys it and the method the modal chose.
    expect(html).toContain(`value="${half.paymentTotal}"`)
    expect(html).toMatch(/value="bank" checked/)
    expect(html).not.toMatch(/value="card" checked/)
    const iban = 'DE89 3704 0044 0532 0130 00'
    await checkout(url, { amount: half.paymentTotal, method: 'bank', iban })
    expect(await orderState(orderId)).toMatchObject({ status: 'completed', fee: half.fee })
    expect(formatUnits(await node.getBalance({ address: destination }), 18)).toBe(
      half.purchaseAmount,
    )
  })

  it('sells in euros and pounds at the sandbox rates, with the limits counted in the currency paid', async () => {
    const usd = await ok<Quote>(quote({ amount: '100' }))
    const eur = await ok<Quote>(quote({ amount: '100', paymentCurrency: 'EUR' }))
    expect(eur.rate).toBeCloseTo(usd.rate * 0.92, 6)
    expect(eur.fee).toBe('2.00')
    expect(Number(eur.purchaseAmount)).toBeCloseTo(98 / eur.rate, 12)
    expect(await refused(quote({ amount: '7500.01', paymentCurrency: 'GBP' }))).toBe(
      'Amount must be between 10 and 7500 GBP',
    )

    const destination = freshAddress()
    const { url, orderId } = await ok<{ url: string; orderId: string }>(
      api('/v1/generators/onrampurl', {
        destinationWallets: [{ address: destination }],
        defaultNetwork: NETWORK,
        presetFiatAmount: 100,
        fiatCurrency: 'EUR',
      }),
    )
    const html = await (await checkout(url)).text()
    expect(html).toContain('Amount (EUR)')
    expect(html).toMatch(/1 ETH = €[\d,]+\.\d{2}/)
    expect(html).toContain('10 to 7500 EUR')
    const receipt = await (await checkout(url, { amount: '100', card: TEST_CARD })).text()
    expect(receipt).toContain('Paid €100.00 (fee €2.00)')
    expect(await orderState(orderId)).toMatchObject({
      status: 'completed',
      paymentCurrency: 'EUR',
      paymentTotal: '100.00',
    })
    expect(formatUnits(await node.getBalance({ address: destination }), 18)).toBe(
      eur.purchaseAmount,
    )
    expect(
      await refused(
        api('/v1/generators/onrampurl', {
          destinationWallets: [{ address: destination }],
          defaultNetwork: NETWORK,
          fiatCurrency: 'JPY',
        }),
      ),
    ).toContain('fiatCurrency')
  })

  it('refuses a crypto amount it cannot read, out of the limits, or with a fiat one', async () => {
    for (const bad of ['0', '-1', 'half', '0.1234567890123456789', '1e3']) {
      expect(await refused(quote({ purchaseAmount: bad }))).toBe(
        'purchaseAmount must be a positive amount of ETH with at most 18 decimals',
      )
    }
    expect(await refused(quote({ purchaseAmount: '10' }))).toBe(
      'Amount must be between 10 and 7500 USD',
    )
    expect(await refused(quote({ purchaseAmount: '1', amount: '100' }))).toContain(
      'give amount or purchaseAmount',
    )
    expect(await refused(quote({}))).toContain('give amount or purchaseAmount')
    const wallet = { address: freshAddress() }
    const url = (body: Record<string, unknown>) =>
      api('/v1/generators/onrampurl', {
        destinationWallets: [wallet],
        defaultNetwork: NETWORK,
        ...body,
      })
    expect(await refused(url({ presetCryptoAmount: 1, presetFiatAmount: 100 }))).toBe(
      'Give presetFiatAmount or presetCryptoAmount, not both',
    )
    expect(
      await refused(
        url({ presetCryptoAmount: 1e-7, destinationWallets: [{ ...wallet, assets: ['lUSD'] }] }),
      ),
    ).toBe('presetCryptoAmount must be a positive amount of lUSD with at most 6 decimals')
    expect(await refused(url({ defaultPaymentMethod: 'cash' }))).toContain('defaultPaymentMethod')
    // Too much to pay by card: the page says so and starts at $100.
    const { url: checkoutUrl } = await ok<{ url: string }>(url({ presetCryptoAmount: 10 }))
    const html = await (await checkout(checkoutUrl)).text()
    expect(html).toContain('Amount must be between 10 and 7500 USD')
    expect(html).toContain('value="100.00"')
    expect(html).toMatch(/value="card" checked/)
  })

  it('pays lUSD by bank transfer with the test IBAN', async () => {
    const destination = freshAddress()
    const { url, orderId } = await order(destination, 'lUSD')
    await checkout(url, { amount: '250', method: 'bank', iban: 'DE89 3704 0044 0532 0130 00' })
    expect(await orderState(orderId)).toMatchObject({ status: 'completed', fee: '2.50' })
    // $247.50 at lUSD's price of $1.
    expect(await lusdOf(destination)).toBe(parseUnits('247.5', 6))
  })

  it('a declined card fails the order and pays nothing; a card that is no test card is refused', async () => {
    const destination = freshAddress()
    const { url, orderId } = await order(destination)
    const wrong = await checkout(url, {
      amount: '100',
      method: 'card',
      card: '5555 5555 5555 4444',
    })
    expect(wrong.status).toBe(400)
    expect(await wrong.text()).toContain('only its test card 4242 4242 4242 4242')
    expect((await orderState(orderId)).status).toBe('created')
    const tooMuch = await checkout(url, { amount: '8000', method: 'card', card: TEST_CARD })
    expect(await tooMuch.text()).toContain('Amount must be between 10 and 7500 USD')

    const declined = await checkout(url, { amount: '100', card: '4000 0000 0000 0002' })
    expect(await declined.text()).toContain('Your card was declined.')
    expect(await orderState(orderId)).toMatchObject({
      status: 'failed',
      failure: 'Your card was declined.',
      txHash: null,
    })
    // A failed order stays failed: the test card now pays nothing.
    await checkout(url, { amount: '100', card: TEST_CARD })
    expect((await orderState(orderId)).status).toBe('failed')
    expect(await node.getBalance({ address: destination })).toBe(0n)
  })

  it('gives no checkout URL in a restricted timezone, nor for a bad wallet or network', async () => {
    const wallet = { address: freshAddress() }
    for (const timezone of ['Asia/Shanghai', 'Asia/Hong_Kong', 'Asia/Macau']) {
      expect(
        await refused(
          api('/v1/generators/onrampurl', {
            destinationWallets: [wallet],
            defaultNetwork: NETWORK,
            timezone,
          }),
          403,
        ),
      ).toBe('Buying crypto is not available in your region')
    }
    await ok(
      api('/v1/generators/onrampurl', {
        destinationWallets: [wallet],
        defaultNetwork: NETWORK,
        timezone: 'Asia/Tokyo',
      }),
    )
    expect(
      await refused(
        api('/v1/generators/onrampurl', {
          destinationWallets: [{ address: 'nope' }],
          defaultNetwork: NETWORK,
        }),
      ),
    ).toBe('destinationWallets[0].address must be an EVM address')
    expect(
      await refused(
        api('/v1/generators/onrampurl', {
          destinationWallets: [wallet],
          defaultNetwork: 'eip155:1',
        }),
      ),
    ).toBe('Network eip155:1 is not supported')
    expect(await refused(api('/v1/generators/onrampurl', { destinationWallets: [] }))).toContain(
      'destinationWallets',
    )
  })

  it('an order is read only by its project; an unknown one is not found', async () => {
    const { orderId, url } = await order(freshAddress())
    const other = await service.request(`/v1/onramp/orders/${orderId}?projectId=someone-else`)
    expect(other.status).toBe(403)
    const unknown = '00000000-0000-4000-8000-000000000000'
    expect(await refused(api(`/v1/onramp/orders/${unknown}`), 404)).toBe('Order not found')
    expect((await api('/v1/onramp/orders/not-an-id')).status).toBe(400)
    const page = await checkout(url.replace(orderId, unknown))
    expect(page.status).toBe(404)
    expect((await checkout(`${service.server.url}/onramp/checkout/..%2F..`)).status).toBe(404)
  })

  it('answers 2,000 fuzzed requests with the onramp behind it: no 5xx, no stack trace', async () => {
    const report = await runFuzz({
      request: (url, init) => service.server.app.request(url, init),
      requests: 2_000,
      seed: 23,
      projectId: DEMO_PROJECT_ID,
    })
    // This server has no mail transport: its email login answers 502, as it should; the rest not.
    expect(report.serverErrors.filter((error) => !error.url.startsWith('/auth/v1/email'))).toEqual(
      [],
    )
    expect(report.leaks).toEqual([])
    const onramp = report.operations.filter((o) => /\/v1\/(onramp|generators)\//.test(o))
    expect(onramp).toHaveLength(4)
    for (const operation of onramp) expect(report.perOperation[operation]).toBeGreaterThan(10)
  }, 120_000)
})
