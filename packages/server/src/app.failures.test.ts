// What the app does when its own dependencies fail: a logged 500, never a stack trace.
import { Writable } from 'node:stream'
import { Kysely, PostgresDialect } from 'kysely'
import pino from 'pino'
import { describe, expect, it } from 'vitest'
import { createApp } from './app.ts'
import { DEMO_PROJECT_ID } from './constants.ts'
import type { Database } from './db/schema.ts'

function unreachableDatabase(): Kysely<Database> {
  const pool = {
    connect: () => Promise.reject(new Error('connection refused')),
    end: () => Promise.resolve(),
  }
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) })
}

function capturingLogger() {
  const lines: Array<Record<string, unknown>> = []
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)))
      done()
    },
  })
  return { logger: pino({ level: 'info' }, stream), lines }
}

describe('createApp when the database is down', () => {
  it('answers 500 { error: "Internal error" } and logs the cause and the request', async () => {
    const { logger, lines } = capturingLogger()
    const app = createApp({ db: unreachableDatabase(), logger })
    const response = await app.request(`/getWallets?projectId=${DEMO_PROJECT_ID}&search=secret`)
    expect(response.status).toBe(500)
    expect(await response.json()).toEqual({ error: 'Internal error' })
    await new Promise((resolve) => setImmediate(resolve))
    const failure = lines.find((line) => line.msg === 'unhandled error')
    expect(failure).toMatchObject({ level: 50, method: 'GET', path: '/getWallets' })
    expect(JSON.stringify(failure)).toContain('connection refused')
    // At error level, so it shows when routine request lines are quiet (npm start).
    const request = lines.find((line) => line.msg === 'request failed')
    expect(request).toMatchObject({ level: 50, method: 'GET', path: '/getWallets', status: 500 })
    expect(typeof request?.ms).toBe('number')
    // The query string (project id, search text) never reaches the logs.
    expect(JSON.stringify(lines)).not.toContain('secret')
  })

  it('still answers what needs no database', async () => {
    const app = createApp({ db: unreachableDatabase(), logger: pino({ level: 'silent' }) })
    expect((await app.request('/openapi.json')).status).toBe(200)
    expect((await app.request('/getWallets')).status).toBe(400)
    expect((await app.request('/nope')).status).toBe(404)
  })
})
