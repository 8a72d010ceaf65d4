// The dispatcher and its delivery bookkeeping, over in-memory sockets (attach.test.ts runs the
// same relay over real WebSockets).
import { afterEach, describe, expect, it } from 'vitest'
import { type RelayConnection, type RelaySocket, subscriptionId } from './connection.ts'
import { Relay, type RelayOptions } from './relay.ts'

interface Frame {
  id: number | string | null
  method?: string
  params?: {
    id: string
    data: { topic: string; message: string; tag: number; publishedAt: number }
  }
  result?: unknown
  error?: { code: number; message: string }
}

class FakeSocket implements RelaySocket {
  readyState = 1
  readonly sent: string[] = []
  pings = 0
  terminated = false
  /** Sends fail (as on a socket that is closing) */
  failSends = false

  send(data: string, callback: (error?: Error) => void): void {
    if (this.failSends) {
      queueMicrotask(() => callback(new Error('socket closing')))
      return
    }
    this.sent.push(data)
    queueMicrotask(() => callback())
  }
  ping(): void {
    this.pings++
  }
  terminate(): void {
    this.terminated = true
    this.readyState = 3
  }
  get frames(): Frame[] {
    return this.sent.map((text) => JSON.parse(text) as Frame)
  }
  /** irn_subscription pushes: [topic, message, tag] */
  get pushes() {
    return this.frames
      .filter((frame) => frame.method === 'irn_subscription')
      .map((frame) => frame.params?.data)
  }
  get last(): Frame {
    return this.frames.at(-1) as Frame
  }
}

const relays: Relay[] = []
afterEach(() => {
  for (const relay of relays.splice(0)) relay.close()
})

function setup(options: RelayOptions = {}) {
  const relay = new Relay({ pingIntervalMs: 0, sweepIntervalMs: 0, ...options })
  relays.push(relay)
  let nextId = 1
  const client = (clientId: string) => {
    const socket = new FakeSocket()
    const connection = relay.connect(socket, clientId)
    return {
      socket,
      connection,
      get frames() {
        return socket.frames
      },
      get pushes() {
        return socket.pushes
      },
      get last() {
        return socket.last
      },
      call(method: string, params: unknown) {
        relay.receive(connection, JSON.stringify({ id: nextId++, jsonrpc: '2.0', method, params }))
        return socket.last
      },
      /** Acknowledges every push so far */
      ackAll() {
        for (const frame of socket.frames.filter((f) => f.method === 'irn_subscription')) {
          relay.receive(connection, JSON.stringify({ id: frame.id, jsonrpc: '2.0', result: true }))
        }
      },
      close() {
        socket.readyState = 3
        relay.disconnect(connection)
      },
    }
  }
  return { relay, client }
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0))
const publish = (topic: string, message: string, extra: object = {}) => ({
  topic,
  message,
  ttl: 300,
  tag: 1108,
  ...extra,
})

