// Test support for the relay's limits: a relay attached to a bare HTTP server (it answers 404,
// which keeps WalletConnect's Verify offline), its log lines, and test clients; stopped after
// each test.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Writable } from 'node:stream'
import pino from 'pino'
import { afterEach } from 'vitest'
import { DEMO_PROJECT_ID } from '../constants.ts'
import { type AttachRelayOptions, attachRelay } from './attach.ts'
import {
  type RelayRequestError,
  RelayTestClient,
  type RelayTestClientOptions,
} from './testClient.ts'

/** Registers the afterEach that stops what the test's startRelay() started; returns startRelay. */
export function useRelayHarness() {
  const cleanups: (() => Promise<void>)[] = []
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
  })

  async function startRelay(options: Omit<AttachRelayOptions, 'logger'> = {}) {
    const logs: Record<string, unknown>[] = []
    const sink = new Writable({
      write(chunk, _encoding, done) {
        for (const line of chunk.toString().split('\n')) if (line) logs.push(JSON.parse(line))
        done()
      },
    })
    const server = createServer((_request, response) => {
      response.statusCode = 404
      response.end()
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const attached = attachRelay(server, { logger: pino(sink), sweepIntervalMs: 0, ...options })
    const { port } = server.address() as AddressInfo
    const relayUrl = `ws://127.0.0.1:${port}/relay`
    const clients: RelayTestClient[] = []
    cleanups.push(async () => {
      await Promise.all(clients.map((client) => client.close()))
      await attached.close()
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    })
    return {
      relay: attached.relay,
      relayUrl,
      url: `http://127.0.0.1:${port}`,
      logs,
      async connect(more: Partial<RelayTestClientOptions> = {}) {
        const client = await RelayTestClient.connect({
          relayUrl,
          projectId: DEMO_PROJECT_ID,
          ...more,
        })
        clients.push(client)
        return client
      },
    }
  }

  return { startRelay, cleanups }
}

/** Each request's outcome: its result, or the JSON-RPC error. */
export function settle(requests: Promise<unknown>[]) {
  return Promise.all(
    requests.map((request) =>
      request.then(
        (result) => ({ result, error: undefined }),
        (error: RelayRequestError) => ({ result: undefined, error }),
      ),
    ),
  )
}
