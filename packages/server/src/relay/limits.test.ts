// The relay's budgets over real WebSockets (testClient, and real WalletConnect clients): a
// flooding client is refused and reported while another client's session keeps working, per
// address budgets and socket and subscription caps (X-Forwarded-For only from a trusted proxy),
// the attestation cap, the short TTL of topics no one subscribes to, and JWTs good for more than
// a day.
import { describe, expect, it, vi } from 'vitest'
import { DEMO_PROJECT_ID } from '../constants.ts'
import { bytesOf } from './message.ts'
import {
  createRelayIdentity,
  RelayTestClient,
  relayConnectUrl,
  signRelayJwt,
} from './testClient.ts'
import { settle, useRelayHarness } from './testRelay.ts'
import {
  closeSignClient,
  initSignClient,
  openSessionAndSign,
  type SignClientInstance,
} from './testSignClient.ts'

const KIB = 1024
/** A WalletConnect-sized worst case: the largest message and the largest attestation */
const BIG_MESSAGE = 'A'.repeat(64 * KIB - 8)
const BIG_ATTESTATION = 'e'.repeat(4 * KIB)

const { startRelay, cleanups } = useRelayHarness()

const publish = (topic: string, message = BIG_MESSAGE, attestation = BIG_ATTESTATION) => ({
  topic,
  message,
  ttl: 86_400,
  tag: 1108,
  attestation,
})

