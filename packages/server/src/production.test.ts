// A production server (LATCHKEY_ENV=production): it names every setting it lacks before it
// opens anything, and once told them it serves no demo project and no development tools.
import { afterEach, describe, expect, it } from 'vitest'
import { DEMO_PROJECT_ID } from './constants.ts'
import { frameOriginsFromEnv, productionProblems } from './production.ts'
import { modeFromEnv } from './serverEnv.ts'
import { availableDatabases, startTestServer } from './testing/databases.ts'

const database = availableDatabases()[0]
if (!database) throw new Error('no test database')
const saved = { ...process.env }
afterEach(() => {
  for (const name of ['LATCHKEY_ENV', 'NODE_ENV', 'FRAME_ORIGINS']) {
    if (saved[name] === undefined) delete process.env[name]
    else process.env[name] = saved[name]
  }
})

const ready = {
  databaseUrl: 'postgres://db/latchkey',
  pgliteChosen: false,
  publicUrl: 'https://api.shop.example',
  frameOrigins: ['https://wallet.shop.example'],
  mailChosen: true,
}

describe('production settings', () => {
  it('names each missing one on its own line', () => {
    expect(productionProblems(ready)).toEqual([])
    expect(
      productionProblems({
        databaseUrl: undefined,
        pgliteChosen: false,
        publicUrl: undefined,
        frameOrigins: [],
        mailChosen: false,
      }),
    ).toEqual([
      'DATABASE_URL: the PostgreSQL database (or PGLITE_DIR to keep one instance’s data in PGlite)',
      'PUBLIC_URL: the server’s address as browsers reach it (https://…)',
      'FRAME_ORIGINS: the embedded wallet frame’s origin(s), comma-separated',
      'SMTP_HOST and SMTP_PORT: the mail server the login codes are sent through',
    ])
    expect(productionProblems({ ...ready, databaseUrl: undefined, pgliteChosen: true })).toEqual([])
    expect(productionProblems({ ...ready, publicUrl: 'http://api.shop.example' })).toEqual([
      "PUBLIC_URL must be an https URL (got 'http://api.shop.example')",
    ])
    expect(productionProblems({ ...ready, publicUrl: 'http://127.0.0.1:8787' })).toEqual([])
  })

  it('LATCHKEY_ENV chooses the mode, else NODE_ENV=production; anything else is refused', () => {
    delete process.env.LATCHKEY_ENV
    process.env.NODE_ENV = 'test'
    expect(modeFromEnv()).toBe('development')
    process.env.NODE_ENV = 'production'
    expect(modeFromEnv()).toBe('production')
    process.env.LATCHKEY_ENV = 'development'
    expect(modeFromEnv()).toBe('development')
    process.env.LATCHKEY_ENV = 'prod'
    expect(() => modeFromEnv()).toThrow("LATCHKEY_ENV is production or development, got 'prod'")
  })

  it('FRAME_ORIGINS is a comma list of exact origins', () => {
    process.env.FRAME_ORIGINS = ' https://Wallet.shop.example/ , https://w2.shop.example'
    expect(frameOriginsFromEnv()).toEqual([
      'https://wallet.shop.example',
      'https://w2.shop.example',
    ])
    process.env.FRAME_ORIGINS = 'https://wallet.shop.example/app'
    expect(() => frameOriginsFromEnv()).toThrow('is not an origin')
  })
})

describe('a production server', () => {
  it('does not start without its settings, and says which', async () => {
    const refused = startTestServer(database, {
      mode: 'production',
      databaseUrl: null,
      dataDir: undefined,
    })
    const message = await refused.then(
      () => 'started',
      (error: Error) => error.message,
    )
    expect(message.split('\n').map((line) => line.split(':')[0])).toEqual([
      'Latchkey does not start in production without',
      '  - DATABASE_URL',
      '  - PUBLIC_URL',
      '  - FRAME_ORIGINS',
      '  - SMTP_HOST and SMTP_PORT',
    ])
  })

  it('told them, it serves the directory but no demo project', async () => {
    const service = await startTestServer(database, {
      mode: 'production',
      publicUrl: 'https://api.shop.example',
      frameOrigins: ['https://wallet.shop.example'],
      mail: { host: '127.0.0.1', port: 1 },
    })
    try {
      const demo = await service.request(`/appkit/v1/config?projectId=${DEMO_PROJECT_ID}`)
      expect(demo.status).toBe(403)
      const wallets = await service.server.db
        .selectFrom('wallets')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow()
      expect(Number(wallets.count)).toBeGreaterThan(0)
      const health = await service.request('/healthz')
      expect(health.status).toBe(200)
      // Its public URL is https: browsers are told to keep to it.
      expect(health.headers.get('strict-transport-security')).toBe('max-age=31536000')
    } finally {
      await service.stop()
    }
  })
})
