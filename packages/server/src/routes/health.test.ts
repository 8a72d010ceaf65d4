// /healthz and /readyz on a real server: ready while its database answers, 503 once it does not.
import { describe, expect, it } from 'vitest'
import { availableDatabases, startTestServer } from '../testing/databases.ts'

describe.each(availableDatabases())('health on $name', (database) => {
  it('alive and ready; not ready once the database is gone, while still alive', async () => {
    const service = await startTestServer(database)
    try {
      const alive = await service.request('/healthz')
      expect(alive.status).toBe(200)
      expect(await alive.json()).toEqual({ status: 'ok' })
      expect(alive.headers.get('cache-control')).toBe('no-store')
      expect(alive.headers.get('referrer-policy')).toBe('no-referrer')
      // Reached over plain http (no https PUBLIC_URL): no HSTS, which would lock browsers out.
      expect(alive.headers.get('strict-transport-security')).toBeNull()
      const ready = await service.request('/readyz')
      expect([ready.status, await ready.json()]).toEqual([200, { status: 'ready', database: 'ok' }])
      await service.server.db.destroy()
      const gone = await service.request('/readyz')
      expect([gone.status, await gone.json()]).toEqual([
        503,
        { status: 'not ready', database: 'unreachable' },
      ])
      expect((await service.request('/healthz')).status).toBe(200)
    } finally {
      await service.stop().catch(() => undefined)
    }
  })
})
