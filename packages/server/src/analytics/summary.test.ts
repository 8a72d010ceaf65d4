// The analytics figures (GET /v1/analytics/summary) against events sent through the collector
// itself, on a real server and database: what the dashboard shows matches the raw events.
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createProject, rotateToken } from '../admin/projectStore.ts'
import { DEMO_PROJECT_ID } from '../constants.ts'
import { availableDatabases, startTestServer, type TestServer } from '../testing/databases.ts'

const ORIGIN = 'https://shop.example'
const NOW = Date.parse('2026-11-28T12:00:00Z')
const DAY = 86_400_000
const ADMIN_TOKEN = 'a'.repeat(48)

function event(name: string, properties: Record<string, unknown> = {}, timestamp = NOW - 1000) {
  return {
    eventId: randomUUID(),
    url: `${ORIGIN}/`,
    domain: 'shop.example',
    timestamp,
    props: { event: name, properties: { caipNetworkId: 'eip155:1', ...properties } },
  }
}

describe.each(availableDatabases())('analytics figures on $name', (database) => {
  let service: TestServer
  let project: string
  let token: string

  beforeAll(async () => {
    service = await startTestServer(database, {
      allowedOrigins: [ORIGIN],
      rateLimit: { perAddress: { limit: 1_000_000, windowMs: 10_000 } },
      now: () => NOW,
      adminToken: ADMIN_TOKEN,
    })
    const created = await createProject(service.server.db, { name: 'Shop', origins: [ORIGIN] })
    project = created.project.projectId
    token = created.token
    const yesterday = NOW - DAY
    const events = [
      event('INITIALIZE'),
      event('INITIALIZE'),
      event('MODAL_OPEN', {}, yesterday),
      event('MODAL_OPEN'),
      event('MODAL_OPEN'),
      event('SELECT_WALLET', { name: 'MetaMask' }),
      event('CONNECT_SUCCESS', { method: 'browser', name: 'MetaMask' }),
      event('CONNECT_SUCCESS', { method: 'qrcode', name: 'Rainbow', caipNetworkId: 'eip155:10' }),
      event('CONNECT_SUCCESS', { method: 'email', name: 'Email' }, yesterday),
      event('CONNECT_SUCCESS', { method: 'browser', name: 'MetaMask' }),
      event('SIWX_AUTH_SUCCESS'),
      event('SEND_SUCCESS'),
      event('SWAP_SUCCESS'),
      // Another project's event counts nowhere here.
    ]
    const post = (path: string, body: unknown, projectId = project) =>
      service.request(`${path}?projectId=${projectId}`, {
        method: 'POST',
        headers: { 'Content-Type': 'text/plain', Origin: ORIGIN },
        body: JSON.stringify(body),
      })
    expect((await post('/batch', events)).status).toBe(202)
    expect((await post('/e', event('CONNECT_ERROR', { message: 'User rejected' }))).status).toBe(
      202,
    )
    expect((await post('/e', event('CONNECT_ERROR', { message: 'User rejected' }))).status).toBe(
      202,
    )
    expect((await post('/e', event('SEND_ERROR', { message: 'Insufficient funds' }))).status).toBe(
      202,
    )
    expect((await post('/batch', [event('MODAL_OPEN')], DEMO_PROJECT_ID)).status).toBe(202)
  })
  afterAll(() => service?.stop())

  const summary = (query: string, bearer: string | null = token, projectId = project) =>
    service.request(`/v1/analytics/summary?projectId=${projectId}${query}`, {
      headers: bearer ? { Authorization: `Bearer ${bearer}` } : {},
    })

  it('answers the funnel, the days, connections by wallet, method and network, errors and counts', async () => {
    const response = await summary('&from=2026-11-27&to=2026-11-28')
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(await response.json()).toEqual({
      from: '2026-11-27',
      to: '2026-11-28',
      funnel: { opened: 3, walletSelected: 1, connected: 4, signedIn: 1 },
      daily: [
        { day: '2026-11-27', opened: 1, connected: 1, errors: 0 },
        { day: '2026-11-28', opened: 2, connected: 3, errors: 3 },
      ],
      connectionsByWallet: [
        { wallet: 'MetaMask', count: 2 },
        expect.objectContaining({ count: 1 }),
        expect.objectContaining({ count: 1 }),
      ],
      connectionsByMethod: expect.arrayContaining([
        { method: 'injected', count: 2 },
        { method: 'WalletConnect', count: 1 },
        { method: 'email', count: 1 },
      ]),
      networks: [
        { caipNetworkId: 'eip155:1', count: 3 },
        { caipNetworkId: 'eip155:10', count: 1 },
      ],
      errors: [
        { event: 'CONNECT_ERROR', message: 'User rejected', count: 2 },
        { event: 'SEND_ERROR', message: 'Insufficient funds', count: 1 },
      ],
      counts: { pageLoads: 2, sends: 1, swaps: 1, onramps: 0, names: 0 },
    })
  })

  it('defaults to the 30 days up to today; one day is one day', async () => {
    const all = (await (await summary('')).json()) as { from: string; to: string }
    expect(all).toMatchObject({ from: '2026-10-30', to: '2026-11-28' })
    const today = (await (await summary('&from=2026-11-28&to=2026-11-28')).json()) as {
      funnel: { opened: number }
    }
    expect(today.funnel.opened).toBe(2)
  })

  it("opens to the project's token and the admin token only", async () => {
    expect((await summary('', ADMIN_TOKEN)).status).toBe(200)
    const without = await summary('', null)
    expect(without.status).toBe(401)
    expect(without.headers.get('www-authenticate')).toContain('Bearer')
    expect((await summary('', 'lk_wrong')).status).toBe(401)
    // Another project's token does not open this one; a rotated token is dead.
    const other = await createProject(service.server.db, { name: 'Other' })
    expect((await summary('', other.token)).status).toBe(401)
    expect((await summary('', token, DEMO_PROJECT_ID)).status).toBe(401)
    const rotated = await rotateToken(service.server.db, project)
    expect((await summary('', token)).status).toBe(401)
    token = rotated
    expect((await summary('')).status).toBe(200)
  })

  it('is readable from any origin that holds the token (the dashboard may be served anywhere)', async () => {
    const dashboard = 'http://127.0.0.1:5175'
    const preflight = await service.request(`/v1/analytics/summary?projectId=${project}`, {
      method: 'OPTIONS',
      headers: {
        Origin: dashboard,
        'Access-Control-Request-Method': 'GET',
        'Access-Control-Request-Headers': 'authorization',
      },
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-origin')).toBe(dashboard)
    expect(preflight.headers.get('access-control-allow-headers')).toBe('authorization')
    const read = await service.request(`/v1/analytics/summary?projectId=${project}`, {
      headers: { Origin: dashboard, Authorization: `Bearer ${token}` },
    })
    expect(read.status).toBe(200)
    expect(read.headers.get('access-control-allow-origin')).toBe(dashboard)
    // The origin opens nothing by itself: without the token it is still 401.
    const bare = await service.request(`/v1/analytics/summary?projectId=${project}`, {
      headers: { Origin: dashboard },
    })
    expect(bare.status).toBe(401)
    // The collector stays closed to origins the project does not list.
    const beacon = await service.request(`/batch?projectId=${project}`, {
      method: 'OPTIONS',
      headers: { Origin: dashboard, 'Access-Control-Request-Method': 'POST' },
    })
    expect(beacon.headers.get('access-control-allow-origin')).toBeNull()
  })

  it('counts only the events since a time when asked', async () => {
    const since = new Date(NOW - DAY / 2).toISOString()
    const recent = (await (await summary(`&since=${since}`)).json()) as {
      funnel: { opened: number; connected: number }
    }
    expect(recent.funnel).toMatchObject({ opened: 2, connected: 3 })
    expect((await summary('&since=yesterday')).status).toBe(400)
  })

  it('refuses bad ranges with 400', async () => {
    for (const query of [
      '&from=2026-11-29&to=2026-11-28',
      '&from=2024-01-01&to=2026-11-28',
      '&from=yesterday',
      '&to=2026-13-45',
    ]) {
      expect((await summary(query)).status, query).toBe(400)
    }
  })
})
