// The relay over the real server: upgrades on /relay, auth, raw `ws` clients with real JWTs.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { DEMO_PROJECT_ID } from '../constants.ts'
import { type RunningServer, startServer } from '../server.ts'
import { subscriptionId } from './connection.ts'
import {
  createRelayIdentity,
  RelayRequestError,
  RelayTestClient,
  type RelayTestClientOptions,
  relayConnectUrl,
  type SubscriptionData,
  signRelayJwt,
} from './testClient.ts'

const PING_MS = 150

describe('relay endpoint on the real server', () => {
  let server: RunningServer
  let dataDir: string
  const open: RelayTestClient[] = []

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'latchkey-relay-'))
    server = await startServer({
      port: 0,
      databaseUrl: null,
      dataDir,
      logLevel: 'silent',
      relay: { pingIntervalMs: PING_MS },
    })
  })
  afterAll(async () => {
    await Promise.all(open.map((client) => client.close()))
    await server?.close()
    await rm(dataDir, { recursive: true, force: true })
  })

  async function connect(options: Partial<RelayTestClientOptions> = {}) {
    const client = await RelayTestClient.connect({
      relayUrl: server.relayUrl,
      projectId: DEMO_PROJECT_ID,
      ...options,
    })
    open.push(client)
    return client
  }

  async function refusal(url: string): Promise<{ status: number; body: { error: string } }> {
    const error = (await RelayTestClient.open(url).then(
      (socket) => {
        socket.terminate()
        throw new Error('upgrade was accepted')
      },
      (e: unknown) => e,
    )) as { status: number; body: string }
    return { status: error.status, body: JSON.parse(error.body) }
  }

  it('serves ws://host:port/relay', () => {
    expect(server.relayUrl).toBe(`ws://127.0.0.1:${server.port}/relay`)
  })

  /** The close a refused-after-upgrade connection gets: code and §8 reason text. */
  function closed(url: string, headers: Record<string, string> = {}) {
    return new Promise<{ code: number; reason: string }>((resolve, reject) => {
      const socket = new WebSocket(url, { headers })
      socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() }))
      socket.on('error', reject)
    })
  }

  it('closes with 3000 and the §8 provider text: unknown project, foreign origin, JWT from the future', async () => {
    const identity = createRelayIdentity()
    const good = signRelayJwt(identity, server.relayUrl)
    const url = (auth: string, projectId = DEMO_PROJECT_ID) =>
      relayConnectUrl(server.relayUrl, auth, projectId)

    expect(await closed(url(good, 'ffffffffffffffffffffffffffffffff'))).toEqual({
      code: 3000,
      reason: 'Unauthorized: invalid key',
    })
    expect(await closed(url(good), { Origin: 'https://evil.example' })).toEqual({
      code: 3000,
      reason: 'Unauthorized: origin not allowed',
    })
    const ahead = signRelayJwt(identity, server.relayUrl, {
      iat: Math.floor(Date.now() / 1000) + 3600,
      ttlSeconds: 7200,
    })
    expect(await closed(url(ahead))).toEqual({
      code: 3000,
      reason: 'JWT validation error: JWT Token is not yet valid',
    })
    // A few seconds of drift is tolerated; an allowed page origin is let in.
    const slightlyAhead = signRelayJwt(identity, server.relayUrl, {
      iat: Math.floor(Date.now() / 1000) + 5,
    })
    const page = await RelayTestClient.open(url(slightlyAhead))
    expect(page.readyState).toBe(WebSocket.OPEN)
    page.terminate()
  })

  it('refuses a missing or bad JWT with 401, other paths with 404', async () => {
    const identity = createRelayIdentity()
    const good = signRelayJwt(identity, server.relayUrl)
    const url = (auth: string | undefined, projectId: string | null = DEMO_PROJECT_ID) =>
      relayConnectUrl(server.relayUrl, auth, projectId ?? undefined)

    expect(await refusal(url(undefined))).toEqual({
      status: 401,
      body: { error: "Relay authentication failed: the 'auth' query parameter is missing" },
    })
    expect(await refusal(url('not.a.jwt'))).toMatchObject({
      status: 401,
      body: { error: expect.stringContaining('base64url JSON') },
    })
    expect(await refusal(url(signRelayJwt(identity, 'wss://relay.walletconnect.org')))).toEqual({
      status: 401,
      body: { error: "Relay authentication failed: 'aud' is not this relay's URL" },
    })
    const expired = signRelayJwt(identity, server.relayUrl, {
      iat: Math.floor(Date.now() / 1000) - 100,
      ttlSeconds: 10,
    })
    expect((await refusal(url(expired))).body.error).toContain("'exp' has passed")
    const [h, p] = good.split('.')
    const forged = `${h}.${p}.${signRelayJwt(createRelayIdentity(), server.relayUrl).split('.')[2]}`
    expect((await refusal(url(forged))).body.error).toContain('signature')

    expect(await refusal(url(good, null))).toEqual({
      status: 401,
      body: { error: 'Project ID Missing', code: 'APKT008' },
    })
    const elsewhere = url(good).replace('/relay?', '/elsewhere?')
    expect(await refusal(elsewhere)).toEqual({ status: 404, body: { error: 'Not found' } })

    // The aud may name the relay by the Host the upgrade came with, with or without a query.
    const client = await connect({ aud: `${server.relayUrl}?projectId=${DEMO_PROJECT_ID}` })
    expect(client.socket.readyState).toBe(WebSocket.OPEN)
  })

  it('subscribes, publishes, fetches; a publisher does not get its own message; read mail leaves', async () => {
    const got: Record<string, SubscriptionData[]> = { alice: [], bob: [] }
    const alice = await connect({ onMessage: (data) => got.alice?.push(data) })
    const bob = await connect({ onMessage: (data) => got.bob?.push(data) })
    const topic = 'a'.repeat(64)
    expect(await bob.request('irn_subscribe', { topic })).toBe(
      subscriptionId(topic, bob.identity.did),
    )
    await alice.request('irn_subscribe', { topic })
    const params = { topic, message: 'aGVsbG8=', ttl: 300, tag: 1108, prompt: true }
    expect(await alice.request('irn_publish', params)).toBe(true)
    await bob.waitFor(() => got.bob?.length === 1)
    expect(got.bob?.[0]).toMatchObject({ topic, message: 'aGVsbG8=', tag: 1108 })
    const subscription = bob.frames.find((f) => f.method === 'irn_subscription')
    expect(subscription).toMatchObject({
      jsonrpc: '2.0',
      params: { id: subscriptionId(topic, bob.identity.did) },
    })

    // alice gets nothing of hers: her fetch is empty and no push came
    const fetched = await alice.request('irn_batchFetchMessages', { topics: [topic] })
    expect(fetched).toEqual({ messages: [], hasMore: false })
    expect(got.alice).toEqual([])

    // every subscriber has it: delivered mail leaves the mailbox
    const carol = await connect()
    expect(await carol.request('irn_batchFetchMessages', { topics: [topic] })).toEqual({
      messages: [],
      hasMore: false,
    })
    // a message no one has read yet waits for whoever fetches it, once
    const unread = 'e'.repeat(64)
    await alice.request('irn_publish', { ...params, topic: unread })
    expect(await carol.request('irn_batchFetchMessages', { topics: [unread] })).toMatchObject({
      messages: [{ topic: unread, message: 'aGVsbG8=', tag: 1108 }],
      hasMore: false,
    })
    expect(await carol.request('irn_batchFetchMessages', { topics: [unread] })).toMatchObject({
      messages: [],
    })
  })

  it('keeps messages for a subscriber that is away and gives them on its return', async () => {
    const identity = createRelayIdentity()
    const received: string[] = []
    const onMessage = (data: SubscriptionData) => received.push(data.message)
    const topic = 'b'.repeat(64)
    const bob = await connect({ identity, onMessage })
    await bob.request('irn_subscribe', { topic })
    await bob.close()

    const alice = await connect()
    await alice.request('irn_publish', { topic, message: 'b25l', ttl: 300, tag: 1 })
    await alice.request('irn_publish', { topic, message: 'dHdv', ttl: 300, tag: 1 })

    const back = await connect({ identity, onMessage })
    await back.waitFor(() => received.length === 2, 5_000, 'the mailbox')
    expect(received).toEqual(['b25l', 'dHdv'])
    // re-subscribing (as WalletConnect does after a reconnect) gives nothing twice
    await back.request('irn_batchSubscribe', { topics: [topic] })
    expect(await back.request('irn_batchFetchMessages', { topics: [topic] })).toMatchObject({
      messages: [],
    })
    expect(received).toHaveLength(2)
  })

  it('pings within the interval and drops a socket that does not answer', async () => {
    const client = await connect()
    await client.waitFor(() => client.pings >= 2, PING_MS * 10, 'two pings')

    const identity = createRelayIdentity()
    const silent = new WebSocket(
      relayConnectUrl(server.relayUrl, signRelayJwt(identity, server.relayUrl), DEMO_PROJECT_ID),
      { autoPong: false },
    )
    const closed = new Promise<number>((resolve) => silent.once('close', (code) => resolve(code)))
    await new Promise((resolve) => silent.once('open', resolve))
    expect(await closed).toBe(1006) // terminated, no close frame
  })

  it('answers malformed frames with JSON-RPC errors and stays usable', async () => {
    const client = await connect()
    let from = client.frames.length
    client.sendRaw('{not json')
    expect(await client.nextFrame((f) => 'error' in f, from)).toMatchObject({
      id: null,
      error: { code: -32700 },
    })
    from = client.frames.length
    client.sendRaw(Buffer.from('[]'))
    expect(await client.nextFrame((f) => 'error' in f, from)).toMatchObject({
      error: { code: -32600 },
    })
    await expect(client.request('irn_fly', {})).rejects.toMatchObject({ code: -32601 })
    await expect(client.request('irn_subscribe', { topic: 42 })).rejects.toThrow(RelayRequestError)
    await expect(client.request('irn_publish', { topic: 't', message: 'm' })).rejects.toMatchObject(
      { code: -32602, message: expect.stringContaining("'ttl'") },
    )
    expect(await client.request('irn_subscribe', { topic: 'still-usable' })).toMatch(
      /^[0-9a-f]{64}$/,
    )
  })

  it('closes a socket that sends a frame over the size limit, and nothing else', async () => {
    const big = await connect()
    const other = await connect()
    const code = new Promise<number>((resolve) => big.socket.once('close', (c) => resolve(c)))
    big.sendRaw('x'.repeat(600 * 1024))
    expect(await code).toBe(1009)
    expect(await other.request('irn_subscribe', { topic: 'fine' })).toMatch(/^[0-9a-f]{64}$/)
  })
})

describe('relay and server shutdown', () => {
  it('close() terminates relay sockets and does not wait for clients', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'latchkey-relay-close-'))
    try {
      const server = await startServer({ port: 0, databaseUrl: null, dataDir, logLevel: 'silent' })
      const client = await RelayTestClient.connect({
        relayUrl: server.relayUrl,
        projectId: DEMO_PROJECT_ID,
      })
      await client.request('irn_subscribe', { topic: 't' })
      const closed = new Promise((resolve) => client.socket.once('close', resolve))
      await server.close()
      await closed
      expect(client.socket.readyState).toBe(WebSocket.CLOSED)
    } finally {
      await rm(dataDir, { recursive: true, force: true })
    }
  })
})
