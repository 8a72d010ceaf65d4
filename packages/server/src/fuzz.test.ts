// Fuzzes every operation the real server's /openapi.json lists (routes added later included):
// parameters and bodies from their schemas, valid-ish and malformed, from a fixed seed, through
// the in-process app. Bad input is never a 5xx, no answer shows a stack trace or a file path,
// and memory stays flat once warm.
import { type MailCapture, startMailCapture } from '@latchkey/devnet'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_PROJECT_ID } from './constants.ts'
import { leakIn, runFuzz } from './fuzz/run.ts'
import { availableDatabases, startTestServer, type TestServer } from './testing/databases.ts'

const REQUESTS = 10_000
const SEED = 20_240_601
const MIB = 1024 * 1024
/** RSS may grow this much from the end of the warm-up to the end (GC timing, PGlite's heap) */
const RSS_GROWTH_BOUND = 160 * MIB
const FRAME_ORIGIN = 'http://127.0.0.1:5174'
const DEMO_ORIGIN = 'http://127.0.0.1:5173'
const UNLIMITED = { limit: Number.MAX_SAFE_INTEGER, windowMs: 10_000 }

describe('the leak check', () => {
  it('spots stack frames and file paths, not the texts the fuzzer sends', () => {
    expect(
      leakIn('Error: boom\n    at handler (/work/main/packages/server/src/app.ts:12:3)'),
    ).toBeDefined()
    expect(leakIn('{"error":"x at async Promise.all (index 0)"}')).toBeUndefined()
    expect(leakIn('    at file:///srv/app/dist/server.js:1:2')).toBeDefined()
    expect(leakIn('{"error":"cannot read node_modules/pg"}')).toBeDefined()
    expect(leakIn('{"error":"in /srv/app"}', ['/srv/app'])).toBeDefined()
    expect(
      leakIn(`{"error":"Invalid parameter 'id': ../../../../etc/passwd at 12"}`),
    ).toBeUndefined()
  })
})

describe.each(availableDatabases())('fuzzing every route in /openapi.json on $name', (database) => {
  let service: TestServer
  let capture: MailCapture

  beforeAll(async () => {
    // Mail goes somewhere real, so a login the fuzzer starts is not a 502 for want of SMTP.
    capture = await startMailCapture({ port: 0 })
    service = await startTestServer(database, {
      mail: { host: capture.host, port: capture.port },
      frameOrigins: [FRAME_ORIGIN],
      allowedOrigins: [DEMO_ORIGIN],
      rateLimit: {
        perAddress: UNLIMITED,
        perProject: UNLIMITED,
        authPerAddress: UNLIMITED,
        authPerEmail: UNLIMITED,
      },
    })
  })
  afterAll(async () => {
    await service?.stop()
    await capture?.stop()
  })

  it(`answers ${REQUESTS.toLocaleString('en-US')} requests over every operation with no 5xx, no stack trace or file path, and flat RSS`, async () => {
    const { app } = service.server
    const report = await runFuzz({
      request: (url, init) => app.request(url, init),
      requests: REQUESTS,
      seed: SEED,
      projectId: DEMO_PROJECT_ID,
      origins: [FRAME_ORIGIN, DEMO_ORIGIN],
    })
    expect(report.requests).toBe(REQUESTS)
    expect(report.operations.length).toBeGreaterThan(20)
    expect(Object.keys(report.perOperation).sort()).toEqual([...report.operations].sort())
    expect(report.serverErrors).toEqual([])
    expect(report.leaks).toEqual([])
    // The fuzzer gets past the checks too: some answers succeed, most refuse.
    expect(report.statuses[200]).toBeGreaterThan(REQUESTS / 50)
    expect(report.statuses[400]).toBeGreaterThan(REQUESTS / 5)
    expect(report.rssEndBytes - report.rssAfterWarmupBytes).toBeLessThan(RSS_GROWTH_BOUND)
  }, 180_000)
})
