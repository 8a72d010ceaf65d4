// @vitest-environment jsdom
// The frame's state seen through the whole frame: the device id it keeps, the Farcaster login
// under way, the server's user when it cannot be read, the Solana key when it cannot be had, and
// APP_GET_USER with the smart account in use (anvil with the SimpleAccountFactory). The harness
// against the auth API's contract (testing/fakeAuthServer.ts).
import {
  ACCOUNT_ABSTRACTION,
  type AnvilInstance,
  deployAccountAbstraction,
  findFreePort,
  startAnvil,
  TEST_ACCOUNTS,
} from '@latchkey/devnet'
import { type Address, createPublicClient, createWalletClient, http, parseAbi } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { foundry } from 'viem/chains'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FARCASTER_EXPIRED, NO_FARCASTER_PENDING, SMART_ACCOUNTS_UNAVAILABLE } from '../errors.ts'
import { createFakeAuthServer } from '../testing/fakeAuthServer.ts'
import { FARCASTER_CONNECT, farcasterFrame, farcasterUrl } from '../testing/farcasterHarness.ts'
import {
  createHarness,
  failure,
  type Harness,
  MemoryStorage,
  ok,
  signedInFrame,
  signIn,
} from '../testing/harness.ts'
import { NOT_CONNECTED } from '../wallet.ts'

const SESSION = 'GET /auth/v1/session'
const GET_WALLET = 'GET /auth/v1/wallet'
const PUT_WALLET = 'PUT /auth/v1/wallet'
const PATCH_USER = 'PATCH /auth/v1/user'
const BUNDLER = 'GET /v1/bundler'
/** Where the frame keeps its device id in the origin's storage (storage.ts's prefix) */
const DEVICE_KEY = 'latchkey-frame:deviceId'
const FROM_MEMORY = 'could not refresh the user; answering from memory'

const messages = (h: Harness) => h.log.entries().map((entry) => entry.message)

describe('the device id', () => {
  it('a stored id with anything before or after a valid one is replaced, and the new one is sent', async () => {
    const valid = 'abcDEF0123456789_-abcdef'
    for (const stored of [`!${valid}`, `${valid}!`, `${valid} ${valid}`]) {
      const storage = new MemoryStorage()
      storage.setItem(DEVICE_KEY, stored)
      const h = await createHarness({ storage })
      await signIn(h, 'device@example.com')
      const kept = storage.getItem(DEVICE_KEY) ?? ''
      expect(kept).not.toBe(stored)
      expect(kept).toMatch(/^[A-Za-z0-9_-]{22,64}$/)
      expect([...(h.server.userByEmail('device@example.com')?.devices ?? [])]).toEqual([kept])
    }
  })

  it('a valid stored id is kept and sent as it is', async () => {
    const storage = new MemoryStorage()
    storage.setItem(DEVICE_KEY, 'abcDEF0123456789_-abcdef')
    const h = await createHarness({ storage })
    await signIn(h, 'device@example.com')
    expect(storage.getItem(DEVICE_KEY)).toBe('abcDEF0123456789_-abcdef')
    expect([...(h.server.userByEmail('device@example.com')?.devices ?? [])]).toEqual([
      'abcDEF0123456789_-abcdef',
    ])
  })
})

describe('Farcaster', () => {
  it('an older login refused after a newer one started leaves the newer one under way', async () => {
    const { h } = await farcasterFrame({ sleep: () => new Promise<void>(() => undefined) })
    await farcasterUrl(h)
    let newer = ''
    h.server.beforeRequest = async (route) => {
      if (route !== FARCASTER_CONNECT || newer) return
      newer = await farcasterUrl(h)
      // the older channel's poll, on its way meanwhile, is refused
      h.server.failNext.set(FARCASTER_CONNECT, { status: 410, body: { message: 'Gone' } })
    }
    expect(failure(await h.send('APP_CONNECT_FARCASTER', {}))).toEqual({
      message: FARCASTER_EXPIRED,
    })
    h.server.signInWithFarcaster(newer, 'newer')
    expect(ok(await h.send('APP_CONNECT_FARCASTER', {})).userName).toBe('newer')
    expect(failure(await h.send('APP_CONNECT_FARCASTER', {}))).toEqual({
      message: NO_FARCASTER_PENDING,
    })
  })
})

describe("the user's chain on the server", () => {
  it('a signed-out switch does not even try: nothing is logged, unlike a signed-in save that fails', async () => {
    const h = await createHarness()
    ok(await h.send('APP_SWITCH_NETWORK', { chainId: 10 }))
    await signIn(h)
    h.server.failNext.set(PATCH_USER, { status: 503 })
    ok(await h.send('APP_SWITCH_NETWORK', { chainId: 31338 }))
    await expect.poll(() => messages(h)).toContain('could not update the user')
    expect(messages(h).filter((m) => m === 'could not update the user')).toHaveLength(1)
    expect(h.server.calls.filter((c) => c === PATCH_USER)).toHaveLength(1)
  })
})

describe('APP_GET_USER when the server cannot tell', () => {
  it('a session the server ended fails without a word of answering from memory', async () => {
    const { h } = await signedInFrame()
    h.server.failNext.set(SESSION, { status: 401, body: { message: 'Unauthorized' } })
    expect(failure(await h.send('APP_GET_USER', {}))).toEqual({ message: NOT_CONNECTED })
    expect(messages(h)).not.toContain(FROM_MEMORY)
  })

  it('a reloaded frame has no user in memory: a failed refresh fails the request', async () => {
    const { h } = await signedInFrame()
    const reloaded = await createHarness({ server: h.server, storage: h.storage })
    h.server.failNext.set(SESSION, { status: 503 })
    expect(failure(await reloaded.send('APP_GET_USER', {})).message).toBe('HTTP status code: 503')
    expect(messages(reloaded)).not.toContain(FROM_MEMORY)
    // once the server answers, so does the frame
    expect(ok(await reloaded.send('APP_GET_USER', {})).email).toBe('visitor@example.com')
  })
})

