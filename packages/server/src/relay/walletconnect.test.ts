// Real WalletConnect clients (@walletconnect/sign-client 2.25, Node) through our relay, offline:
// a dapp proposes a session, a wallet pairs and approves, the dapp requests personal_sign, the
// wallet answers, then disconnects.
import { randomUUID } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { IKeyValueStorage } from '@walletconnect/keyvaluestorage'
import { SignClient } from '@walletconnect/sign-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_PROJECT_ID } from '../constants.ts'
import { type RunningServer, startServer } from '../server.ts'

type Client = Awaited<ReturnType<typeof SignClient.init>>

/** WalletConnect's storage in memory (in Node it would write a file otherwise). */
class MemoryStorage implements IKeyValueStorage {
  readonly #items = new Map<string, unknown>()
  async getKeys() {
    return [...this.#items.keys()]
  }
  async getEntries<T>() {
    return [...this.#items.entries()] as [string, T][]
  }
  async getItem<T>(key: string) {
    return structuredClone(this.#items.get(key)) as T | undefined
  }
  async setItem<T>(key: string, value: T) {
    this.#items.set(key, structuredClone(value))
  }
  async removeItem(key: string) {
    this.#items.delete(key)
  }
}

const ACCOUNT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const CHAIN = 'eip155:31337'
const METHODS = ['personal_sign']
const EVENTS = ['chainChanged', 'accountsChanged']

function waitForEvent<T>(client: Client, event: string, timeoutMs = 20_000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} in ${timeoutMs} ms`)), timeoutMs)
    client.once(event as 'session_proposal', (payload: unknown) => {
      clearTimeout(timer)
      resolve(payload as T)
    })
  })
}

describe('WalletConnect sign-client through the relay', () => {
  let server: RunningServer
  let dataDir: string
  const clients: Client[] = []

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'latchkey-relay-wc-'))
    server = await startServer({ port: 0, databaseUrl: null, dataDir, logLevel: 'silent' })
  })
  afterAll(async () => {
    for (const client of clients) {
      client.core.heartbeat.stop()
      await client.core.relayer.transportClose().catch(() => {})
    }
    await server?.close()
    await rm(dataDir, { recursive: true, force: true })
  })

  async function init(name: string): Promise<Client> {
    const client = await SignClient.init({
      projectId: DEMO_PROJECT_ID,
      relayUrl: server.relayUrl,
      // A prefix per client and run: WalletConnect keeps one core per prefix on globalThis.
      customStoragePrefix: `${name}-${randomUUID()}`,
      storage: new MemoryStorage(),
      logger: 'silent',
      telemetryEnabled: false,
      metadata: {
        name,
        description: `Latchkey relay test ${name}`,
        url: 'http://127.0.0.1:5173',
        icons: [],
        // The wallet looks the dapp up on its Verify server: ours answers 404 at once, offline.
        verifyUrl: server.url,
      },
    })
    clients.push(client)
    return client
  }

  it('connects, approves, signs and disconnects', async () => {
    const dapp = await init('dapp')
    const wallet = await init('wallet')

    const { uri, approval } = await dapp.connect({
      optionalNamespaces: { eip155: { chains: [CHAIN], methods: METHODS, events: EVENTS } },
    })
    expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/)

    const proposal = waitForEvent<{
      id: number
      params: { proposer: { metadata: { name: string } } }
    }>(wallet, 'session_proposal')
    await wallet.core.pairing.pair({ uri: uri as string })
    const { id, params } = await proposal
    expect(params.proposer.metadata.name).toBe('dapp')

    const approved = await wallet.approve({
      id,
      namespaces: {
        eip155: {
          accounts: [`${CHAIN}:${ACCOUNT}`],
          chains: [CHAIN],
          methods: METHODS,
          events: EVENTS,
        },
      },
    })
    const session = await approval()
    expect(session.topic).toBe(approved.topic)
    expect(session.namespaces.eip155?.accounts).toEqual([`${CHAIN}:${ACCOUNT}`])
    await approved.acknowledged()

    const request = waitForEvent<{
      id: number
      topic: string
      params: { request: { method: string; params: string[] } }
    }>(wallet, 'session_request')
    const signature = dapp.request<string>({
      topic: session.topic,
      chainId: CHAIN,
      request: { method: 'personal_sign', params: ['0x68656c6c6f', ACCOUNT] },
    })
    const incoming = await request
    expect(incoming.params.request).toMatchObject({
      method: 'personal_sign',
      params: ['0x68656c6c6f', ACCOUNT],
    })
    await wallet.respond({
      topic: incoming.topic,
      response: { id: incoming.id, jsonrpc: '2.0', result: '0xsigned' },
    })
    expect(await signature).toBe('0xsigned')

    const deleted = waitForEvent<{ topic: string }>(dapp, 'session_delete')
    await wallet.disconnect({
      topic: session.topic,
      reason: { code: 6000, message: 'User disconnected.' },
    })
    expect((await deleted).topic).toBe(session.topic)
  })
})
