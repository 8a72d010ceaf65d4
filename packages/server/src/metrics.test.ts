// /metrics on a real server: Prometheus text for the admin token's holder only, requests counted
// by the route that answered, the relay's sockets as they are.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_PROJECT_ID } from './constants.ts'
import { RelayTestClient } from './relay/testClient.ts'
import { availableDatabases, startTestServer, type TestServer } from './testing/databases.ts'

const ADMIN_TOKEN = 'metrics-admin-token-0123456789abcdef'
const database = availableDatabases()[0]
if (!database) throw new Error('no test database')
let service: TestServer
beforeAll(async () => {
  service = await startTestServer(database, { adminToken: ADMIN_TOKEN })
})
afterAll(() => service.stop())

const scrape = async (token?: string) =>
  service.request('/metrics', token ? { headers: { authorization: `Bearer ${token}` } } : {})

/** The value of one sample line, e.g. `name{label="x"} 3` */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `))
  return line === undefined ? undefined : Number(line.slice(series.length + 1))
}

describe('/metrics', () => {
  it('is refused without the admin token', async () => {
    const refused = await scrape()
    expect(refused.status).toBe(401)
    expect(refused.headers.get('www-authenticate')).toMatch(/^Bearer /)
    expect((await scrape('wrong-token')).status).toBe(401)
  })

  it('counts requests by route pattern, method and status', async () => {
    for (let i = 0; i < 3; i++) {
      await service.request(`/getWalletImage/metamask?projectId=${DEMO_PROJECT_ID}`)
    }
    await service.request('/no/such/path')
    const answer = await scrape(ADMIN_TOKEN)
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-type')).toContain('text/plain')
    const text = await answer.text()
    expect(
      sample(
        text,
        'latchkey_http_request_duration_seconds_count{method="GET",route="/getWalletImage/:id",status="200"}',
      ),
    ).toBe(3)
    expect(
      sample(
        text,
        'latchkey_http_request_duration_seconds_count{method="GET",route="unmatched",status="404"}',
      ),
    ).toBe(1)
    // The path's own words never become a label (unbounded series).
    expect(text).not.toContain('/no/such/path')
    expect(text).toContain('latchkey_process_cpu_seconds_total')
    // One server alone runs the indexers.
    expect(sample(text, 'latchkey_indexer_leader')).toBe(1)
  })

  it("shows the relay's open sockets as they are", async () => {
    const text = async () => (await scrape(ADMIN_TOKEN)).text()
    expect(sample(await text(), 'latchkey_relay_sockets')).toBe(0)
    const client = await RelayTestClient.connect({
      relayUrl: service.server.relayUrl,
      projectId: DEMO_PROJECT_ID,
    })
    try {
      expect(sample(await text(), 'latchkey_relay_sockets')).toBe(1)
      expect(sample(await text(), 'latchkey_relay_mailbox_messages')).toBe(0)
    } finally {
      await client.close()
    }
  })
})
