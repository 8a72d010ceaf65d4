// Real WalletConnect clients (@walletconnect/sign-client 2.25, Node) for the relay's tests,
// offline: storage in memory, a dapp and a wallet that open a session and sign through it.
import { randomUUID } from 'node:crypto'
import type { IKeyValueStorage } from '@walletconnect/keyvaluestorage'
import { SignClient } from '@walletconnect/sign-client'
import { expect } from 'vitest'
import { DEMO_PROJECT_ID } from '../constants.ts'

export type SignClientInstance = Awaited<ReturnType<typeof SignClient.init>>

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

export const ACCOUNT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
export const CHAIN = 'eip155:31337'
const METHODS = ['personal_sign']
const EVENTS = ['chainChanged', 'accountsChanged']

export function waitForEvent<T>(
  client: SignClientInstance,
  event: string,
  timeoutMs = 20_000,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} in ${timeoutMs} ms`)), timeoutMs)
    client.once(event as 'session_proposal', (payload: unknown) => {
      clearTimeout(timer)
      resolve(payload as T)
    })
  })
}

/**
 * A sign-client on `relayUrl`. `verifyUrl` is where the wallet looks the dapp up: a server that
 * answers 404 at once keeps it offline.
 */
export function initSignClient(
  name: string,
  relayUrl: string,
  verifyUrl: string,
): Promise<SignClientInstance> {
  return SignClient.init({
    projectId: DEMO_PROJECT_ID,
    relayUrl,
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
      verifyUrl,
    },
  })
}

/** Stops a client's timers and closes its relay socket. */
export async function closeSignClient(client: SignClientInstance): Promise<void> {
  client.core.heartbeat.stop()
  await client.core.relayer.transportClose().catch(() => {})
}

/** The dapp proposes, the wallet pairs and approves, the dapp has a personal_sign answered. */
export async function openSessionAndSign(dapp: SignClientInstance, wallet: SignClientInstance) {
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
  expect(params.proposer.metadata.name).toBe(dapp.metadata.name)

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
  return session
}
