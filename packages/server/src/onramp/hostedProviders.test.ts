// Providers plugged in by configuration: the checks at start, the URL they are given, and the
// whole path through the real server, with the sandbox standing in as a hosted checkout.
import { type Devnet, findFreePort, ONRAMP_TREASURY_KEY, startDevnet } from '@latchkey/devnet'
import { createPublicClient, http, parseEther } from 'viem'
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts'
import { foundry } from 'viem/chains'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_PROJECT_ID } from '../constants.ts'
import { availableDatabases, startTestServer, type TestServer } from '../testing/databases.ts'
import {
  hostedCheckoutUrl,
  parseHostedProviders,
  SANDBOX_HOSTED_PROVIDER,
} from './hostedProviders.ts'

const [database] = availableDatabases()
const NETWORK = 'eip155:31337'
const MOONPAY = {
  id: 'moonpay',
  name: 'MoonPay',
  url: 'https://buy.example.com/?walletAddress={address}&currencyCode={asset}&baseCurrencyAmount={amount}&baseCurrencyCode={currency}',
}

describe('configured onramp providers', () => {
  it('are checked at start, each problem named', () => {
    expect(parseHostedProviders([MOONPAY], true)).toEqual([MOONPAY])
    const refusal = (value: unknown, httpsOnly = true) => {
      try {
        parseHostedProviders(value, httpsOnly)
        return 'accepted'
      } catch (error) {
        return (error as Error).message
      }
    }
    expect(refusal({})).toBe(
      'ONRAMP_PROVIDERS: (the list) Invalid input: expected array, received object',
    )
    expect(refusal([{ ...MOONPAY, url: 'https://x.example/?a={wallet}' }])).toBe(
      'ONRAMP_PROVIDERS: 0.url has an unknown placeholder {wallet} (known: {address}, {network}, {chainId}, {asset}, {amount}, {cryptoAmount}, {currency}, {projectId})',
    )
    expect(refusal([{ ...MOONPAY, url: 'http://buy.example.com/' }], false)).toBe(
      'ONRAMP_PROVIDERS: 0.url must be an https URL (http only on this machine: localhost or 127.0.0.1)',
    )
    expect(refusal([{ ...MOONPAY, url: 'http://127.0.0.1:4000/?a={address}' }], true)).toBe(
      'ONRAMP_PROVIDERS: 0.url must be an https URL',
    )
    expect(refusal([{ ...MOONPAY, url: 'javascript:alert(1)' }], false)).toBe(
      'ONRAMP_PROVIDERS: 0.url must be an https URL',
    )
    expect(refusal([{ ...MOONPAY, id: 'sandbox' }])).toBe(
      'ONRAMP_PROVIDERS: 0.id sandbox is the built-in provider’s id',
    )
    expect(refusal([MOONPAY, MOONPAY])).toBe('ONRAMP_PROVIDERS: the id moonpay is given twice')
    expect(refusal([{ ...MOONPAY, networks: ['mainnet'] }])).toBe(
      'ONRAMP_PROVIDERS: 0.networks.0 must be a CAIP-2 id',
    )
    expect(refusal([{ ...MOONPAY, fee: 2 }])).toBe('ONRAMP_PROVIDERS: 0 Unrecognized key: "fee"')
    expect(
      parseHostedProviders([{ ...MOONPAY, url: 'http://localhost:4000/' }], false),
    ).toHaveLength(1)
  })

  it('may be a page of this server (the sandbox’s hosted one), in development only', () => {
    expect(parseHostedProviders([SANDBOX_HOSTED_PROVIDER], false)).toHaveLength(1)
    expect(() => parseHostedProviders([SANDBOX_HOSTED_PROVIDER], true)).toThrow(
      'ONRAMP_PROVIDERS: 0.url must be an https URL',
    )
    expect(
      hostedCheckoutUrl(
        SANDBOX_HOSTED_PROVIDER,
        { projectId: 'p 1', address: '0xA' },
        'http://127.0.0.1:4000',
      ),
    ).toBe(
      'http://127.0.0.1:4000/onramp/hosted?projectId=p%201&address=0xA&network=&asset=&amount=&cryptoAmount=&currency=',
    )
  })

  it('get each field URL-encoded in its placeholder, and nothing for one not given', () => {
    const url = hostedCheckoutUrl(
      MOONPAY,
      { address: '0xAbC', asset: 'USD&C=1', currency: 'EUR' },
      'http://127.0.0.1:4000',
    )
    expect(url).toBe(
      'https://buy.example.com/?walletAddress=0xAbC&currencyCode=USD%26C%3D1&baseCurrencyAmount=&baseCurrencyCode=EUR',
    )
  })

  it('refuse to start a production server with a checkout that is not https', async () => {
    const message = await startTestServer(database as NonNullable<typeof database>, {
      mode: 'production',
      publicUrl: 'https://api.shop.example',
      frameOrigins: ['https://wallet.shop.example'],
      mail: { host: '127.0.0.1', port: 1 },
      onrampProviders: [{ ...MOONPAY, url: 'http://127.0.0.1:1/?a={address}' }],
    }).then(
      async (service) => {
        await service.stop()
        return 'started'
      },
      (error: Error) => error.message,
    )
    expect(message).toBe('ONRAMP_PROVIDERS: 0.url must be an https URL')
  })
})

