// The passkey test's own services (issue 30). WebAuthn takes no IP address as an RP ID, and the
// shared stack serves its frame on http://127.0.0.1:<port>; this one serves it on
// http://localhost:<port>, the server's frame origin (its RP ID: localhost). It is a second
// server beside the shared stack's, on the same chains, with its own mail capture; the shared
// demo build is pointed at it by rewriting its scripts on the way to the page.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { findFreePort, startMailCapture } from '@latchkey/devnet'
import { startServer } from '@latchkey/server'
import type { Page } from 'playwright-core'
import { build } from 'vite'

const frameRoot = fileURLToPath(new URL('../packages/frame', import.meta.url))

export interface PasskeyStack {
  apiUrl: string
  frameUrl: string
  /** Points the shared demo at this server and frame (before the page loads) */
  rewire(page: Page): Promise<void>
  stop(): Promise<void>
}

export async function startPasskeyStack(shared: {
  demoUrl: string
  apiUrl: string
  frameUrl: string
  rpcA: string
  rpcB: string
}): Promise<PasskeyStack> {
  const framePort = await findFreePort()
  const frameOrigin = `http://localhost:${framePort}`
  const dataDir = mkdtempSync(join(tmpdir(), 'latchkey-passkeys-'))
  const frameDir = mkdtempSync(join(tmpdir(), 'latchkey-passkeys-frame-'))
  const mail = await startMailCapture({ port: 0 })
  const server = await startServer({
    port: 0,
    mode: 'development',
    databaseUrl: null,
    dataDir,
    logLevel: 'silent',
    mail: { host: mail.host, port: mail.port },
    mailInbox: mail,
    frameOrigins: [frameOrigin],
    frame: { dir: frameDir, port: framePort },
    allowedOrigins: [new URL(shared.demoUrl).origin],
    chains: [
      { chainId: 31337, rpcUrl: shared.rpcA },
      { chainId: 31338, rpcUrl: shared.rpcB },
    ],
    rateLimit: {
      perAddress: { limit: 100_000, windowMs: 10_000 },
      authPerAddress: { limit: 10_000, windowMs: 60_000 },
    },
  })
  const stop = async () => {
    await Promise.all([server.close(), mail.stop()])
    for (const dir of [dataDir, frameDir]) rmSync(dir, { recursive: true, force: true })
  }
  try {
    const apiOrigin = new URL(server.url).origin
    process.env.VITE_API_URL = apiOrigin
    process.env.VITE_FRAME_URL = `${frameOrigin}/`
    await build({
      root: frameRoot,
      configFile: `${frameRoot}/vite.config.ts`,
      logLevel: 'warn',
      build: { outDir: frameDir, emptyOutDir: true },
    })
    const sharedApi = new URL(shared.apiUrl).host
    const sharedFrame = new URL(shared.frameUrl).origin
    const demoOrigin = new URL(shared.demoUrl).origin
    return {
      apiUrl: apiOrigin,
      frameUrl: `${frameOrigin}/`,
      async rewire(page) {
        await page.route(`${demoOrigin}/**/*.js`, async (route) => {
          const response = await route.fetch()
          const body = (await response.text())
            .replaceAll(sharedFrame, frameOrigin)
            .replaceAll(sharedApi, new URL(apiOrigin).host)
          await route.fulfill({ response, body })
        })
      },
      stop,
    }
  } catch (error) {
    await stop()
    throw error
  }
}
