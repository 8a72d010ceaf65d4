// A server that stops (SIGTERM in the CLI) tells its relay clients to reconnect: 1012.
import { describe, expect, it } from 'vitest'
import { DEMO_PROJECT_ID, RELAY_RESTART_CLOSE_CODE } from '../constants.ts'
import { availableDatabases, startTestServer } from '../testing/databases.ts'
import { RelayTestClient } from './testClient.ts'

describe('the relay when the server stops', () => {
  it('closes each client with 1012 Service Restart', async () => {
    const database = availableDatabases()[0]
    if (!database) throw new Error('no test database')
    const service = await startTestServer(database)
    const clients = await Promise.all(
      [1, 2].map(() =>
        RelayTestClient.connect({ relayUrl: service.server.relayUrl, projectId: DEMO_PROJECT_ID }),
      ),
    )
    const codes = clients.map(
      (client) =>
        new Promise<number>((resolve) =>
          client.socket.once('close', (code: number) => resolve(code)),
        ),
    )
    await service.stop()
    expect(await Promise.all(codes)).toEqual([RELAY_RESTART_CLOSE_CODE, RELAY_RESTART_CLOSE_CODE])
  })
})
