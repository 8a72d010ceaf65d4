// Test support only: nothing in the library imports this module.
import { rm } from 'node:fs/promises'
import { DEMO_PROJECT_ID, type StartServerOptions, startServer } from '@latchkey/server'
import { copyPgliteTemplate } from '../../../server/src/testing/templates.ts'
import { createApiClient } from '../api/apiClient.ts'
import { DEFAULT_SDK_TYPE, DEFAULT_SDK_VERSION } from '../constants.ts'

export { DEMO_PROJECT_ID }

/** The colleague's real server on an ephemeral port, over a fresh copy of the migrated PGlite template. */
export async function startRealServer(options: StartServerOptions = {}) {
  const dataDir = await copyPgliteTemplate()
  const server = await startServer({ port: 0, dataDir, databaseUrl: null, ...options })
  return {
    url: server.url,
    /** Its WalletConnect relay */
    relayUrl: server.relayUrl,
    /** The server's database, to look at what it stored */
    db: server.db,
    async close() {
      await server.close()
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}

export function realClient(apiUrl: string, projectId: string = DEMO_PROJECT_ID) {
  return createApiClient({
    apiUrl,
    projectId,
    sdkType: DEFAULT_SDK_TYPE,
    sdkVersion: DEFAULT_SDK_VERSION,
  })
}

/** A clock the test moves by hand, for controllers that take injected timers. */
export function manualClock() {
  let now = 0
  let nextId = 1
  const pending = new Map<number, { at: number; callback: () => void }>()
  return {
    setTimeout(callback: () => void, ms: number): unknown {
      const id = nextId++
      pending.set(id, { at: now + ms, callback })
      return id
    },
    clearTimeout(handle: unknown): void {
      pending.delete(handle as number)
    },
    advance(ms: number): void {
      now += ms
      const due = [...pending].filter(([, t]) => t.at <= now).sort(([, a], [, b]) => a.at - b.at)
      for (const [id, timer] of due) {
        pending.delete(id)
        timer.callback()
      }
    },
  }
}