describe('APP_GET_USER without the Solana key', () => {
  /** Signed in, but the Solana key's upload failed: the frame has no Solana account yet */
  async function withoutSolana() {
    const h = await createHarness()
    let puts = 0
    h.server.beforeRequest = (route) => {
      if (route === PUT_WALLET && ++puts === 2) h.server.failNext.set(PUT_WALLET, { status: 503 })
    }
    await signIn(h)
    h.server.beforeRequest = undefined
    const [address] = ok(await h.send('APP_RPC_REQUEST', { method: 'eth_accounts' }))
      .result as string[]
    return { h, address }
  }

  it('a Solana key the server cannot give now: the user without a Solana account', async () => {
    const { h, address } = await withoutSolana()
    h.server.failNext.set(GET_WALLET, { status: 503 })
    const user = ok(await h.send('APP_GET_USER', {}))
    expect(user.accounts).toEqual([{ address, type: 'EOA', namespace: 'eip155' }])
    expect(user).not.toHaveProperty('solanaAddress')
    expect(user.email).toBe('visitor@example.com')
  })

  it('a session that ends while the Solana key is asked for fails the request', async () => {
    const { h } = await withoutSolana()
    let switched = false
    h.server.beforeRequest = async (route) => {
      if (route !== GET_WALLET || switched) return
      switched = true
      // someone else signs in on this frame meanwhile; the old session's request is refused
      await signIn(h, 'other@example.com')
      h.server.failNext.set(GET_WALLET, { status: 401, body: { message: 'Unauthorized' } })
    }
    expect(failure(await h.send('APP_GET_USER', {}))).toEqual({ message: NOT_CONNECTED })
    expect(switched).toBe(true)
  })
})

describe('APP_GET_USER with the smart account', () => {
  let anvil: AnvilInstance
  beforeAll(async () => {
    anvil = await startAnvil({ chainId: 31337, port: await findFreePort() })
    await deployAccountAbstraction(31337, anvil.rpcUrl)
  })
  afterAll(() => anvil?.stop())

  async function deploy(owner: string) {
    const transport = http(anvil.rpcUrl)
    const account = privateKeyToAccount(TEST_ACCOUNTS[0].privateKey)
    const hash = await createWalletClient({ account, chain: foundry, transport }).writeContract({
      address: ACCOUNT_ABSTRACTION.simpleAccountFactory,
      abi: parseAbi(['function createAccount(address owner, uint256 salt) returns (address)']),
      functionName: 'createAccount',
      args: [owner as Address, 0n],
    })
    await createPublicClient({
      chain: foundry,
      transport,
      pollingInterval: 50,
    }).waitForTransactionReceipt({ hash })
  }

  it('lists the smart account first and says whether it is deployed, on the chain in use', async () => {
    const server = createFakeAuthServer()
    const { h, address } = await signedInFrame({
      server,
      search: `?projectId=${server.projectId}&chainId=31337&rpcUrl=${encodeURIComponent(anvil.rpcUrl)}&version=test`,
    })
    const eoa = ok(await h.send('APP_GET_USER', {}))
    expect(eoa).toMatchObject({ address, preferredAccountType: 'eoa', smartAccountDeployed: false })

    // the services' bundler gateway offers the start chain (asked once per frame document)
    server.failNext.set(BUNDLER, { status: 200, body: { chains: ['eip155:31337'] } })
    const { address: smart } = ok(
      await h.send('APP_SET_PREFERRED_ACCOUNT', { type: 'smartAccount' }),
    ) as { address: string }
    expect(smart).not.toBe(address)
    const solana = (eoa.accounts as { namespace: string }[]).filter((a) => a.namespace === 'solana')
    expect(solana).toHaveLength(1)
    const accounts = [
      { address: smart, type: 'SMART_ACCOUNT', namespace: 'eip155' },
      { address, type: 'EOA', namespace: 'eip155' },
      ...solana,
    ]
    expect(ok(await h.send('APP_GET_USER', {}))).toMatchObject({
      address: smart,
      accounts,
      preferredAccountType: 'smartAccount',
      smartAccountDeployed: false,
    })

    await deploy(address)
    expect(ok(await h.send('APP_GET_USER', {}))).toMatchObject({
      address: smart,
      accounts,
      smartAccountDeployed: true,
    })

    // a chain that offers none: the EOA answers, and is never "deployed"
    ok(await h.send('APP_SWITCH_NETWORK', { chainId: 10 }))
    expect(ok(await h.send('APP_GET_USER', {}))).toMatchObject({
      address,
      chainId: 10,
      accounts: [{ address, type: 'EOA', namespace: 'eip155' }, ...solana],
      preferredAccountType: 'eoa',
      smartAccountDeployed: false,
    })
    expect(failure(await h.send('APP_INIT_SMART_ACCOUNT', {})).message).toBe(
      SMART_ACCOUNTS_UNAVAILABLE,
    )
    // back on the start chain, the smart account again
    ok(await h.send('APP_SWITCH_NETWORK', { chainId: 31337 }))
    expect(ok(await h.send('APP_INIT_SMART_ACCOUNT', {}))).toEqual({
      address: smart,
      isDeployed: true,
    })
  })
})
