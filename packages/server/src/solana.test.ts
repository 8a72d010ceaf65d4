// The blockchain data API's Solana side (balance, history) against the real server and the real
// Solana devnet (LiteSVM behind JSON-RPC), on every database.
import {
  findFreePort,
  SOLANA_MINT_KEYPAIR,
  SOLANA_TEST_ACCOUNTS,
  SOLANA_TOKEN_SPEC,
  type SolanaDevnet,
  sendSolanaTokenTransfer,
  sendSolanaTransfer,
  startSolanaDevnet,
} from '@latchkey/devnet'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isSolanaAddress, isSolanaSignature } from './chain/base58.ts'
import { solanaChainsFromEnv } from './chain/solanaConfig.ts'
import { quoteLongIntegers } from './chain/solanaRpc.ts'
import { DEMO_PROJECT_ID, KNOWN_SOLANA_TOKENS } from './constants.ts'
import type { TokenBalance } from './routes/balance.ts'
import type { Transaction } from './routes/history.ts'
import { availableDatabases, startTestServer, type TestServer } from './testing/databases.ts'

function testAccount(index: number) {
  const account = SOLANA_TEST_ACCOUNTS[index]
  if (!account) throw new Error(`no Solana test account ${index}`)
  return account
}
const RECEIVER = testAccount(1)
const SENDER = testAccount(2)
const PAGER = testAccount(3)
const PAGED = testAccount(4)
const EMPTY = 'Gz7VkRqC5m1Xf6bG8aYzZ7r8fQ4eDxu1e3mBzF2RkS9y'

interface History {
  data: Transaction[]
  next: string | null
}

describe('Solana helpers', () => {
  it('know the devnet token', () => {
    expect(KNOWN_SOLANA_TOKENS).toEqual([
      { mint: SOLANA_MINT_KEYPAIR.address, ...SOLANA_TOKEN_SPEC },
    ])
  })

  it('read SOLANA_RPC_URLS', () => {
    const id = 'solana:BXGmUWuqThfFb9puWNoLLs99ZQYV6N3n'
    expect(solanaChainsFromEnv(` ${id}=http://127.0.0.1:8899 `)).toEqual([
      { caipNetworkId: id, rpcUrl: 'http://127.0.0.1:8899' },
    ])
    expect(solanaChainsFromEnv('')).toEqual([])
    expect(() => solanaChainsFromEnv('http://127.0.0.1:8899')).toThrow(/solana:<reference>=url/)
    expect(() => solanaChainsFromEnv('eip155:1=http://x')).toThrow(/solana:<reference>=url/)
  })

  it('tell addresses and signatures apart', () => {
    expect(isSolanaAddress(SOLANA_MINT_KEYPAIR.address)).toBe(true)
    expect(isSolanaAddress('11111111111111111111111111111111')).toBe(true)
    expect(isSolanaAddress('0x70997970c51812dc3a010c7d01b50e0d17dc79c8')).toBe(false)
    expect(isSolanaAddress('So1111111111111111111111111111111111111111O')).toBe(false)
    expect(isSolanaSignature('1'.repeat(64))).toBe(true)
    expect(isSolanaSignature(SOLANA_MINT_KEYPAIR.address)).toBe(false)
  })

  it('keep every digit of long integers in node answers', () => {
    const text = '{"a":18446744073709551615,"b":"12345678901234567890","c":[1.5,-9007199254740993]}'
    expect(JSON.parse(quoteLongIntegers(text))).toEqual({
      a: '18446744073709551615',
      b: '12345678901234567890',
      c: [1.5, '-9007199254740993'],
    })
  })
})

