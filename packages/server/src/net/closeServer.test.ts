// Shutting the HTTP server down: requests under way finish, idle keep-alive sockets do not hold
// it open, and a request that never ends is cut once the grace is over.
import { Agent, createServer, get, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { closeServer } from './closeServer.ts'

const servers: Server[] = []
afterEach(() => {
  for (const server of servers.splice(0)) server.closeAllConnections()
})

async function serving(handler: Parameters<typeof createServer>[1]) {
  const server = createServer(handler)
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`
}

function fetchText(url: string, agent?: Agent | false): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    get(url, { agent }, (response: IncomingMessage) => {
      let body = ''
      response.on('data', (chunk) => {
        body += chunk
      })
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }))
      response.on('error', reject)
    }).on('error', reject)
  })
}

describe('closeServer', () => {
  it('lets a request under way finish, and then closes', async () => {
    let arrived: () => void = () => {}
    const started = new Promise<void>((resolve) => {
      arrived = resolve
    })
    let finish: () => void = () => {}
    const url = await serving((_, response) => {
      arrived()
      finish = () => response.end('done')
    })
    const answer = fetchText(url)
    await started
    const closed = closeServer(servers[0] as Server, 60_000)
    finish()
    expect(await answer).toEqual({ status: 200, body: 'done' })
    await closed
    // A new connection (not the client's kept-alive one) finds nobody listening.
    await expect(fetchText(url, false)).rejects.toThrow(/ECONNREFUSED/)
  })

  it('an idle keep-alive socket does not hold it open (the grace here is a minute)', async () => {
    const url = await serving((_, response) => response.end('ok'))
    const agent = new Agent({ keepAlive: true })
    try {
      expect((await fetchText(url, agent)).body).toBe('ok')
      await closeServer(servers[0] as Server, 60_000)
    } finally {
      agent.destroy()
    }
  })

  it('cuts a request that never ends once the grace is over', async () => {
    let arrived: () => void = () => {}
    const started = new Promise<void>((resolve) => {
      arrived = resolve
    })
    const url = await serving(() => arrived())
    const answer = fetchText(url)
    await started
    await closeServer(servers[0] as Server, 100)
    await expect(answer).rejects.toThrow(/socket hang up|ECONNRESET/)
  })
})
