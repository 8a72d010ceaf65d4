// Real WalletConnect clients (@walletconnect/sign-client 2.25, Node) through our relay, offline:
// a dapp proposes a session, a wallet pairs and approves, the dapp requests personal_sign, the
// wallet answers, then disconnects.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningServer, startServer } from '../server.ts'
import {
  closeSignClient,
  initSignClient,
  openSessionAndSign,
  type SignClientInstance,
  waitForEvent,
} from './testSignClient.ts'

describe('WalletConnect sign-client through the relay', () => {
  let server: RunningServer
  let dataDir: string
  const clients: SignClientInstance[] = []

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'latchkey-relay-wc-'))
    server = await startServer({ port: 0, databaseUrl: null, dataDir, logLevel: 'silent' })
  })
  afterAll(async () => {
    for (const client of clients) await closeSignClient(client)
    await server?.close()
    await rm(dataDir, { recursive: true, force: true })
  })

  async function init(name: string): Promise<SignClientInstance> {
    // The wallet looks the dapp up on its Verify server: ours answers 404 at once, offline.
    const client = await initSignClient(name, server.relayUrl, server.url)
    clients.push(client)
    return client
  }

  it('connects, approves, signs and disconnects', async () => {
    const dapp = await init('dapp')
    const wallet = await init('wallet')
    const session = await openSessionAndSign(dapp, wallet)

    const deleted = waitForEvent<{ topic: string }>(dapp, 'session_delete')
    await wallet.disconnect({
      topic: session.topic,
      reason: { code: 6000, message: 'User disconnected.' },
    })
    expect((await deleted).topic).toBe(session.topic)
  })
})
