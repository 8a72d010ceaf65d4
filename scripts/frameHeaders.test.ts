// npm start's frame site: the Vite dev server with frameHeadersPlugin, against a real server.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { DEMO_PROJECT_ID, type RunningServer, startServer } from '@latchkey/server'
import { createServer, type ViteDevServer } from 'vite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { frameHeadersPlugin } from './frameHeaders.ts'

const frameRoot = fileURLToPath(new URL('../packages/frame', import.meta.url))
const ORIGINS = ['http://127.0.0.1:5173', 'http://localhost:5173']

let dataDir: string
let server: RunningServer
let frame: ViteDevServer
let frameUrl: string
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'latchkey-frame-dev-'))
  server = await startServer({
    port: 0,
    databaseUrl: null,
    dataDir,
    logLevel: 'silent',
    allowedOrigins: ORIGINS,
  })
  frame = await createServer({
    root: frameRoot,
    configFile: `${frameRoot}/vite.config.ts`,
    logLevel: 'silent',
    server: { port: 0, strictPort: false, hmr: false },
    plugins: [frameHeadersPlugin({ apiUrl: server.url })],
  })
  await frame.listen()
  frameUrl = frame.resolvedUrls?.local[0] ?? ''
})
afterAll(async () => {
  await frame?.close()
  await server?.close()
  await rm(dataDir, { recursive: true, force: true })
})

const frameAncestors = (response: Response) =>
  /frame-ancestors ([^;]+)/.exec(response.headers.get('content-security-policy') ?? '')?.[1]

describe('npm start: the frame on the Vite dev server', () => {
  it("sends frame-ancestors exactly the project's origins (from the API), no-referrer, COOP and nosniff", async () => {
    const response = await fetch(`${frameUrl}?projectId=${DEMO_PROJECT_ID}&chainId=31337`)
    expect(response.status).toBe(200)
    expect(await response.text()).toContain('/src/app/main.ts')
    expect(frameAncestors(response)?.split(' ')).toEqual(ORIGINS)
    expect(response.headers.get('content-security-policy')).toContain(
      `connect-src 'self' ${server.url}`,
    )
    expect(response.headers.get('referrer-policy')).toBe('no-referrer')
    expect(response.headers.get('cross-origin-opener-policy')).toBe('same-origin-allow-popups')
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
  })

  it('lets nobody frame it for an unknown project', async () => {
    expect(frameAncestors(await fetch(`${frameUrl}?projectId=unknown-project`))).toBe("'none'")
    expect(frameAncestors(await fetch(frameUrl))).toBe("'none'")
  })
})