describe('Relay subscriptions and delivery', () => {
  it('answers subscribe with the id WalletConnect computes: sha256(topic + clientId)', () => {
    const { client } = setup()
    const alice = client('did:key:alice')
    expect(alice.call('irn_subscribe', { topic: 'abc' })).toMatchObject({
      id: 1,
      result: subscriptionId('abc', 'did:key:alice'),
    })
    expect(subscriptionId('abc', 'did:key:alice')).toMatch(/^[0-9a-f]{64}$/)
    expect(alice.call('irn_batchSubscribe', { topics: ['abc', 'def'] }).result).toEqual([
      subscriptionId('abc', 'did:key:alice'),
      subscriptionId('def', 'did:key:alice'),
    ])
  })

  it('pushes a publish to subscribers, never to its sender', () => {
    const { client } = setup()
    const alice = client('alice')
    const bob = client('bob')
    alice.call('irn_subscribe', { topic: 't' })
    bob.call('irn_subscribe', { topic: 't' })
    expect(alice.call('irn_publish', publish('t', 'hello', { attestation: 'att' })).result).toBe(
      true,
    )
    expect(alice.pushes).toEqual([])
    expect(bob.frames.at(-1)).toMatchObject({
      jsonrpc: '2.0',
      method: 'irn_subscription',
      params: {
        id: subscriptionId('t', 'bob'),
        data: { topic: 't', message: 'hello', tag: 1108, attestation: 'att' },
      },
    })
    expect(typeof bob.last.params?.data.publishedAt).toBe('number')
  })

  it('keeps messages for a later subscriber and for a client that was away', () => {
    const { client } = setup()
    const alice = client('alice')
    alice.call('irn_publish', publish('t', 'before anyone'))
    const bob = client('bob')
    bob.call('irn_subscribe', { topic: 't' })
    expect(bob.pushes.map((d) => d?.message)).toEqual(['before anyone'])
    bob.ackAll()
    bob.close()

    alice.call('irn_publish', publish('t', 'while bob was away'))
    // Subscriptions belong to the identity: bob's next socket gets it without re-subscribing.
    const bobAgain = client('bob')
    expect(bobAgain.pushes.map((d) => d?.message)).toEqual(['while bob was away'])
    bobAgain.ackAll()
    bobAgain.call('irn_subscribe', { topic: 't' })
    expect(bobAgain.pushes).toHaveLength(1)
  })

  it('sends an unacknowledged message again on the next socket, an acknowledged one never', () => {
    const { relay, client } = setup()
    const alice = client('alice')
    const bob = client('bob')
    bob.call('irn_subscribe', { topic: 't' })
    alice.call('irn_publish', publish('t', 'one'))
    alice.call('irn_publish', publish('t', 'two'))
    expect(bob.pushes).toHaveLength(2)
    const [first] = bob.frames.filter((f) => f.method === 'irn_subscription')
    // bob acknowledges 'one' only, then goes away
    relay.receive(bob.connection, JSON.stringify({ id: first?.id, result: true }))
    bob.close()
    const bobAgain = client('bob')
    expect(bobAgain.pushes.map((d) => d?.message)).toEqual(['two'])
  })

  it("delivers on the client's socket that subscribed, and moves what was in flight when it closes", () => {
    const { client } = setup()
    const alice = client('alice')
    const tabA = client('bob')
    tabA.call('irn_subscribe', { topic: 't' })
    const tabB = client('bob') // the same identity again: a reconnect, or a second tab
    tabB.call('irn_subscribe', { topic: 'u' })
    alice.call('irn_publish', publish('t', 'm1'))
    alice.call('irn_publish', publish('u', 'm2'))
    expect(tabA.pushes.map((d) => d?.message)).toEqual(['m1'])
    expect(tabB.pushes.map((d) => d?.message)).toEqual(['m2'])
    tabA.close() // before acknowledging m1
    expect(tabB.pushes.map((d) => d?.message)).toEqual(['m2', 'm1'])
    // with no socket of its own on the topic, the newest socket gets it
    alice.call('irn_publish', publish('t', 'm3'))
    expect(tabB.pushes.map((d) => d?.message)).toEqual(['m2', 'm1', 'm3'])
  })

  it('releases a message whose write failed', async () => {
    const { client } = setup()
    const alice = client('alice')
    const bob = client('bob')
    bob.call('irn_subscribe', { topic: 't' })
    bob.socket.failSends = true
    alice.call('irn_publish', publish('t', 'lost write'))
    await flush()
    bob.close()
    expect(client('bob').pushes.map((d) => d?.message)).toEqual(['lost write'])
  })

  it('stops delivering after unsubscribe', () => {
    const { client } = setup()
    const alice = client('alice')
    const bob = client('bob')
    bob.call('irn_batchSubscribe', { topics: ['t', 'u'] })
    expect(bob.call('irn_unsubscribe', { topic: 't', id: subscriptionId('t', 'bob') }).result).toBe(
      true,
    )
    alice.call('irn_publish', publish('t', 'x'))
    expect(bob.pushes).toEqual([])
    expect(
      bob.call('irn_batchUnsubscribe', { subscriptions: [{ topic: 'u', id: 'x' }] }).result,
    ).toBe(true)
    alice.call('irn_publish', publish('u', 'y'))
    expect(bob.pushes).toEqual([])
  })

  it('stores a retried publish once', () => {
    const { client } = setup()
    const alice = client('alice')
    const bob = client('bob')
    bob.call('irn_subscribe', { topic: 't' })
    alice.call('irn_publish', publish('t', 'same'))
    expect(alice.call('irn_publish', publish('t', 'same')).result).toBe(true)
    expect(bob.pushes).toHaveLength(1)
  })

  it('irn_batchPublish stores each message', () => {
    const { client } = setup()
    const alice = client('alice')
    const bob = client('bob')
    bob.call('irn_subscribe', { topic: 't' })
    expect(
      alice.call('irn_batchPublish', { messages: [publish('t', 'a'), publish('t', 'b')] }).result,
    ).toBe(true)
    expect(bob.pushes.map((d) => d?.message)).toEqual(['a', 'b'])
  })

  it('irn_batchFetchMessages returns what the client has not had, then counts it delivered', async () => {
    const { client } = setup({ maxFetchMessages: 2 })
    const alice = client('alice')
    for (const message of ['1', '2', '3']) alice.call('irn_publish', publish('t', message))
    const bob = client('bob')
    const first = bob.call('irn_batchFetchMessages', { topics: ['t', 't'] })
    expect(first.result).toMatchObject({
      messages: [
        { topic: 't', message: '1', tag: 1108 },
        { topic: 't', message: '2', tag: 1108 },
      ],
      hasMore: true,
    })
    await flush()
    expect(bob.call('irn_batchFetchMessages', { topics: ['t'] }).result).toMatchObject({
      messages: [{ message: '3' }],
      hasMore: false,
    })
    await flush()
    bob.call('irn_subscribe', { topic: 't' })
    expect(bob.pushes).toEqual([])
    expect(alice.call('irn_batchFetchMessages', { topics: ['t'] }).result).toEqual({
      messages: [],
      hasMore: false,
    })
  })
})

