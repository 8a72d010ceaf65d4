// Two instances behind nginx on one PostgreSQL and one Redis (testing/cluster.ts), checked as
// the README's "Several instances" promises: WalletConnect across instances, one rate limit for
// both, the relay's messages exactly once through reconnects and a SIGKILL, and the indexer
// resuming on the survivor without gaps or duplicates. Runs where CI runs it (PostgreSQL,
// redis-server and nginx present); skipped elsewhere.
import { randomUUID } from 'node:crypto'
import { setTimeout } from 'node:timers/promises'
import { type Devnet, findFreePort, startDevnet, TEST_ACCOUNTS } from '@latchkey/devnet'
import pg from 'pg'
import { createWalletClient, type Hex, http, parseEther, recoverMessageAddress } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_ADDRESS_RATE_LIMIT, DEMO_PROJECT_ID } from './constants.ts'
import { closeSignClient, initSignClient } from './relay/testSignClient.ts'
import { type Cluster, clusterAvailable, startCluster } from './testing/cluster.ts'
import { relayPeers } from './testing/relayPeers.ts'
import { startWalletKit } from './testing/walletKit.ts'

const ADMIN_TOKEN = `cluster-${randomUUID()}-${randomUUID()}`
const GENEROUS = { burst: 100_000, perSecond: 100_000 }

/** An instance's own gauge (its /metrics, not through the balancer). */
async function gauge(url: string, name: string): Promise<number | undefined> {
  const response = await fetch(`${url}/metrics`, {
    headers: { Authorization: `Bearer ${ADMIN_TOKEN}` },
  })
  const line = (await response.text()).split('\n').find((l) => l.startsWith(`${name} `))
  return line === undefined ? undefined : Number(line.split(' ')[1])
}

