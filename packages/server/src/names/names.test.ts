// The name service (README "Names") against the real server and a real EVM devnet (for contract
// accounts), on every available database.
import { type Devnet, findFreePort, startDevnet } from '@latchkey/devnet'
import { createTestClient, type Hex, http } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { foundry } from 'viem/chains'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_PROJECT_ID } from '../constants.ts'
import {
  nameAttributesInvalid,
  nameChainUnsupported,
  nameCoinTypeInvalid,
  nameMessageInvalid,
  nameMessageStale,
  nameOwnedAlready,
  nameRuleBroken,
  nameSignatureInvalid,
  nameSignatureReused,
  nameTaken,
  nameZoneUnknown,
} from '../errors/names.ts'
import { availableDatabases, startTestServer, type TestServer } from '../testing/databases.ts'
import type { NameRecord } from './store.ts'

const ORIGIN = 'http://localhost:5173'
/** anvil's default keys 0 to 3 */
const KEYS: Hex[] = [
  '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
  '0x59c6995e5b01ac7e3f1f8da5a66b0bdaa7fde9bbd5eda6db5a2c4a6e7b5c2f6d',
  '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a',
  '0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6',
]
const [ALICE, BOB, CAROL, DAVE] = KEYS.map((key) => privateKeyToAccount(key))
if (!ALICE || !BOB || !CAROL || !DAVE) throw new Error('four keys')
/** EIP-1271 wallets as runtime bytecode: isValidSignature answers the magic value, or not. */
const ACCEPTING_1271 = '0x631626ba7e60e01b60005260206000f3'
const REFUSING_1271 = '0x630000000060e01b60005260206000f3'
const WALLET_1271 = '0x00000000000000000000000000000000000a1271'
const WALLET_REFUSING = '0x00000000000000000000000000000000000b1271'
const COIN_TYPE = (0x80000000 | 31337) >>> 0

