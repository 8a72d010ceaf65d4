// SOL from the onramp sandbox: the Solana treasury pays a real transfer on the Solana devnet.
import {
  type Devnet,
  findFreePort,
  ONRAMP_TREASURY_KEY,
  SOLANA_ONRAMP_TREASURY,
  SOLANA_ONRAMP_TREASURY_KEY,
  SOLANA_TEST_ACCOUNTS,
  startDevnet,
} from '@latchkey/devnet'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SolanaRpc } from '../chain/solanaRpc.ts'
import { DEMO_PROJECT_ID } from '../constants.ts'
import { availableDatabases, startTestServer, type TestServer } from '../testing/databases.ts'

const [database] = availableDatabases()
// A test account on this file's own devnet: its balance is read before and after.
const BUYER = SOLANA_TEST_ACCOUNTS[9]?.address ?? ''

describe('the onramp sandbox on Solana', () => {
  let devnet: Devnet
  let service: TestServer
  let network: string
  let rpc: SolanaRpc
  const api = (path: string, body?: unknown) =>
    service.request(`${path}?projectId=${DEMO_PROJECT_ID}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'content-type': 'application/json' },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    })
  const lamportsOf = async (owner: string) =>
    BigInt(((await rpc.call('getBalance', [owner])) as { value: number | string }).value)

  beforeAll(async () => {
    devnet = await startDevnet({
      chains: [{ chainId: 31337, port: await findFreePort() }],
      solana: { port: await findFreePort() },
    })
    const solana = devnet.solana
    if (!solana) throw new Error('no Solana node')
    network = solana.caipNetworkId
    rpc = new SolanaRpc(solana.rpcUrl)
    service = await startTestServer(database as NonNullable<typeof database>, {
      chains: [{ chainId: 31337, rpcUrl: devnet.chains[0]?.rpcUrl ?? '' }],
      solanaChains: [{ caipNetworkId: network, rpcUrl: solana.rpcUrl }],
      mode: 'development',
      onrampTreasuryKey: ONRAMP_TREASURY_KEY,
      onrampSolanaTreasuryKey: SOLANA_ONRAMP_TREASURY_KEY,
    })
  })
  afterAll(async () => {
    await service?.stop()
    await devnet?.stop()
  })

  it('offers SOL at its price, and sells it: the buyer gets exactly the quoted lamports', async () => {
    const options = (await (await api('/v1/onramp/options')).json()) as {
      purchaseCurrencies: { symbol: string; network: string; decimals: number; price: number }[]
    }
    const sol = options.purchaseCurrencies.find((a) => a.network === network)
    expect(sol).toMatchObject({ symbol: 'SOL', decimals: 9 })
    expect(sol?.price).toBeGreaterThan(0)

    const quote = (await (
      await api('/v1/onramp/quote', {
        purchaseCurrency: 'SOL',
        paymentCurrency: 'USD',
        amount: '100',
        network,
      })
    ).json()) as { purchaseAmount: string; fee: string }
    expect(quote.fee).toBe('2.00')

    const before = await lamportsOf(BUYER)
    const treasuryBefore = await lamportsOf(SOLANA_ONRAMP_TREASURY.address)
    const made = (await (
      await api('/v1/generators/onrampurl', {
        destinationWallets: [{ address: BUYER }],
        defaultNetwork: network,
        presetFiatAmount: 100,
      })
    ).json()) as { url: string; orderId: string }
    const receipt = await (
      await fetch(made.url, {
        method: 'POST',
        body: new URLSearchParams({ amount: '100', method: 'card', card: '4242424242424242' }),
      })
    ).text()
    expect(receipt).toContain('SOL</strong> were sent.')
    const order = (await (await api(`/v1/onramp/orders/${made.orderId}`)).json()) as {
      status: string
      purchaseAmount: string
      txHash: string
    }
    expect(order).toMatchObject({ status: 'completed', purchaseAmount: quote.purchaseAmount })
    // A Solana signature: base58 of 64 bytes.
    expect(order.txHash).toMatch(/^[1-9A-HJ-NP-Za-km-z]{86,88}$/)
    const bought = BigInt(Math.round(Number(quote.purchaseAmount) * 1e9))
    expect((await lamportsOf(BUYER)) - before).toBe(bought)
    // The treasury paid it and the network fee (5,000 lamports a signature).
    expect(treasuryBefore - (await lamportsOf(SOLANA_ONRAMP_TREASURY.address))).toBe(
      bought + 5_000n,
    )
  })

  it('checks the wallet in the network’s own format', async () => {
    const refused = async (address: string, defaultNetwork: string) => {
      const answer = await api('/v1/generators/onrampurl', {
        destinationWallets: [{ address }],
        defaultNetwork,
      })
      expect(answer.status).toBe(400)
      return ((await answer.json()) as { error: string }).error
    }
    expect(await refused('0x70997970C51812dc3A010C7d01b50e0d17dc79C8', network)).toBe(
      'destinationWallets[0].address must be a Solana address',
    )
    expect(await refused(BUYER, 'eip155:31337')).toBe(
      'destinationWallets[0].address must be an EVM address',
    )
    expect(await refused(BUYER, 'solana:unknown0000000000000000000000')).toBe(
      'Network solana:unknown0000000000000000000000 is not supported',
    )
  })
})