describe.skipIf(!clusterAvailable)('two instances behind nginx', () => {
  let cluster: Cluster

  beforeAll(async () => {
    cluster = await startCluster({
      adminToken: ADMIN_TOKEN,
      relayLimits: {
        clientPublishRate: GENEROUS,
        addressPublishRate: GENEROUS,
        maxConnectionsPerAddress: 10_000,
        maxSubscriptionsPerAddress: 100_000,
      },
    })
  })
  afterAll(() => cluster?.stop())

  it('a dapp on instance A pairs with a WalletKit wallet on instance B; 1,000 requests answered', async () => {
    const [a, b] = cluster.instances
    const relayOf = (url: string) => `${url.replace('http', 'ws')}/relay`
    const wallet = await startWalletKit({ relayUrl: relayOf(b.url), projectId: DEMO_PROJECT_ID })
    const dapp = await initSignClient('cluster-dapp', relayOf(a.url), a.url)
    try {
      const { uri, approval } = await dapp.connect({
        optionalNamespaces: {
          eip155: { chains: [wallet.chain], methods: ['personal_sign'], events: [] },
        },
      })
      await wallet.pair(uri as string)
      const session = await approval()
      const answers: string[] = []
      const ask = async (n: number) => {
        const text = `0x${Buffer.from(`request ${n}`).toString('hex')}`
        const signature = await dapp.request<string>({
          topic: session.topic,
          chainId: wallet.chain,
          request: { method: 'personal_sign', params: [text, wallet.address] },
        })
        answers[n] = signature
      }
      // One after another: sign-client numbers requests by the millisecond plus three random
      // digits, so requests fired together can share an id and get each other's answers.
      for (let n = 0; n < 1_000; n++) await ask(n)
      // Each answer is the wallet's signature of its own request.
      const signers = await Promise.all(
        answers.map((signature, n) =>
          recoverMessageAddress({ message: `request ${n}`, signature: signature as Hex }),
        ),
      )
      expect(signers.filter((signer) => signer === wallet.address)).toHaveLength(1_000)
    } finally {
      await closeSignClient(dapp)
      await wallet.stop()
    }
  })

  it('one rate limit for both: N instances do not multiply it', async () => {
    const from = `198.51.100.${Math.floor(Math.random() * 250) + 1}`
    const statuses: number[] = []
    const { limit, windowMs } = DEFAULT_ADDRESS_RATE_LIMIT
    // The limit slides over fixed windows of the clock (rateCounters.ts): a burst that straddles
    // two lets a little more through as the first one's weight fades. Start just after one begins.
    await setTimeout(windowMs - (Date.now() % windowMs) + 50)
    for (let i = 0; i < limit + 100; i += 20) {
      const batch = await Promise.all(
        Array.from({ length: 20 }, () =>
          fetch(`${cluster.url}/getWallets?projectId=${DEMO_PROJECT_ID}&page=1&entries=1`, {
            headers: { 'X-Forwarded-For': from },
          }).then((response) => response.status),
        ),
      )
      statuses.push(...batch)
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(limit)
    expect(statuses.filter((status) => status === 429)).toHaveLength(100)
  })

  it('200 relay clients, 10,000 messages, reconnects and a SIGKILL: each message reaches its subscriber, never its sender', async () => {
    const peers = await relayPeers({ relayUrl: cluster.relayUrl, clients: 200 })
    try {
      // Half the messages with clients reconnecting at random (often to the other instance):
      // none lost, none to its sender; a repeat only of what a client had just before it moved,
      // whose acknowledgement was still on its way to the shared stream (server README, Relay).
      await peers.publish({ perClient: 25, reconnectChance: 0.05 })
      await peers.allDelivered()
      const first = peers.report()
      expect(first).toMatchObject({ missing: 0, toSender: 0 })
      expect(first.duplicates).toBeLessThanOrEqual(first.inFlightAtBounce)
      // The other half; instance A is killed halfway through.
      const [a] = cluster.instances
      await peers.publish({ perClient: 25, reconnectChance: 0.05, halfway: () => a.kill() })
      await peers.allDelivered()
      const report = peers.report()
      expect(report).toMatchObject({ delivered: 10_000, missing: 0, toSender: 0 })
      // What A had sent and not yet heard acknowledged comes again from B; a WalletConnect client
      // drops such a repeat (it keeps the hash of each message it had), so each is handled once.
      expect(report.duplicates).toBeLessThanOrEqual(report.inFlightAtKill + report.inFlightAtBounce)
    } finally {
      await peers.close()
    }
  })
})

describe.skipIf(!clusterAvailable)('the indexer on two instances', () => {
  let cluster: Cluster
  let devnet: Devnet

  beforeAll(async () => {
    devnet = await startDevnet({ chains: [{ chainId: 31337, port: await findFreePort() }] })
    cluster = await startCluster({
      adminToken: ADMIN_TOKEN,
      evmRpcUrls: `31337=${devnet.chains[0]?.rpcUrl}`,
    })
  })
  afterAll(async () => {
    await cluster?.stop()
    await devnet?.stop()
  })

  it('the leader is SIGKILLed: the other takes over within 5 s and indexes every transfer once', async () => {
    const db = new pg.Client({ connectionString: cluster.databaseUrl })
    await db.connect()
    const rpcUrl = devnet.chains[0]?.rpcUrl ?? ''
    const sender = createWalletClient({
      account: privateKeyToAccount(TEST_ACCOUNTS[3].privateKey as Hex),
      transport: http(rpcUrl),
    })
    const to = privateKeyToAccount(`0x${randomUUID().replaceAll('-', '').repeat(2)}`).address
    const hashes: string[] = []
    const send = async (count: number) => {
      for (let i = 0; i < count; i++) {
        hashes.push(await sender.sendTransaction({ to, value: parseEther('0.001'), chain: null }))
      }
    }
    const indexed = async () => {
      const { rows } = await db.query<{ tx_hash: string; n: number }>(
        'select tx_hash, count(*)::int as n from transfers where to_address = $1 group by tx_hash',
        [to.toLowerCase()],
      )
      return rows
    }
    try {
      const leaders = async () =>
        Promise.all(cluster.instances.map((s) => gauge(s.url, 'latchkey_indexer_leader')))
      await expect.poll(leaders).toContain(1)
      const leader = (await leaders()).indexOf(1)
      const survivor = cluster.instances[1 - leader]
      await send(10)
      await expect.poll(async () => (await indexed()).length).toBe(10)
      await cluster.instances[leader]?.kill()
      const killedAt = Date.now()
      await send(10)
      await expect
        .poll(() => gauge(survivor?.url ?? '', 'latchkey_indexer_leader'), { timeout: 5_000 })
        .toBe(1)
      expect(Date.now() - killedAt).toBeLessThan(5_000)
      await expect.poll(async () => (await indexed()).length).toBe(20)
      const rows = await indexed()
      expect(new Set(rows.map((row) => row.tx_hash))).toEqual(
        new Set(hashes.map((hash) => hash.toLowerCase())),
      )
      expect(rows.every((row) => row.n === 1)).toBe(true)
    } finally {
      await db.end()
    }
  })
})
