// The onramp client against the real server's sandbox on the devnet: options, a quote, an order
// paid on the provider's checkout page, and the order's state as the modal polls it.
import { createPublicClient, formatEther, http } from 'viem'
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startOnrampStack } from '../testing/onrampStack.ts'
import { realClient } from '../testing/realServer.ts'
import { ApiError } from './api.ts'

describe('the onramp client on the sandbox provider', () => {
  let stack: Awaited<ReturnType<typeof startOnrampStack>>
  beforeAll(async () => {
    stack = await startOnrampStack()
  })
  afterAll(() => stack?.stop())

  it('lists options, quotes, makes an order, and sees it completed once paid', async () => {
    const { onramp } = realClient(stack.serverUrl)
    const options = await onramp.options()
    expect(options.paymentMethods.map((m) => m.id)).toEqual(['card', 'bank'])
    expect(options.purchaseCurrencies.map((a) => a.symbol)).toEqual(['ETH', 'lUSD'])

    const quote = await onramp.quote({
      purchaseCurrency: 'ETH',
      paymentCurrency: 'USD',
      amount: '50',
      network: 'eip155:31337',
    })
    expect(quote.fee).toBe('1.00')

    const destination = privateKeyToAddress(generatePrivateKey())
    const { url, orderId } = await onramp.checkoutUrl({
      destinationWallets: [{ address: destination }],
      defaultNetwork: 'eip155:31337',
      presetFiatAmount: 50,
      timezone: 'Europe/Berlin',
    })
    if (!orderId) throw new Error('the sandbox answered no order')
    expect(await onramp.order(orderId)).toMatchObject({ status: 'created', txHash: null })

    // The visitor pays on the provider's page (the popup).
    const paid = await fetch(url, {
      method: 'POST',
      body: new URLSearchParams({ amount: '50', method: 'card', card: '4242424242424242' }),
    })
    expect(paid.status).toBe(200)
    const order = await onramp.order(orderId)
    expect(order.status).toBe('completed')
    expect(order.purchaseAmount).toBe(quote.purchaseAmount)
    const node = createPublicClient({ transport: http(stack.rpcUrl) })
    expect(formatEther(await node.getBalance({ address: destination }))).toBe(quote.purchaseAmount)
  })

  it("keeps the service's reason: the limits, and the restricted region", async () => {
    const { onramp } = realClient(stack.serverUrl)
    const refused = await onramp
      .quote({
        purchaseCurrency: 'ETH',
        paymentCurrency: 'USD',
        amount: '5',
        network: 'eip155:31337',
      })
      .catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(ApiError)
    expect((refused as ApiError).reason).toBe('Amount must be between 10 and 7500 USD')
    const region = await onramp
      .checkoutUrl({
        destinationWallets: [{ address: privateKeyToAddress(generatePrivateKey()) }],
        defaultNetwork: 'eip155:31337',
        timezone: 'Asia/Hong_Kong',
      })
      .catch((error: unknown) => error)
    expect((region as ApiError).reason).toBe('Buying crypto is not available in your region')
    expect((region as ApiError).status).toBe(403)
  })
})
