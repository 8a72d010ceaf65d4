// The analytics collector against a real server and database (README "Analytics").
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_PROJECT_ID } from '../constants.ts'
import { analyticsBodyInvalid, analyticsOriginRefused } from '../errors/analytics.ts'
import { availableDatabases, startTestServer, type TestServer } from '../testing/databases.ts'

const ORIGIN = 'https://shop.example'
const QUIET_PROJECT = 'a0a0a0a0b1b1b1b1c2c2c2c2d3d3d3d3'
const NOW = Date.parse('2026-11-28T12:00:00Z')

function event(name: string, patch: Record<string, unknown> = {}) {
  return {
    eventId: randomUUID(),
    url: 'https://shop.example/checkout',
    domain: 'shop.example',
    timestamp: NOW - 1000,
    props: {
      type: 'track',
      event: name,
      address: '0x1111111111111111111111111111111111111111',
      properties: { caipNetworkId: 'eip155:31337' },
    },
    ...patch,
  }
}

describe.each(availableDatabases())('the analytics collector on $name', (database) => {
  let service: TestServer

  beforeAll(async () => {
    service = await startTestServer(database, {
      allowedOrigins: [ORIGIN],
      rateLimit: { perAddress: { limit: 1_000_000, windowMs: 10_000 } },
      now: () => NOW,
    })
    await service.server.db
      .insertInto('projects')
      .values({
        project_id: QUIET_PROJECT,
        name: 'Analytics off',
        allowed_origins: [ORIGIN],
        features: '{}',
        analytics_enabled: false,
      })
      .execute()
  })
  afterAll(() => service?.stop())

  const post = (
    path: '/batch' | '/e',
    body: unknown,
    init: { project?: string; origin?: string } = {},
  ) =>
    service.request(`${path}?projectId=${init.project ?? DEMO_PROJECT_ID}`, {
      method: 'POST',
      // What navigator.sendBeacon sends for a string: no preflight
      headers: { 'Content-Type': 'text/plain;charset=UTF-8', Origin: init.origin ?? ORIGIN },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    })

  const stored = (project = DEMO_PROJECT_ID) =>
    service.server.db
      .selectFrom('analytics_events')
      .selectAll()
      .where('project_id', '=', project)
      .orderBy('occurred_at')
      .execute()

  it('stores a batch of events in their shape, each once however often it is sent', async () => {
    const batch = [event('MODAL_OPEN'), event('SELECT_WALLET', { timestamp: NOW - 500 })]
    const first = await post('/batch', batch)
    expect(first.status).toBe(202)
    expect(first.headers.get('access-control-allow-origin')).toBe(ORIGIN)
    expect(await first.json()).toEqual({ accepted: 2, duplicates: 0, dropped: 0 })
    // A beacon retried (or sent again by a page restored from the back/forward cache)
    expect(await (await post('/batch', batch)).json()).toEqual({
      accepted: 0,
      duplicates: 2,
      dropped: 0,
    })
    const rows = (await stored()).filter((r) => batch.some((e) => e.eventId === r.event_id))
    expect(rows.map((r) => [r.event, r.kind, r.address, r.domain, r.url])).toEqual([
      [
        'MODAL_OPEN',
        'track',
        batch[0]?.props.address,
        'shop.example',
        'https://shop.example/checkout',
      ],
      [
        'SELECT_WALLET',
        'track',
        batch[0]?.props.address,
        'shop.example',
        'https://shop.example/checkout',
      ],
    ])
    expect(rows[0]?.properties).toEqual({ caipNetworkId: 'eip155:31337' })
    expect(new Date(rows[0]?.day as Date).toISOString().slice(0, 10)).toBe('2026-11-28')
  })

  it('takes one error event on /e, stored as an error', async () => {
    const failure = event('CONNECT_ERROR', {
      props: { event: 'CONNECT_ERROR', properties: { message: 'User rejected' } },
    })
    const response = await post('/e', failure)
    expect(await response.json()).toEqual({ accepted: 1, duplicates: 0, dropped: 0 })
    const row = (await stored()).find((r) => r.event_id === failure.eventId)
    expect(row).toMatchObject({ event: 'CONNECT_ERROR', kind: 'error', address: null })
    expect((await post('/e', [failure])).status).toBe(400)
  })

  it('drops events older than 7 days or more than 10 minutes ahead', async () => {
    const response = await post('/batch', [
      event('MODAL_OPEN', { timestamp: NOW - 8 * 86_400_000 }),
      event('MODAL_OPEN', { timestamp: NOW + 11 * 60_000 }),
      event('MODAL_CLOSE'),
    ])
    expect(await response.json()).toEqual({ accepted: 1, duplicates: 0, dropped: 2 })
  })

  it('keeps only INITIALIZE, CONNECT_SUCCESS and SOCIAL_LOGIN_SUCCESS for a project with analytics off', async () => {
    const names = [
      'INITIALIZE',
      'MODAL_OPEN',
      'CONNECT_SUCCESS',
      'SEARCH_WALLET',
      'SOCIAL_LOGIN_SUCCESS',
    ]
    const response = await post(
      '/batch',
      names.map((name) => event(name)),
      { project: QUIET_PROJECT },
    )
    expect(await response.json()).toEqual({ accepted: 3, duplicates: 0, dropped: 2 })
    expect((await stored(QUIET_PROJECT)).map((r) => r.event).sort()).toEqual([
      'CONNECT_SUCCESS',
      'INITIALIZE',
      'SOCIAL_LOGIN_SUCCESS',
    ])
  })

  it('refuses a page whose origin the project does not allow, and bodies that are not events', async () => {
    const foreign = await post('/batch', [event('MODAL_OPEN')], { origin: 'https://evil.example' })
    expect(foreign.status).toBe(403)
    expect(await foreign.json()).toEqual({ error: analyticsOriginRefused })
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull()

    const refusals: unknown[] = [
      'not json',
      {},
      [],
      [event('modal_open')],
      [event('MODAL_OPEN', { eventId: 'not-a-uuid' })],
      [event('MODAL_OPEN', { timestamp: 'now' })],
      [event('MODAL_OPEN', { url: 'x'.repeat(2049) })],
      [
        event('MODAL_OPEN', {
          props: { event: 'MODAL_OPEN', properties: { big: 'x'.repeat(5000) } },
        }),
      ],
      // 501 of the smallest events: under 64 KB, over the 500 a batch may hold
      Array.from({ length: 501 }, () => ({
        eventId: randomUUID(),
        url: '',
        domain: '',
        timestamp: NOW,
        props: { event: 'AB' },
      })),
    ]
    for (const body of refusals) {
      const response = await post('/batch', body)
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(400)
      const { error } = (await response.json()) as { error: string }
      expect(error === analyticsBodyInvalid || error === 'The body is not JSON').toBe(true)
    }
    const deep = `${'['.repeat(40)}${']'.repeat(40)}`
    expect((await post('/batch', deep)).status).toBe(400)
    expect(await stored()).not.toContainEqual(expect.objectContaining({ event: 'modal_open' }))
  })

  it('refuses a body over 64 KB with 413 before reading it, and an unknown project with 403', async () => {
    const big = Array.from({ length: 400 }, () =>
      event('MODAL_OPEN', {
        props: { event: 'MODAL_OPEN', properties: { pad: 'x'.repeat(3000) } },
      }),
    )
    expect(JSON.stringify(big).length).toBeGreaterThan(64 * 1024)
    expect((await post('/batch', big)).status).toBe(413)
    expect((await post('/batch', [event('MODAL_OPEN')], { project: 'f'.repeat(32) })).status).toBe(
      403,
    )
  })
})
