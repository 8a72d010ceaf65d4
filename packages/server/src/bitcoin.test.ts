// The blockchain data API's Bitcoin side (balance, history) against the real server and the
// devnet's regtest chain behind Esplora's HTTP API, on every database.
import { type BitcoinRegtest, findFreePort, startBitcoinRegtest } from '@latchkey/devnet'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BITCOIN_NETWORKS } from './chain/bitcoinNetworks.ts'
import { DEMO_PROJECT_ID } from './constants.ts'
import type { TokenBalance } from './routes/balance.ts'
import type { Transaction } from './routes/history.ts'
import { type RegtestWallet, regtestWallet } from './testing/bitcoinWallet.ts'
import { availableDatabases, startTestServer, type TestServer } from './testing/databases.ts'

const REGTEST = 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328'
const MAINNET = 'bip122:000000000019d6689c085ae165831e93'
const TESTNET = 'bip122:000000000933ea01ad0ee984209779ba'
/** BIP-173's P2WPKH example on mainnet, and the same key on testnet */
const MAINNET_ADDRESS = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'
const TESTNET_ADDRESS = 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx'
/** A testnet P2PKH address: base58, also regtest's version */
const TESTNET_LEGACY = 'mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn'
const SATS = 100_000_000n

interface History {
  data: Transaction[]
  next: string | null
}