describe.each(availableDatabases())('the name service on $name', (database) => {
  let service: TestServer
  let devnet: Devnet
  let clock = Date.parse('2030-01-01T00:00:00.000Z')
  const seconds = () => Math.floor(clock / 1000)

  beforeAll(async () => {
    devnet = await startDevnet({ chains: [{ chainId: 31337, port: await findFreePort() }] })
    const [chain] = devnet.chains
    if (!chain) throw new Error('devnet has no chain')
    const anvil = createTestClient({ mode: 'anvil', chain: foundry, transport: http(chain.rpcUrl) })
    await anvil.setCode({ address: WALLET_1271, bytecode: ACCEPTING_1271 })
    await anvil.setCode({ address: WALLET_REFUSING, bytecode: REFUSING_1271 })
    service = await startTestServer(database, {
      allowedOrigins: [ORIGIN],
      chains: [{ chainId: chain.chainId, rpcUrl: chain.rpcUrl }],
      rateLimit: {
        perAddress: { limit: 1_000_000, windowMs: 10_000 },
        namesPerAddress: { limit: 1_000_000, windowMs: 10_000 },
      },
      now: () => clock,
    })
  })
  afterAll(async () => {
    await service?.stop()
    await devnet?.stop()
  })

  function call(method: string, path: string, body?: unknown, query: Record<string, string> = {}) {
    const params = new URLSearchParams({ projectId: DEMO_PROJECT_ID, ...query })
    return service.request(`${path}?${params}`, {
      method,
      headers: {
        Origin: ORIGIN,
        ...(body !== undefined && { 'Content-Type': 'application/json' }),
      },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    })
  }

  type Signer = NonNullable<typeof ALICE>
  async function body(
    signer: Signer,
    name: string,
    options: { attributes?: Record<string, string>; timestamp?: number; coinType?: number } = {},
  ) {
    const message = JSON.stringify({
      name,
      attributes: options.attributes ?? {},
      timestamp: options.timestamp ?? seconds(),
    })
    return {
      coin_type: options.coinType ?? COIN_TYPE,
      address: signer.address,
      message,
      signature: await signer.signMessage({ message }),
    }
  }

  async function register(payload: unknown) {
    const response = await call('POST', '/v1/profile/account', payload)
    return { status: response.status, json: (await response.json()) as Record<string, unknown> }
  }

  async function refusal(payload: unknown, status: number, text: string) {
    const answer = await register(payload)
    expect(answer).toEqual({ status, json: { error: text, reasons: [{ description: text }] } })
  }

  it('registers a name signed by its address; lookup, reverse lookup and identity find it', async () => {
    const answer = await register(
      await body(ALICE, 'alice.latchkey.id', { attributes: { avatar: 'https://x.test/a.png' } }),
    )
    expect(answer.status).toBe(200)
    const record = answer.json as unknown as NameRecord
    const at = new Date(clock).toISOString()
    expect(record).toEqual({
      name: 'alice.latchkey.id',
      registered_at: at,
      updated_at: at,
      addresses: { [String(COIN_TYPE)]: { address: ALICE.address, created: at } },
      attributes: { avatar: 'https://x.test/a.png' },
    })
    // Any spelling of the name: its zone or Reown's, any case, full-width letters
    for (const spelling of ['alice', 'alice.latchkey.id', 'ALICE.reown.id', 'ａｌｉｃｅ']) {
      const found = await call('GET', `/v1/profile/account/${encodeURIComponent(spelling)}`)
      expect(found.status, spelling).toBe(200)
      expect(await found.json()).toEqual(record)
    }
    const reverse = await call('GET', `/v1/profile/reverse/${ALICE.address.toLowerCase()}`)
    expect(await reverse.json()).toEqual([record])
    const identity = await call('GET', `/v1/identity/${ALICE.address}`)
    expect(await identity.json()).toEqual({
      name: 'alice.latchkey.id',
      avatar: 'https://x.test/a.png',
    })
  })

  it('answers 404 for a name nobody holds, [] and a null identity for an address without one', async () => {
    for (const name of ['nobody', 'ab', 'x.eth']) {
      const missing = await call('GET', `/v1/profile/account/${name}`)
      expect(missing.status).toBe(404)
      expect(await missing.json()).toEqual({
        error: 'Name not registered',
        reasons: [{ description: 'Name not registered' }],
      })
    }
    expect(await (await call('GET', `/v1/profile/reverse/${DAVE.address}`)).json()).toEqual([])
    expect(await (await call('GET', `/v1/identity/${DAVE.address}`)).json()).toEqual({
      name: null,
      avatar: null,
    })
    expect((await call('GET', '/v1/profile/reverse/not-an-address')).status).toBe(400)
  })

  it('one name per address: the owner updates its attributes and adds chains; others cannot take it', async () => {
    clock += 60_000
    const updated = await register(await body(ALICE, 'alice', { attributes: { bio: 'hello' } }))
    expect(updated.status).toBe(200)
    expect(updated.json).toMatchObject({
      name: 'alice.latchkey.id',
      registered_at: new Date(clock - 60_000).toISOString(),
      updated_at: new Date(clock).toISOString(),
      attributes: { bio: 'hello' },
    })
    await refusal(await body(ALICE, 'alice-two'), 409, nameOwnedAlready('alice.latchkey.id'))
    await refusal(await body(BOB, 'alice'), 409, nameTaken('alice.latchkey.id'))
    // A look-alike is the same name, or no name at all
    await refusal(await body(BOB, 'ＡＬＩＣＥ.reown.id'), 409, nameTaken('alice.latchkey.id'))
    await refusal(await body(BOB, 'аlice'), 400, nameRuleBroken)
  })

  it('suggests free variants, never a taken one', async () => {
    expect((await register(await body(BOB, 'alice1'))).status).toBe(200)
    const taken = await call('GET', '/v1/profile/suggestions/Alice', undefined, {
      zone: 'reown.id',
    })
    expect(await taken.json()).toEqual({
      suggestions: [
        { name: 'alice.latchkey.id', registered: true },
        { name: 'alice2.latchkey.id', registered: false },
        { name: 'alice3.latchkey.id', registered: false },
        { name: 'alice4.latchkey.id', registered: false },
        { name: 'alice5.latchkey.id', registered: false },
        { name: 'alice6.latchkey.id', registered: false },
      ],
    })
    const free = await call('GET', '/v1/profile/suggestions/freename')
    const { suggestions } = (await free.json()) as { suggestions: unknown[] }
    expect(suggestions[0]).toEqual({ name: 'freename.latchkey.id', registered: false })
    const short = await call('GET', '/v1/profile/suggestions/abc')
    expect(short.status).toBe(400)
    expect(await short.json()).toEqual({
      error: nameRuleBroken,
      reasons: [{ description: nameRuleBroken }],
    })
    const zone = await call('GET', '/v1/profile/suggestions/freename', undefined, { zone: 'eth' })
    expect(zone.status).toBe(400)
    expect(((await zone.json()) as { error: string }).error).toBe(nameZoneUnknown('latchkey.id'))
  })

  it('contract accounts: an EIP-1271 wallet that accepts registers, one that refuses does not', async () => {
    const message = JSON.stringify({ name: 'contract', attributes: {}, timestamp: seconds() })
    const accepted = await register({
      coinType: COIN_TYPE,
      address: WALLET_1271,
      message,
      signature: await DAVE.signMessage({ message }),
    })
    expect(accepted.status).toBe(200)
    expect(accepted.json.name).toBe('contract.latchkey.id')
    await refusal(
      {
        coin_type: String(COIN_TYPE),
        address: WALLET_REFUSING,
        message,
        signature: await CAROL.signMessage({ message }),
      },
      401,
      nameSignatureInvalid,
    )
  })

  it('refuses a wrong signature, coin type, timestamp, message, attributes or a replayed body', async () => {
    const signedByBob = await body(BOB, 'carolname')
    await refusal({ ...signedByBob, address: CAROL.address }, 401, nameSignatureInvalid)
    await refusal(await body(CAROL, 'carolname', { coinType: 60 }), 400, nameCoinTypeInvalid)
    await refusal(await body(CAROL, 'carolname', { coinType: 2 ** 32 }), 400, nameCoinTypeInvalid)
    await refusal(
      await body(CAROL, 'carolname', { coinType: (0x80000000 | 1) >>> 0 }),
      400,
      nameChainUnsupported(1),
    )
    await refusal(await body(CAROL, 'car'), 400, nameRuleBroken)
    await refusal(await body(CAROL, 'carol_name'), 400, nameRuleBroken)
    await refusal(await body(CAROL, 'carol.eth'), 400, nameZoneUnknown('latchkey.id'))
    await refusal(
      await body(CAROL, 'carolname', { timestamp: seconds() - 301 }),
      400,
      nameMessageStale,
    )
    await refusal(
      await body(CAROL, 'carolname', { timestamp: seconds() + 301 }),
      400,
      nameMessageStale,
    )
    await refusal(
      await body(CAROL, 'carolname', { attributes: { avatar: 'http://x.test/a.png' } }),
      400,
      nameAttributesInvalid("'avatar' must be an https URL"),
    )
    const notJson = 'register carolname'
    await refusal(
      {
        coin_type: COIN_TYPE,
        address: CAROL.address,
        message: notJson,
        signature: await CAROL.signMessage({ message: notJson }),
      },
      400,
      nameMessageInvalid,
    )
    const good = await body(CAROL, 'carolname', { timestamp: seconds() - 299 })
    expect((await register(good)).status).toBe(200)
    await refusal(good, 409, nameSignatureReused)
    // Malformed bodies are 400s, never 500s
    for (const bad of [{}, { ...good, message: 7 }, { ...good, coin_type: 'x' }, 'text']) {
      expect((await call('POST', '/v1/profile/account', bad)).status).toBe(400)
    }
  })
})

