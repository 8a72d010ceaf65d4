import { Writable } from 'node:stream'
import { Hono } from 'hono'
import pino from 'pino'
import { describe, expect, it } from 'vitest'
import type { AppEnv } from '../env.ts'
import { requestLog } from './requestLog.ts'

function appLoggingAt(level: pino.Level) {
  const lines: { level: number; msg: string; path: string; status: number }[] = []
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)))
      done()
    },
  })
  const app = new Hono<AppEnv>()
  app.use('*', requestLog(pino({ level }, sink)))
  app.get('/ok', (c) => c.json({ ok: true }))
  app.get('/missing', (c) => c.json({ message: 'Not found' }, 404))
  app.get('/broken', (c) => c.json({ message: 'upstream down' }, 502))
  return { app, lines }
}

describe('request log', () => {
  it("at 'warn' (npm start's default) keeps only server errors", async () => {
    const { app, lines } = appLoggingAt('warn')
    for (const path of ['/ok', '/missing', '/broken']) await app.request(path)
    expect(lines).toMatchObject([
      { level: 50, msg: 'request failed', path: '/broken', status: 502 },
    ])
  })

  it("at 'info' logs every request, without its query", async () => {
    const { app, lines } = appLoggingAt('info')
    await app.request('/ok?projectId=secret')
    await app.request('/missing')
    expect(lines.map((l) => [l.path, l.status])).toEqual([
      ['/ok', 200],
      ['/missing', 404],
    ])
    expect(JSON.stringify(lines)).not.toContain('secret')
  })
})
