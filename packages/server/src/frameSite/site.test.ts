// The production way to serve the frame: startServer({ frame: { dir } }) over real HTTP.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_PROJECT_ID } from '../constants.ts'
import { type RunningServer, startServer } from '../server.ts'
import { ancestorSources, frameContentSecurityPolicy } from './headers.ts'

const ORIGINS = ['http://127.0.0.1:5173', 'https://app.example.com']

let dataDir: string
let frameDir: string
let server: RunningServer
let frameUrl: string
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'latchkey-frame-site-'))
  frameDir = join(dataDir, 'frame')
  await mkdir(join(frameDir, 'assets'), { recursive: true })
  await writeFile(join(frameDir, 'index.html'), '<!doctype html><title>frame</title>')
  await writeFile(join(frameDir, 'assets', 'main.js'), 'console.log(1)')
  await writeFile(join(dataDir, 'secret.txt'), 'not served')
  server = await startServer({
    port: 0,
    databaseUrl: null,
    dataDir: join(dataDir, 'db'),
    logLevel: 'silent',
    allowedOrigins: ORIGINS,
    frame: { dir: frameDir, port: 0 },
  })
  frameUrl = server.frameUrl ?? ''
})
afterAll(async () => {
  await server?.close()
  await rm(dataDir, { recursive: true, force: true })
})

function directives(csp: string | null): Map<string, string> {
  return new Map(
    (csp ?? '').split(';').map((d) => {
      const [name = '', ...values] = d.trim().split(/\s+/)
      return [name, values.join(' ')]
    }),
  )
}

describe('the frame site (startServer frame option)', () => {
  it("serves the frame with frame-ancestors exactly the project's origins, no-referrer, COOP and nosniff", async () => {
    expect(new URL(frameUrl).port).not.toBe(String(server.port))
    const response = await fetch(`${frameUrl}?projectId=${DEMO_PROJECT_ID}&chainId=1`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8')
    const csp = directives(response.headers.get('content-security-policy'))
    expect(csp.get('frame-ancestors')?.split(' ')).toEqual(ORIGINS)
    expect(csp.get('default-src')).toBe("'none'")
    expect(csp.get('script-src')).toBe("'self'")
    expect(csp.get('connect-src')).toContain(server.url)
    expect(response.headers.get('referrer-policy')).toBe('no-referrer')
    expect(response.headers.get('cross-origin-opener-policy')).toBe('same-origin-allow-popups')
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(response.headers.get('cache-control')).toBe('no-store')
  })

  it('lets nobody frame it for an unknown or missing project; assets carry nosniff too', async () => {
    for (const path of ['?projectId=nope', '', '?projectId=a;b']) {
      const response = await fetch(`${frameUrl}${path}`)
      expect(
        directives(response.headers.get('content-security-policy')).get('frame-ancestors'),
      ).toBe("'none'")
    }
    const asset = await fetch(`${frameUrl}assets/main.js`)
    expect(asset.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
    expect(asset.headers.get('x-content-type-options')).toBe('nosniff')
    expect((await fetch(`${frameUrl}assets/missing.js`)).status).toBe(404)
    expect((await fetch(`${frameUrl}..%2Fsecret.txt`)).status).toBe(404)
    expect((await fetch(`${frameUrl}%2e%2e/secret.txt`)).status).toBe(404)
  })

  it('an allowed-origin entry becomes a CSP source only in an origin or wildcard form', () => {
    expect(
      ancestorSources([
        'https://app.example.com/',
        'https://*.example.com',
        'http://localhost:*',
        'app.example.org',
        "https://x.example; script-src 'unsafe-inline'",
        'https://a.example https://b.example',
      ]),
    ).toEqual([
      'https://app.example.com',
      'https://*.example.com',
      'http://localhost:*',
      'app.example.org',
    ])
    const dev = frameContentSecurityPolicy({
      ancestors: [],
      apiOrigin: 'http://127.0.0.1:8787/x',
      dev: true,
    })
    expect(dev).toContain("frame-ancestors 'none'")
    expect(dev).toContain("style-src 'self' 'unsafe-inline'")
    expect(dev).toContain("connect-src 'self' http://127.0.0.1:8787 http: https: ws:")
  })
})
