// The dev inbox holds every login code the local stack mails: only development mode serves it,
// and only the local pages may read it from a browser.
import { type MailCapture, startMailCapture } from '@latchkey/devnet'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { availableDatabases, startTestServer, type TestServer } from '../testing/databases.ts'

const [pglite] = availableDatabases()
const DEMO = 'http://127.0.0.1:5173'
const FRAME = 'http://127.0.0.1:5174'
let capture: MailCapture

beforeAll(async () => {
  capture = await startMailCapture({ port: 0 })
})
afterAll(() => capture?.stop())

async function serverIn(mode: 'development' | 'production'): Promise<TestServer> {
  return startTestServer(pglite as NonNullable<typeof pglite>, {
    mail: { host: capture.host, port: capture.port },
    mailInbox: capture,
    mode,
    allowedOrigins: [DEMO],
    frameOrigins: [FRAME],
    publicUrl: 'http://127.0.0.1:8787',
  })
}

const readFrom = (server: TestServer, origin: string) =>
  server.request('/dev/v1/mails', { headers: { Origin: origin } })

describe('GET /dev/v1/mails', () => {
  it('in development, the demo and frame pages read it; any other site gets no CORS grant', async () => {
    const server = await serverIn('development')
    try {
      for (const origin of [DEMO, FRAME]) {
        const response = await readFrom(server, origin)
        expect(response.status).toBe(200)
        expect(response.headers.get('Access-Control-Allow-Origin')).toBe(origin)
      }
      const foreign = await readFrom(server, 'https://evil.example')
      expect(foreign.headers.get('Access-Control-Allow-Origin')).toBeNull()
    } finally {
      await server.stop()
    }
  })

  it('a production server does not serve it, even when given the capture', async () => {
    const server = await serverIn('production')
    try {
      expect((await readFrom(server, DEMO)).status).toBe(404)
    } finally {
      await server.stop()
    }
  })
})