describe.each(availableDatabases())('Solana data API on $name', (database) => {
  let devnet: SolanaDevnet
  let service: TestServer

  beforeAll(async () => {
    devnet = await startSolanaDevnet({ port: 0 })
    service = await startTestServer(database, {
      solanaChains: [
        {
          caipNetworkId: devnet.caipNetworkId,
          rpcUrl: devnet.rpcUrl,
          tokens: [{ mint: devnet.mint, ...SOLANA_TOKEN_SPEC }],
        },
      ],
      rateLimit: { perAddress: { limit: 1_000_000, windowMs: 10_000 } },
    })
  })
  afterAll(async () => {
    await service?.stop()
    await devnet?.stop()
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

  async function balances(address: string, query: Record<string, string> = {}) {
    const body = await json<{ balances: TokenBalance[] }>(`/v1/account/${address}/balance`, {
      currency: 'usd',
      chainId: devnet.caipNetworkId,
      ...query,
    })
    return Object.fromEntries(body.balances.map((b) => [b.symbol, b]))
  }

  const history = (address: string, query: Record<string, string> = {}) =>
    json<History>(`/v1/account/${address}/history`, { chainId: devnet.caipNetworkId, ...query })

  let solSignature: string
  let tokenSignature: string

  it('reads SOL and lUSD live, caches them for 30 s, and refreshes on forceUpdate', async () => {
    const chain = devnet.caipNetworkId
    const before = await balances(RECEIVER.address, { forceUpdate: 'true' })
    expect(Object.keys(before)).toEqual(['SOL', 'lUSD'])
    expect(before.SOL).toMatchObject({
      name: 'Solana',
      symbol: 'SOL',
      chainId: chain,
      price: 150,
      quantity: { decimals: '9', numeric: '100' },
      value: 15_000,
    })
    expect(before.SOL?.address).toBeUndefined()
    expect(before.lUSD).toMatchObject({
      name: 'Latchkey USD',
      address: `${chain}:${devnet.mint}`,
      price: 1,
      quantity: { decimals: '6', numeric: '1000' },
      value: 1000,
    })
    expect(before.SOL?.iconUrl).toMatch(/\/public\/getTokenImage\/SOL\?projectId=/)

    solSignature = await sendSolanaTransfer(devnet.rpcUrl, SENDER, RECEIVER.address, 1_500_000_000n)
    tokenSignature = await sendSolanaTokenTransfer(
      devnet.rpcUrl,
      SENDER,
      RECEIVER.address,
      2_500_000n,
    )

    expect(await balances(RECEIVER.address)).toEqual(before) // cached, so stale
    const after = await balances(RECEIVER.address, { forceUpdate: 'true' })
    expect(after.SOL?.quantity.numeric).toBe('101.5')
    expect(after.SOL?.value).toBe(15_225)
    expect(after.lUSD?.quantity.numeric).toBe('1002.5')
    expect(after.lUSD?.value).toBe(1002.5)
    // The warm answer kept from before (routes/balance.ts) no longer holds.
    expect(await balances(RECEIVER.address)).toEqual(after)
  })

  it('answers without chainId from every Solana chain, and SOL at 0 for an empty account', async () => {
    const body = await json<{ balances: TokenBalance[] }>(`/v1/account/${EMPTY}/balance`, {
      currency: 'usd',
    })
    expect(body.balances).toEqual([
      expect.objectContaining({
        symbol: 'SOL',
        chainId: devnet.caipNetworkId,
        quantity: { decimals: '9', numeric: '0' },
        value: 0,
      }),
    ])
  })

  it('lists both transfers in the receiver history and the sender history', async () => {
    const received = await history(RECEIVER.address)
    const [token, sol] = received.data
    expect(received.next).toBeNull()
    expect(token?.id).toBe(`${tokenSignature}:${devnet.caipNetworkId}`)
    expect(token?.metadata).toMatchObject({
      hash: tokenSignature,
      chain: devnet.caipNetworkId,
      sentFrom: SENDER.address,
      sentTo: RECEIVER.address,
      status: 'confirmed',
      operationType: 'receive',
    })
    expect(Number.isNaN(Date.parse(token?.metadata.minedAt ?? ''))).toBe(false)
    expect(Math.abs(Date.parse(token?.metadata.minedAt ?? '') - Date.now())).toBeLessThan(120_000)
    expect(token?.transfers).toEqual([
      expect.objectContaining({
        direction: 'in',
        fungible_info: expect.objectContaining({ symbol: 'lUSD', name: 'Latchkey USD' }),
        quantity: { numeric: '2.5' },
        value: 2.5,
        price: 1,
      }),
    ])
    expect(sol?.metadata).toMatchObject({ hash: solSignature, sentFrom: SENDER.address })
    expect(sol?.transfers).toEqual([
      expect.objectContaining({
        direction: 'in',
        fungible_info: expect.objectContaining({ symbol: 'SOL', name: 'Solana' }),
        quantity: { numeric: '1.5' },
        value: 225,
        price: 150,
      }),
    ])

    const sent = await history(SENDER.address)
    expect(sent.data.map((tx) => tx.metadata.hash)).toEqual([tokenSignature, solSignature])
    expect(sent.data[0]?.metadata).toMatchObject({
      operationType: 'send',
      sentFrom: SENDER.address,
      sentTo: RECEIVER.address,
    })
    // The fee is not a transfer: the sender sent 2.5 lUSD and nothing else.
    expect(sent.data[0]?.transfers).toEqual([
      expect.objectContaining({ direction: 'out', quantity: { numeric: '2.5' } }),
    ])
    expect(sent.data[1]?.transfers).toEqual([
      expect.objectContaining({ direction: 'out', quantity: { numeric: '1.5' } }),
    ])
  })

  it('pages with the last signature as the cursor', async () => {
    const paged = PAGED.address
    const sent: string[] = []
    for (let i = 0; i < 23; i++) {
      sent.push(await sendSolanaTransfer(devnet.rpcUrl, PAGER, paged, BigInt(1_000 + i)))
    }
    const first = await history(paged)
    expect(first.data).toHaveLength(20)
    expect(first.data.map((tx) => tx.metadata.hash)).toEqual([...sent].reverse().slice(0, 20))
    expect(first.next).toBe(sent[3])
    await sendSolanaTransfer(devnet.rpcUrl, PAGER, paged, 5n) // newer: must not shift page 2
    const second = await history(paged, { cursor: first.next ?? '' })
    expect(second.data.map((tx) => tx.metadata.hash)).toEqual([sent[2], sent[1], sent[0]])
    expect(second.next).toBeNull()
    expect(second.data[2]?.transfers[0]?.quantity.numeric).toBe('0.000001')
  })

  it("lists a SOL send to oneself once, as 'self', with the amount sent", async () => {
    const self = testAccount(5)
    const signature = await sendSolanaTransfer(devnet.rpcUrl, self, self.address, 250_000_000n)
    const entries = (await history(self.address)).data.filter((t) => t.metadata.hash === signature)
    expect(entries).toHaveLength(1)
    expect(entries[0]?.metadata).toMatchObject({
      operationType: 'send',
      sentFrom: self.address,
      sentTo: self.address,
    })
    expect(entries[0]?.transfers).toMatchObject([
      { direction: 'self', quantity: { numeric: '0.25' } },
    ])
  })

  it('lists the Solana chain among the supported chains', async () => {
    expect(await json('/v1/supported-chains')).toEqual({ http: [devnet.caipNetworkId], ws: [] })
  })

  it('rejects bad input with a 400 naming the parameter', async () => {
    const chain = devnet.caipNetworkId
    const other = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
    const cases: [string, Record<string, string>, RegExp][] = [
      [
        '/v1/account/0x70997970C51812dc3A010C7d01b50e0d17dc79C8/balance',
        { chainId: chain },
        /^Invalid parameter 'address': must be a Solana address \(base58, 32 bytes\)$/,
      ],
      [
        `/v1/account/${RECEIVER.address}/balance`,
        { chainId: 'eip155:31337' },
        /^Invalid parameter 'address': must be an EVM address/,
      ],
      [
        `/v1/account/${RECEIVER.address}/balance`,
        { chainId: other },
        new RegExp(
          `^Invalid parameter 'chainId': unsupported chain ${other} \\(supported: ${chain}\\)$`,
        ),
      ],
      [
        `/v1/account/${RECEIVER.address}/history`,
        { chainId: other },
        /^Invalid parameter 'chainId': unsupported chain/,
      ],
      [
        `/v1/account/${RECEIVER.address}/balance`,
        { chainId: 'solana:short' },
        /^Invalid parameter 'chainId': must be a CAIP-2 id/,
      ],
      [
        `/v1/account/${RECEIVER.address.slice(0, -2)}/balance`,
        { chainId: chain },
        /^Invalid parameter 'address': must be an EVM address .* or a Solana address/,
      ],
      [
        `/v1/account/${RECEIVER.address}/history`,
        { chainId: chain, cursor: RECEIVER.address },
        /^Invalid parameter 'cursor': is not a cursor given by this API$/,
      ],
      [
        `/v1/account/${RECEIVER.address}/history`,
        { chainId: chain, cursor: Buffer.from('12.3').toString('base64url') },
        /^Invalid parameter 'cursor': is not a cursor given by this API$/,
      ],
    ]
    for (const [path, query, message] of cases) {
      const response = await get(path, query)
      expect(response.status, `${path} ${JSON.stringify(query)}`).toBe(400)
      expect(((await response.json()) as { error: string }).error).toMatch(message)
    }
  })

  it('answers 502 when the Solana node is down', async () => {
    const port = await findFreePort()
    const down = await startTestServer(database, {
      solanaChains: [{ caipNetworkId: devnet.caipNetworkId, rpcUrl: `http://127.0.0.1:${port}` }],
    })
    try {
      for (const path of ['balance', 'history']) {
        const params = new URLSearchParams({
          projectId: DEMO_PROJECT_ID,
          chainId: devnet.caipNetworkId,
        })
        const response = await down.request(`/v1/account/${RECEIVER.address}/${path}?${params}`)
        expect(response.status, path).toBe(502)
        expect(await response.json()).toEqual({ error: 'Chain node unavailable' })
      }
    } finally {
      await down.stop()
    }
  })
})