describe('Relay session shortcuts (sign-client publishCustom)', () => {
  it('wc_proposeSession subscribes the dapp to the pairing topic and publishes with tag 1100', () => {
    const { client } = setup()
    const dapp = client('dapp')
    expect(
      dapp.call('wc_proposeSession', {
        pairingTopic: 'pairing',
        sessionProposal: 'proposal',
        ttl: 300,
        correlationId: 1712345678901234,
      }).result,
    ).toBe(true)
    const wallet = client('wallet')
    wallet.call('irn_subscribe', { topic: 'pairing' })
    expect(wallet.pushes).toMatchObject([{ topic: 'pairing', message: 'proposal', tag: 1100 }])
    expect(dapp.pushes).toEqual([])

    expect(
      wallet.call('wc_approveSession', {
        sessionTopic: 'session',
        pairingTopic: 'pairing',
        sessionProposalResponse: 'response',
        sessionSettlementRequest: 'settle',
        ttl: 300,
      }).result,
    ).toBe(true)
    // The dapp was subscribed to the pairing topic by its proposal
    expect(dapp.pushes).toMatchObject([{ topic: 'pairing', message: 'response', tag: 1101 }])
    dapp.call('irn_subscribe', { topic: 'session' })
    expect(dapp.pushes.at(-1)).toMatchObject({ topic: 'session', message: 'settle', tag: 1102 })
    expect(wallet.pushes).toHaveLength(1)

    // The wallet was subscribed to the session topic by its approval
    dapp.call('irn_publish', publish('session', 'request'))
    expect(wallet.pushes.at(-1)).toMatchObject({ topic: 'session', message: 'request' })
  })
})