describe('relay budgets', () => {
  it("refuses a flooding client and reports it, while another client's WalletConnect session keeps working", async () => {
    const perClient = 256 * KIB
    const harness = await startRelay({
      limits: { maxStoredBytesPerClient: perClient, maxStoredBytesPerAddress: 1024 * KIB },
      mailbox: { maxStoredBytes: 2048 * KIB },
    })
    const { relay } = harness
    const flooder = await harness.connect({ keepFrames: false })
    const topics = Array.from({ length: 300 }, (_, i) => `flood-${String(i).padStart(3, '0')}`)
    // 300 publishes of 68 KiB (20 MiB) at once: the old relay kept them all for a day.
    const outcomes = await settle(
      topics.map((topic) => flooder.request('irn_publish', publish(topic))),
    )
    const accepted = outcomes.filter((outcome) => outcome.result === true)
    const refused = outcomes.filter((outcome) => outcome.error)
    expect(refused.length).toBeGreaterThan(0)
    expect(accepted.length).toBeGreaterThan(0)
    const oneMessage = bytesOf(publish('flood-100'))
    expect(accepted.length).toBeLessThanOrEqual(Math.floor(perClient / oneMessage))
    expect(refused).toHaveLength(topics.length - accepted.length)
    for (const { error } of refused) {
      expect(error?.code).toBe(-32000)
      expect(error?.message).toMatch(
        /^(Mailbox full: one client may keep at most 256 KiB|Too many publishes: one client)/,
      )
    }

    // Memory bound: the relay's accounting, and what a client can actually fetch back.
    const did = flooder.identity.did
    expect(relay.budget.storedBytesOf(did)).toBe(accepted.length * oneMessage)
    expect(relay.budget.storedBytesOf(did)).toBeLessThanOrEqual(perClient)
    expect(relay.mailbox.bytes).toBeLessThanOrEqual(relay.mailbox.maxStoredBytes)
    const reader = await harness.connect()
    const fetched = await reader.request<{ messages: { message: string; attestation: string }[] }>(
      'irn_batchFetchMessages',
      { topics },
    )
    expect(fetched.messages).toHaveLength(accepted.length)
    const fetchedBytes = fetched.messages.reduce(
      (sum, m) => sum + m.message.length + m.attestation.length,
      0,
    )
    expect(fetchedBytes).toBeLessThanOrEqual(perClient)

    // Reported: every refusal counted, and logged through the server's logger.
    const counted = relay.refusals.count('client-bytes') + relay.refusals.count('client-rate')
    expect(counted).toBe(refused.length)
    expect(harness.logs).toContainEqual(
      expect.objectContaining({
        msg: 'relay publish refused',
        reason: 'client-bytes',
        clientId: did,
      }),
    )

    // The flood goes on; a dapp and a wallet on the same address open a session and sign.
    const more = settle(topics.map((topic) => flooder.request('irn_publish', publish(`${topic}+`))))
    const clients: SignClientInstance[] = []
    cleanups.push(async () => {
      for (const client of clients) await closeSignClient(client)
    })
    const dapp = await initSignClient('dapp', harness.relayUrl, harness.url)
    clients.push(dapp)
    const wallet = await initSignClient('wallet', harness.relayUrl, harness.url)
    clients.push(wallet)
    await openSessionAndSign(dapp, wallet)
    expect((await more).every((outcome) => outcome.error?.code === -32000)).toBe(true)
    expect(relay.budget.storedBytesOf(did)).toBeLessThanOrEqual(perClient)
  })

  it('holds each address to its byte budget; another address is not affected (trusted proxy)', async () => {
    const perAddress = 512 * KIB
    const harness = await startRelay({
      trustedProxies: ['127.0.0.1'],
      limits: { maxStoredBytesPerClient: 256 * KIB, maxStoredBytesPerAddress: perAddress },
    })
    const errors: string[] = []
    for (let i = 0; i < 6; i++) {
      // A new did:key each time costs nothing, and neither does a made-up X-Forwarded-For entry
      // (the proxy appends the address it saw): the address is what they share.
      const headers = { 'X-Forwarded-For': `198.51.100.${i}, 203.0.113.7` }
      const client = await harness.connect({ headers })
      const outcomes = await settle(
        [0, 1, 2].map((k) => client.request('irn_publish', publish(`a-${i}-${k}`))),
      )
      for (const { error } of outcomes) if (error) errors.push(error.message)
    }
    expect(errors.length).toBeGreaterThan(0)
    expect(new Set(errors)).toEqual(
      new Set(['Mailbox full: one address may keep at most 512 KiB of messages until they expire']),
    )
    expect(harness.relay.budget.storedBytesAt('203.0.113.7')).toBeLessThanOrEqual(perAddress)
    expect(harness.relay.refusals.count('address-bytes')).toBe(errors.length)

    const neighbour = await harness.connect({ headers: { 'X-Forwarded-For': '198.51.100.1' } })
    expect(await neighbour.request('irn_publish', publish('b-0'))).toBe(true)
  })

  it('refuses a socket over the per-address cap with HTTP 429; X-Forwarded-For counts only behind a trusted proxy', async () => {
    const direct = await startRelay({ limits: { maxConnectionsPerAddress: 3 } })
    // Without a trusted proxy, a client cannot spread itself over addresses with a header.
    const sockets = []
    for (const forwarded of ['10.0.0.1', '10.0.0.2', '10.0.0.3']) {
      sockets.push(await direct.connect({ headers: { 'X-Forwarded-For': forwarded } }))
    }
    const url = () =>
      relayConnectUrl(
        direct.relayUrl,
        signRelayJwt(createRelayIdentity(), direct.relayUrl),
        DEMO_PROJECT_ID,
      )
    const refused = await RelayTestClient.open(url(), { 'X-Forwarded-For': '10.0.0.4' }).then(
      () => undefined,
      (error: { status: number; body: string }) => error,
    )
    expect(refused?.status).toBe(429)
    expect(JSON.parse(refused?.body ?? '{}')).toEqual({
      error: 'Too many relay connections: at most 3 from one address',
    })
    expect(direct.relay.refusals.count('connections')).toBe(1)
    expect(direct.logs).toContainEqual(
      expect.objectContaining({ msg: 'relay connection refused', reason: 'connections' }),
    )
    // A closed socket gives its place back.
    await sockets[0]?.close()
    await vi.waitFor(() => expect(direct.relay.budget.connectionsAt('127.0.0.1')).toBe(2), {
      timeout: 10_000,
    })
    expect((await direct.connect()).socket.readyState).toBe(1)

    const proxied = await startRelay({
      trustedProxies: ['127.0.0.1'],
      limits: { maxConnectionsPerAddress: 2 },
    })
    const behind = (forwarded: string) =>
      proxied.connect({ headers: { 'X-Forwarded-For': forwarded } })
    await behind('203.0.113.9')
    await behind('203.0.113.9')
    await expect(behind('203.0.113.9')).rejects.toMatchObject({ status: 429 })
    expect((await behind('203.0.113.10')).socket.readyState).toBe(1)
  })

  it('refuses a subscription past the client cap and the address cap (IPv6 /64) with a JSON-RPC error naming it, counted and logged', async () => {
    let now = Date.now()
    const harness = await startRelay({
      now: () => now,
      idleClientMs: 60_000,
      trustedProxies: ['127.0.0.1'],
      maxTopicsPerClient: 3,
      limits: { maxSubscriptionsPerAddress: 5 },
    })
    const { relay } = harness
    const at = (address: string) => harness.connect({ headers: { 'X-Forwarded-For': address } })
    const alice = await at('2001:db8:1:2::a')
    for (const topic of ['a1', 'a2', 'a3', 'a1']) await alice.request('irn_subscribe', { topic })
    await expect(alice.request('irn_subscribe', { topic: 'a4' })).rejects.toMatchObject({
      code: -32000,
      message: 'Too many subscriptions: a client may hold at most 3 topics',
    })

    // Another client of the same /64: the address's budget is what they share (all or none).
    const bob = await at('2001:db8:1:2:ffff::b')
    const addressCap = {
      code: -32000,
      message: 'Too many subscriptions: the clients of one address may hold at most 5 topics',
    }
    await expect(
      bob.request('irn_batchSubscribe', { topics: ['b1', 'b2', 'b3'] }),
    ).rejects.toMatchObject(addressCap)
    expect(await bob.request('irn_batchSubscribe', { topics: ['b1', 'b2'] })).toHaveLength(2)
    await expect(bob.request('irn_subscribe', { topic: 'b3' })).rejects.toMatchObject(addressCap)
    await expect(
      bob.request('wc_proposeSession', { pairingTopic: 'p', sessionProposal: 'bWVzc2FnZQ==' }),
    ).rejects.toMatchObject(addressCap)
    expect(relay.budget.subscriptionsAt('2001:db8:1:2::1')).toBe(5)
    const elsewhere = await at('2001:db8:1:3::c')
    expect(typeof (await elsewhere.request('irn_subscribe', { topic: 'b3' }))).toBe('string')

    expect(relay.refusals.count('client-topics')).toBe(1)
    expect(relay.refusals.count('address-topics')).toBe(3)
    for (const reason of ['client-topics', 'address-topics']) {
      expect(harness.logs).toContainEqual(
        expect.objectContaining({ msg: 'relay subscribe refused', reason }),
      )
    }

    // An unsubscribe gives its place back, and so does a client forgotten after it left.
    await alice.request('irn_unsubscribe', { topic: 'a1', id: 'x' })
    expect(typeof (await bob.request('irn_subscribe', { topic: 'b3' }))).toBe('string')
    await alice.close()
    await vi.waitFor(() => expect(relay.connectionCount).toBe(2))
    now += 60_000
    relay.sweep()
    expect(relay.budget.subscriptionsAt('2001:db8:1:2::1')).toBe(3)
  })

  it('refuses an attestation over 4 KiB with a JSON-RPC error naming it', async () => {
    const harness = await startRelay()
    const client = await harness.connect()
    await expect(
      client.request('irn_publish', publish('t', 'bWVzc2FnZQ==', 'e'.repeat(4 * KIB + 1))),
    ).rejects.toMatchObject({
      code: -32602,
      message:
        "Invalid params for irn_publish: 'attestation': An attestation is at most 4096 characters",
    })
    await expect(
      client.request('wc_proposeSession', {
        pairingTopic: 'p',
        sessionProposal: 'bWVzc2FnZQ==',
        attestation: 'e'.repeat(4 * KIB + 1),
      }),
    ).rejects.toMatchObject({ code: -32602, message: expect.stringContaining("'attestation'") })
    expect(
      await client.request('irn_publish', publish('t', 'bWVzc2FnZQ==', 'e'.repeat(4 * KIB))),
    ).toBe(true)
  })

  it('keeps a message on a topic no one else subscribes to for 5 minutes, not its 24 h TTL', async () => {
    let now = Date.now()
    const harness = await startRelay({ now: () => now })
    const { relay } = harness
    const alice = await harness.connect()
    const bob = await harness.connect()
    await bob.request('irn_subscribe', { topic: 'watched' })
    await alice.request('irn_subscribe', { topic: 'own' }) // its sender does not count
    for (const topic of ['nobody', 'own', 'watched']) {
      expect(await alice.request('irn_publish', publish(topic, `bWVzc2FnZQ==${topic}`, ''))).toBe(
        true,
      )
    }
    expect(relay.mailbox.size).toBe(3)

    now += 5 * 60_000 - 1
    relay.sweep()
    expect(relay.mailbox.size).toBe(3)
    now += 1
    relay.sweep()
    expect(relay.mailbox.size).toBe(1) // 'watched' keeps its day
    expect(relay.budget.storedBytesOf(alice.identity.did)).toBe(
      bytesOf(publish('watched', 'bWVzc2FnZQ==watched', '')),
    )
    now += 86_400_000
    relay.sweep()
    expect(relay.mailbox.size).toBe(0)
    expect(relay.mailbox.bytes).toBe(0)
    expect(relay.budget.storedBytesOf(alice.identity.did)).toBe(0)
  })

  it('refuses a JWT good for more than a day with 401, as other bad JWTs', async () => {
    const harness = await startRelay()
    const identity = createRelayIdentity()
    const url = (ttlSeconds: number) =>
      relayConnectUrl(
        harness.relayUrl,
        signRelayJwt(identity, harness.relayUrl, { ttlSeconds }),
        DEMO_PROJECT_ID,
      )
    const refused = await RelayTestClient.open(url(30 * 86_400)).then(
      () => undefined,
      (error: { status: number; body: string }) => error,
    )
    expect(refused?.status).toBe(401)
    expect(JSON.parse(refused?.body ?? '{}')).toEqual({
      error: "Relay authentication failed: 'exp' is more than a day away",
    })
    const day = await RelayTestClient.open(url(86_400))
    expect(day.readyState).toBe(1)
    day.terminate()
  })
})