describe.each(availableDatabases())('Bitcoin data API on $name', (database) => {
  let regtest: BitcoinRegtest
  let service: TestServer
  let alice: RegtestWallet
  let bob: RegtestWallet

  beforeAll(async () => {
    regtest = await startBitcoinRegtest({ port: 0 })
    service = await startTestServer(database, {
      bitcoinChains: [{ caipNetworkId: REGTEST, esploraUrl: regtest.url }],
      rateLimit: { perAddress: { limit: 1_000_000, windowMs: 10_000 } },
    })
    alice = regtestWallet(regtest.url, 'alice')
    bob = regtestWallet(regtest.url, 'bob')
  })
  afterAll(async () => {
    await service?.stop()
    await regtest?.stop()
  })

  function get(path: string, query: Record<string, string> = {}) {
    const params = new URLSearchParams({ projectId: DEMO_PROJECT_ID, ...query })
    return service.request(`${path}?${params}`)
  }

  async function json<T>(path: string, query: Record<string, string> = {}): Promise<T> {
    const response = await get(path, query)
    expect(response.status, await response.clone().text()).toBe(200)
    return (await response.json()) as T
  }

  const balances = async (address: string, query: Record<string, string> = {}) =>
    (
      await json<{ balances: TokenBalance[] }>(`/v1/account/${address}/balance`, {
        chainId: REGTEST,
        ...query,
      })
    ).balances

  const history = (address: string, query: Record<string, string> = {}) =>
    json<History>(`/v1/account/${address}/history`, { chainId: REGTEST, ...query })

  const hashes = (page: History) => page.data.map((tx) => tx.metadata.hash)

  let faucetTxid: string
  let paymentTxid: string

  it('reads BTC from Esplora, unpriced, caches it for 30 s, and refreshes on forceUpdate', async () => {
    faucetTxid = regtest.chain.faucet(alice.address, 3n * SATS).txid
    const before = await balances(alice.address, { forceUpdate: 'true' })
    expect(before).toEqual([
      {
        name: 'Bitcoin',
        symbol: 'BTC',
        chainId: REGTEST,
        value: 0,
        price: 0,
        quantity: { decimals: '8', numeric: '3' },
        iconUrl: expect.stringMatching(/\/public\/getTokenImage\/BTC\?projectId=/),
      },
    ])
    regtest.chain.faucet(alice.address, SATS / 4n)
    expect(await balances(alice.address)).toEqual(before) // cached, so stale
    const after = await balances(alice.address, { forceUpdate: 'true' })
    expect(after[0]?.quantity.numeric).toBe('3.25')
    expect(await balances(alice.address)).toEqual(after)
  })

  it("lists a signed transfer in the receiver's and the sender's history", async () => {
    paymentTxid = await alice.pay([{ address: bob.address, sats: (4n * SATS) / 10n }], 1_410n)
    const received = await history(bob.address)
    expect(received.next).toBeNull()
    expect(received.data).toHaveLength(1)
    const [tx] = received.data
    expect(tx?.id).toBe(`${paymentTxid}:${REGTEST}`)
    expect(tx?.metadata).toMatchObject({
      chain: REGTEST,
      hash: paymentTxid,
      sentFrom: alice.address,
      sentTo: bob.address,
      status: 'confirmed',
      operationType: 'receive',
      fee: {
        fungible_info: expect.objectContaining({ name: 'Bitcoin', symbol: 'BTC' }),
        quantity: { numeric: '0.0000141' },
        value: 0,
        price: 0,
      },
    })
    expect(Math.abs(Date.parse(tx?.metadata.minedAt ?? '') - Date.now())).toBeLessThan(120_000)
    expect(tx?.transfers).toEqual([
      {
        direction: 'in',
        fungible_info: {
          name: 'Bitcoin',
          symbol: 'BTC',
          icon: { url: expect.stringMatching(/\/public\/getTokenImage\/BTC\?projectId=/) },
        },
        quantity: { numeric: '0.4' },
        value: 0,
        price: 0,
      },
    ])

    const sent = await history(alice.address)
    expect(hashes(sent)[0]).toBe(paymentTxid)
    expect(hashes(sent)).toContain(faucetTxid)
    expect(sent.data[0]?.metadata).toMatchObject({
      operationType: 'send',
      sentFrom: alice.address,
      sentTo: bob.address,
      status: 'confirmed',
      fee: { quantity: { numeric: '0.0000141' } },
    })
    // The fee is not a transfer: alice sent 0.4 BTC, and her balance lost the fee as well.
    expect(sent.data[0]?.transfers).toMatchObject([
      { direction: 'out', quantity: { numeric: '0.4' } },
    ])
    expect(sent.data.at(-1)?.transfers).toMatchObject([
      { direction: 'in', quantity: { numeric: '3' } },
    ])
    const [left] = await balances(alice.address, { forceUpdate: 'true' })
    expect(left?.quantity.numeric).toBe('2.8499859')
  })

  it("lists a payment to oneself once, as 'self', with what went back", async () => {
    const txid = await alice.pay([{ address: alice.address, sats: SATS / 10n }])
    const [tx] = (await history(alice.address)).data
    expect(tx?.metadata).toMatchObject({
      hash: txid,
      operationType: 'send',
      sentFrom: alice.address,
      sentTo: alice.address,
      fee: { quantity: { numeric: '0.00001' } },
    })
    expect(tx?.transfers).toMatchObject([{ direction: 'self', quantity: { numeric: '2.8499759' } }])
  })

  it('lists a mempool transaction as pending until it is mined', async () => {
    regtest.chain.automine = false
    try {
      const txid = await alice.pay([{ address: bob.address, sats: SATS / 20n }])
      const [pending] = (await history(bob.address)).data
      expect(pending?.metadata).toMatchObject({ hash: txid, status: 'pending' })
      expect(Math.abs(Date.parse(pending?.metadata.minedAt ?? '') - Date.now())).toBeLessThan(
        10_000,
      )
      const [held] = await balances(bob.address, { forceUpdate: 'true' })
      expect(held?.quantity.numeric).toBe('0.45')
      regtest.chain.mine(1)
      const [mined] = (await history(bob.address)).data
      expect(mined?.metadata).toMatchObject({ hash: txid, status: 'confirmed' })
    } finally {
      regtest.chain.automine = true
    }
  })

  it('pages with the last txid as the cursor, through the mempool and then the chain', async () => {
    const payer = regtestWallet(regtest.url, 'payer')
    const paged = regtestWallet(regtest.url, 'paged').address
    regtest.chain.faucet(payer.address, SATS)
    regtest.chain.automine = false
    const sent: string[] = []
    try {
      // Each payment spends the change of the one before, still unconfirmed.
      for (let i = 0; i < 22; i++) {
        sent.push(await payer.pay([{ address: paged, sats: 10_000n + BigInt(i) }]))
      }
      const newest = [...sent].reverse()
      const first = await history(paged)
      expect(hashes(first)).toEqual(newest.slice(0, 20))
      expect(first.data.every((tx) => tx.metadata.status === 'pending')).toBe(true)
      expect(first.next).toBe(sent[2])
      const second = await history(paged, { cursor: first.next ?? '' })
      expect(hashes(second)).toEqual([sent[1], sent[0]])
      expect(second.next).toBeNull()
      expect(second.data[1]?.transfers[0]?.quantity.numeric).toBe('0.0001')

      regtest.chain.mine(1)
      const mined = await history(paged)
      expect(hashes(mined)).toEqual(newest.slice(0, 20))
      expect(mined.data.every((tx) => tx.metadata.status === 'confirmed')).toBe(true)
    } finally {
      regtest.chain.automine = true
    }
    await payer.pay([{ address: paged, sats: 5_000n }]) // newer: must not shift page 2
    const first = await history(paged)
    expect(first.next).toBe(sent[3])
    const second = await history(paged, { cursor: first.next ?? '' })
    expect(hashes(second)).toEqual([sent[2], sent[1], sent[0]])
    expect(second.next).toBeNull()
  })

  it('lists the network among the supported chains, and balances without chainId', async () => {
    expect(await json('/v1/supported-chains')).toEqual({ http: [REGTEST], ws: [] })
    const all = await json<{ balances: TokenBalance[] }>(`/v1/account/${bob.address}/balance`)
    expect(all.balances).toEqual([
      expect.objectContaining({ symbol: 'BTC', chainId: REGTEST, quantity: expect.anything() }),
    ])
    // No configured network has mainnet addresses.
    expect(await json(`/v1/account/${MAINNET_ADDRESS}/balance`)).toEqual({ balances: [] })
  })

  it('documents the Bitcoin networks and the pending status in /openapi.json', async () => {
    const document = (await (await service.request('/openapi.json')).json()) as {
      paths: Record<string, { get: { parameters: { name: string; schema: object }[] } }>
      components: { schemas: { Transaction: { properties: { metadata: object } } } }
    }
    for (const route of ['balance', 'history']) {
      const { parameters } = document.paths[`/v1/account/{address}/${route}`]?.get ?? {}
      const chainId = JSON.stringify(parameters?.find((p) => p.name === 'chainId'))
      for (const known of BITCOIN_NETWORKS) expect(chainId).toContain(known.caip2)
    }
    const metadata = JSON.stringify(document.components.schemas.Transaction.properties.metadata)
    expect(metadata).toContain('"pending"')
    expect(metadata).toContain('"fee"')
  })

  it('rejects bad input with a 400 naming the parameter', async () => {
    const unsupported = (id: string) =>
      new RegExp(
        `^Invalid parameter 'chainId': unsupported chain ${id} \\(supported: ${REGTEST}\\)$`,
      )
    const notRegtest =
      /^Invalid parameter 'address': must be a Bitcoin Regtest address \(bech32 bcrt1…, or base58\)$/
    const notAnAddress =
      /^Invalid parameter 'address': must be an EVM address .* or a Solana address .*, or a Bitcoin address \(bech32 or base58\)$/
    const badCursor = /^Invalid parameter 'cursor': is not a cursor given by this API$/
    const other = `bip122:${'ab'.repeat(16)}`
    const cases: [string, Record<string, string>, RegExp][] = []
    for (const route of ['balance', 'history']) {
      cases.push(
        [`/v1/account/${bob.address}/${route}`, { chainId: MAINNET }, unsupported(MAINNET)],
        [`/v1/account/${bob.address}/${route}`, { chainId: other }, unsupported(other)],
        [`/v1/account/${MAINNET_ADDRESS}/${route}`, { chainId: REGTEST }, notRegtest],
        [`/v1/account/${TESTNET_ADDRESS}/${route}`, { chainId: REGTEST }, notRegtest],
        [
          `/v1/account/0x70997970C51812dc3A010C7d01b50e0d17dc79C8/${route}`,
          { chainId: REGTEST },
          notRegtest,
        ],
        [
          `/v1/account/${bob.address}/${route}`,
          { chainId: 'eip155:31337' },
          /^Invalid parameter 'address': must be an EVM address/,
        ],
        [`/v1/account/bcrt1qnotanaddress/${route}`, { chainId: REGTEST }, notAnAddress],
        [`/v1/account/${bob.address.slice(0, -1)}x/${route}`, { chainId: REGTEST }, notAnAddress],
        [
          `/v1/account/${bob.address}/${route}`,
          { chainId: 'bip122:short' },
          /^Invalid parameter 'chainId': must be a CAIP-2 id like .* or bip122:<32 hex digits>$/,
        ],
      )
    }
    cases.push(
      [
        `/v1/account/${bob.address}/history`,
        { chainId: REGTEST, cursor: Buffer.from('12.3').toString('base64url') },
        badCursor,
      ],
      [
        `/v1/account/${bob.address}/history`,
        { chainId: REGTEST, cursor: '1'.repeat(64) },
        badCursor,
      ],
      [
        `/v1/account/${bob.address}/history`,
        { chainId: REGTEST, cursor: 'A'.repeat(64) },
        badCursor,
      ],
    )
    for (const [path, query, message] of cases) {
      const response = await get(path, query)
      expect(response.status, `${path} ${JSON.stringify(query)}`).toBe(400)
      expect(((await response.json()) as { error: string }).error, path).toMatch(message)
    }
  })

  it('answers 502 when Esplora is down or answers an error, never a 500', async () => {
    const port = await findFreePort()
    const down = await startTestServer(database, {
      bitcoinChains: [
        { caipNetworkId: REGTEST, esploraUrl: `http://127.0.0.1:${port}` },
        { caipNetworkId: TESTNET, esploraUrl: `${regtest.url}/nothing/here` },
      ],
    })
    try {
      for (const chainId of [REGTEST, TESTNET]) {
        for (const [path, cursor] of [
          ['balance', ''],
          ['history', ''],
          ['history', 'ab'.repeat(32)],
        ] as const) {
          const params = new URLSearchParams({ projectId: DEMO_PROJECT_ID, chainId, cursor })
          const response = await down.request(`/v1/account/${TESTNET_LEGACY}/${path}?${params}`)
          expect(response.status, `${chainId} ${path} ${cursor}`).toBe(502)
          expect(await response.json()).toEqual({ error: 'Chain node unavailable' })
        }
      }
    } finally {
      await down.stop()
    }
  })
})