describe('Relay errors', () => {
  it('answers bad frames and stays usable', () => {
    const { relay, client } = setup()
    const alice = client('alice')
    const send = (text: string) => {
      relay.receive(alice.connection, text)
      return alice.last
    }
    expect(send('not json')).toMatchObject({ id: null, error: { code: -32700 } })
    expect(send('{"id":1}')).toMatchObject({ id: 1, error: { code: -32600 } })
    expect(send('{"id":2,"method":"irn_nope","params":{}}')).toMatchObject({
      id: 2,
      error: { code: -32601, message: 'Method not found: irn_nope' },
    })
    expect(send('{"id":3,"method":"irn_publish","params":{"topic":"t"}}')).toMatchObject({
      id: 3,
      error: { code: -32602, message: expect.stringContaining("irn_publish: 'message'") },
    })
    expect(send('{"id":4,"method":"irn_subscribe"}')).toMatchObject({
      error: { code: -32602, message: expect.stringContaining("'params'") },
    })
    expect(
      send(
        `{"id":5,"method":"irn_publish","params":${JSON.stringify(publish('t', 'x'.repeat(64 * 1024 + 1)))}}`,
      ),
    ).toMatchObject({ error: { code: -32602, message: expect.stringContaining("'message'") } })
    expect(
      send('{"id":6,"method":"irn_publish","params":{"topic":"t","message":"m","ttl":-1}}'),
    ).toMatchObject({ error: { code: -32602, message: expect.stringContaining("'ttl'") } })
    // Answers from us to a push that is not in flight are ignored
    expect(send('{"id":99999,"result":true}')).toMatchObject({ id: 6 })
    expect(
      send('{"id":1712345678901234567,"method":"irn_subscribe","params":{"topic":"t"}}'),
    ).toMatchObject({ result: subscriptionId('t', 'alice') })
    expect(alice.socket.sent.at(-1)).toContain('"id":1712345678901234567,')
  })

  it('refuses more topics than a client may hold', () => {
    const { client } = setup({ maxTopicsPerClient: 2 })
    const alice = client('alice')
    alice.call('irn_subscribe', { topic: 'a' })
    expect(alice.call('irn_batchSubscribe', { topics: ['a', 'b', 'c'] })).toMatchObject({
      error: { code: -32000, message: expect.stringContaining('at most 2 topics') },
    })
    expect(alice.call('irn_batchSubscribe', { topics: ['a', 'b'] }).result).toHaveLength(2)
    expect(alice.call('irn_subscribe', { topic: 'c' })).toMatchObject({ error: { code: -32000 } })
    expect(
      alice.call('wc_proposeSession', { pairingTopic: 'p', sessionProposal: 'x' }),
    ).toMatchObject({ error: { code: -32000 } })
    expect(alice.call('irn_subscribe', { topic: 'b' }).result).toBe(subscriptionId('b', 'alice'))
  })

  it('refuses a publish to a full topic, and the whole of an approval that does not fit', () => {
    const { client } = setup({ mailbox: { maxMessagesPerTopic: 1 } })
    const alice = client('alice')
    alice.call('irn_publish', publish('t', 'first'))
    expect(alice.call('irn_publish', publish('t', 'second'))).toMatchObject({
      error: { code: -32000, message: expect.stringContaining('at most 1 messages') },
    })
    expect(
      alice.call('wc_approveSession', {
        sessionTopic: 's',
        pairingTopic: 't',
        sessionProposalResponse: 'r',
        sessionSettlementRequest: 'x',
      }),
    ).toMatchObject({ error: { code: -32000 } })
    const bob = client('bob')
    bob.call('irn_subscribe', { topic: 's' })
    expect(bob.pushes).toEqual([])
  })
})

describe('Relay heartbeat and sweeping', () => {
  it('pings every socket and terminates one that missed the last pong', () => {
    const { relay, client } = setup()
    const alice = client('alice')
    const bob = client('bob')
    relay.heartbeat()
    expect([alice.socket.pings, bob.socket.pings]).toEqual([1, 1])
    relay.pong(alice.connection)
    relay.heartbeat()
    expect(alice.socket.pings).toBe(2)
    expect(bob.socket.terminated).toBe(true)
    expect(relay.connectionCount).toBe(1)
  })

  it('pings on its own timer', async () => {
    const { client } = setup({ pingIntervalMs: 10 })
    const alice = client('alice')
    await new Promise((resolve) => setTimeout(resolve, 35))
    expect(alice.socket.pings).toBeGreaterThanOrEqual(1)
  })

  it('forgets the subscriptions of a client gone for idleClientMs', () => {
    let now = 1_000_000
    const { relay, client } = setup({ now: () => now, idleClientMs: 60_000 })
    const bob = client('bob')
    bob.call('irn_subscribe', { topic: 't' })
    bob.close()
    now += 59_999
    relay.sweep()
    expect(relay.topicsOf('bob')).toEqual(['t'])
    now += 1
    relay.sweep()
    expect(relay.topicsOf('bob')).toEqual([])
    expect(relay.clientCount).toBe(0)
  })

  it('close() terminates every socket', () => {
    const { relay, client } = setup()
    const alice = client('alice')
    relay.close()
    expect(alice.socket.terminated).toBe(true)
    const late: RelayConnection = relay.connect(new FakeSocket(), 'late')
    expect((late.socket as FakeSocket).terminated).toBe(true)
  })
})