describe('a configured provider on the server', () => {
  let devnet: Devnet
  let withSandbox: TestServer
  let alone: TestServer
  let rpcUrl: string
  const api = (service: TestServer, path: string, body?: unknown) =>
    service.request(`${path}?projectId=${DEMO_PROJECT_ID}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'content-type': 'application/json' },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    })
  const urlOf = (service: TestServer, provider: string, body: Record<string, unknown> = {}) =>
    api(service, '/v1/generators/onrampurl', {
      provider,
      destinationWallets: [
        { address: body.address ?? privateKeyToAddress(generatePrivateKey()), assets: ['ETH'] },
      ],
      defaultNetwork: NETWORK,
      presetFiatAmount: 100,
      fiatCurrency: 'EUR',
      ...body,
    })

  beforeAll(async () => {
    devnet = await startDevnet({ chains: [{ chainId: 31337, port: await findFreePort() }] })
    rpcUrl = devnet.chains[0]?.rpcUrl ?? ''
    const hosted = { ...SANDBOX_HOSTED_PROVIDER, networks: [NETWORK] }
    const common = { chains: [{ chainId: 31337, rpcUrl }], mode: 'development' as const }
    withSandbox = await startTestServer(database as NonNullable<typeof database>, {
      ...common,
      onrampTreasuryKey: ONRAMP_TREASURY_KEY,
      onrampProviders: [hosted],
    })
    alone = await startTestServer(database as NonNullable<typeof database>, {
      ...common,
      onrampProviders: [MOONPAY],
    })
  })
  afterAll(async () => {
    await withSandbox?.stop()
    await alone?.stop()
    await devnet?.stop()
  })

  it('is listed after the sandbox, with the networks it sells on', async () => {
    const options = (await (await api(withSandbox, '/v1/onramp/options')).json()) as {
      providers: unknown[]
    }
    expect(options.providers).toEqual([
      { id: 'sandbox', name: 'Latchkey Sandbox', networks: null, quotes: true },
      { id: 'sandbox-hosted', name: 'Sandbox hosted page', networks: [NETWORK], quotes: false },
    ])
  })

  it('alone: the onramp is on, what is priced is offered, and there is no quote nor order', async () => {
    const config = (await (await api(alone, '/appkit/v1/config')).json()) as {
      features: { onramp: boolean }
    }
    expect(config.features.onramp).toBe(true)
    const options = (await (await api(alone, '/v1/onramp/options')).json()) as {
      providers: { id: string }[]
      paymentMethods: unknown[]
      purchaseCurrencies: { symbol: string }[]
    }
    expect(options.providers.map((p) => p.id)).toEqual(['moonpay'])
    expect(options.paymentMethods).toEqual([])
    // Everything priced, not only what a treasury holds: the provider sells from its own stock.
    expect(options.purchaseCurrencies.map((a) => a.symbol)).toEqual(['ETH', 'lUSD', 'LKT'])
    const quote = await api(alone, '/v1/onramp/quote', {
      purchaseCurrency: 'ETH',
      paymentCurrency: 'USD',
      amount: '100',
      network: NETWORK,
    })
    expect(quote.status).toBe(404)
    const address = privateKeyToAddress(generatePrivateKey())
    const made = await urlOf(alone, 'moonpay', {
      destinationWallets: [{ address, assets: ['ETH'] }],
    })
    expect(await made.json()).toEqual({
      url: `https://buy.example.com/?walletAddress=${address}&currencyCode=ETH&baseCurrencyAmount=100&baseCurrencyCode=EUR`,
    })
    const sandbox = await urlOf(alone, 'sandbox')
    expect(sandbox.status).toBe(400)
    expect(await sandbox.json()).toEqual({ error: 'No onramp provider sandbox here' })
  })

  it('refuses a restricted region, a network it does not sell on, a bad address', async () => {
    const refusal = async (body: Record<string, unknown>, status = 400) => {
      const answer = await urlOf(withSandbox, 'sandbox-hosted', body)
      expect(answer.status).toBe(status)
      return ((await answer.json()) as { error: string }).error
    }
    expect(await refusal({ timezone: 'Asia/Hong_Kong' }, 403)).toBe(
      'Buying crypto is not available in your region',
    )
    expect(await refusal({ defaultNetwork: 'eip155:1' })).toBe(
      'Sandbox hosted page does not sell on eip155:1',
    )
    expect(await refusal({ destinationWallets: [{ address: 'nope' }] })).toBe(
      'destinationWallets[0].address must be an EVM address',
    )
    expect(await refusal({ presetCryptoAmount: 0.5 })).toBe(
      'Give presetFiatAmount or presetCryptoAmount, not both',
    )
  })

  it('opens the hosted checkout from its URL, which pays the wallet on the chain', async () => {
    const address = privateKeyToAddress(generatePrivateKey())
    const made = (await (
      await urlOf(withSandbox, 'sandbox-hosted', {
        destinationWallets: [{ address, assets: ['ETH'] }],
        presetFiatAmount: undefined,
        presetCryptoAmount: 0.25,
      })
    ).json()) as { url: string; orderId?: string }
    expect(made.orderId).toBeUndefined()
    const opened = await fetch(made.url, { redirect: 'manual' })
    expect(opened.status).toBe(303)
    const checkoutUrl = opened.headers.get('location') ?? ''
    const page = await (await fetch(checkoutUrl)).text()
    const amount = /name="amount"[^>]*value="([\d.]+)"/.exec(page)?.[1] ?? ''
    expect(page).toContain('EUR')
    const paid = await (
      await fetch(checkoutUrl, {
        method: 'POST',
        body: new URLSearchParams({ amount, method: 'card', card: '4242 4242 4242 4242' }),
      })
    ).text()
    expect(paid).toContain('ETH</strong> were sent.')
    const node = createPublicClient({ chain: foundry, transport: http(rpcUrl) })
    const balance = await node.getBalance({ address })
    expect(balance).toBeGreaterThanOrEqual(parseEther('0.25'))
    expect(balance).toBeLessThan(parseEther('0.2501'))
  })

  it('the hosted page refuses what it cannot sell with a page that says why', async () => {
    const base = `http://127.0.0.1:${withSandbox.server.port}/onramp/hosted`
    const page = async (query: Record<string, string>) => {
      const answer = await fetch(`${base}?${new URLSearchParams(query)}`, { redirect: 'manual' })
      expect(answer.status).toBe(400)
      return /role="alert">([^<]*)</.exec(await answer.text())?.[1]
    }
    const address = privateKeyToAddress(generatePrivateKey())
    expect(await page({ address, network: NETWORK })).toBe('The checkout URL names no projectId')
    expect(
      await page({ projectId: DEMO_PROJECT_ID, address, network: NETWORK, amount: '1e3' }),
    ).toBe('amount must be a positive decimal')
    expect(
      await page({ projectId: DEMO_PROJECT_ID, address, network: NETWORK, currency: 'JPY' }),
    ).toBe('Payment currency JPY is not supported')
    expect(await page({ projectId: DEMO_PROJECT_ID, address: 'x', network: NETWORK })).toBe(
      'destinationWallets[0].address must be an EVM address',
    )
  })
})