describe('the name service in its own zone, with its registration budget', () => {
  const [database] = availableDatabases()
  let service: TestServer
  let devnet: Devnet
  beforeAll(async () => {
    devnet = await startDevnet({ chains: [{ chainId: 31337, port: await findFreePort() }] })
    const [chain] = devnet.chains
    if (!chain || !database) throw new Error('devnet has no chain')
    service = await startTestServer(database, {
      allowedOrigins: [ORIGIN],
      chains: [{ chainId: chain.chainId, rpcUrl: chain.rpcUrl }],
      rateLimit: { namesPerAddress: { limit: 2, windowMs: 60_000 } },
      nameZone: 'example.id',
    })
  })
  afterAll(async () => {
    await service?.stop()
    await devnet?.stop()
  })

  it('names end in the configured zone; the config says it; a third registration waits', async () => {
    const query = new URLSearchParams({ projectId: DEMO_PROJECT_ID })
    const post = async (name: string, signer: NonNullable<typeof ALICE>) => {
      const message = JSON.stringify({ name, timestamp: Math.floor(Date.now() / 1000) })
      return service.request(`/v1/profile/account?${query}`, {
        method: 'POST',
        headers: { Origin: ORIGIN, 'Content-Type': 'application/json' },
        body: JSON.stringify({
          coin_type: COIN_TYPE,
          address: signer.address,
          message,
          signature: await signer.signMessage({ message }),
        }),
      })
    }
    const first = await post('zoned.example.id', ALICE)
    expect(((await first.json()) as NameRecord).name).toBe('zoned.example.id')
    expect((await post('zoned-reown.reown.id', BOB)).status).toBe(200)
    const third = await post('third', CAROL)
    expect(third.status).toBe(429)
    expect(Number(third.headers.get('Retry-After'))).toBeGreaterThan(0)
    // Lookups are not registrations: not counted
    expect((await service.request(`/v1/profile/account/zoned?${query}`)).status).toBe(200)
    const config = await service.request(`/appkit/v1/config?${query}`, {
      headers: { Origin: ORIGIN },
    })
    expect(((await config.json()) as { nameZone: string }).nameZone).toBe('example.id')
  })
})
