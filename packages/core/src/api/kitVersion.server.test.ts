import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { KIT_VERSION } from '../constants.ts'
import { MemoryStorage } from '../storage/memoryStorage.ts'
import { createAppKitStorage } from '../storage/storage.ts'
import { realClient, startRealServer } from '../testing/realServer.ts'
import { checkLatestKitVersion, isOlderVersion } from './kitVersion.ts'

const DAY = 86_400_000
let newer: Awaited<ReturnType<typeof startRealServer>>
let same: Awaited<ReturnType<typeof startRealServer>>

beforeAll(async () => {
  ;[newer, same] = await Promise.all([
    startRealServer({ latestKitVersion: '9.0.0' }),
    startRealServer(),
  ])
})
afterAll(async () => {
  await Promise.all([newer?.close(), same?.close()])
})

function run(apiUrl: string, storage: ReturnType<typeof createAppKitStorage>, now: number) {
  const notify = vi.fn()
  const api = realClient(apiUrl)
  const ask = vi.spyOn(api, 'getLatestKitVersion')
  return checkLatestKitVersion({ api, storage, now, notify, log: () => {} }).then(() => ({
    notify,
    ask,
  }))
}

describe('latest kit version (§3, 7-day cache)', () => {
  it('says once that a newer release is out, and asks the services at most once per 7 days', async () => {
    const storage = createAppKitStorage(new MemoryStorage(), () => {})
    const first = await run(newer.url, storage, 0)
    expect(first.ask).toHaveBeenCalledTimes(1)
    expect(first.notify).toHaveBeenCalledExactlyOnceWith(
      `[latchkey] version 9.0.0 is available; this page runs ${KIT_VERSION}`,
    )
    expect(storage.getLatestKitVersion()).toEqual({ version: '9.0.0', timestamp: 0 })

    const within = await run(newer.url, storage, 7 * DAY - 1)
    expect(within.ask).not.toHaveBeenCalled()
    expect(within.notify).toHaveBeenCalledOnce()

    const after = await run(same.url, storage, 7 * DAY)
    expect(after.ask).toHaveBeenCalledTimes(1)
    expect(after.notify).not.toHaveBeenCalled()
    expect(storage.getLatestKitVersion()?.version).toBe(KIT_VERSION)
  })

  it('stays quiet when the services cannot be reached', async () => {
    const storage = createAppKitStorage(new MemoryStorage(), () => {})
    const { notify } = await run('http://127.0.0.1:1', storage, 0)
    expect(notify).not.toHaveBeenCalled()
    expect(storage.getLatestKitVersion()).toBeUndefined()
  })

  it('compares versions by number', () => {
    expect(isOlderVersion('0.1.0', '0.10.0')).toBe(true)
    expect(isOlderVersion('1.2.3', '1.2.3')).toBe(false)
    expect(isOlderVersion('2.0.0', '1.9.9')).toBe(false)
  })

  it("is this release's version: the packages' own", async () => {
    const { readFileSync } = await import('node:fs')
    for (const pkg of ['core', 'react', 'evm', 'solana', 'server']) {
      const manifest = JSON.parse(
        readFileSync(new URL(`../../../${pkg}/package.json`, import.meta.url), 'utf8'),
      ) as { version: string }
      expect(manifest.version, pkg).toBe(KIT_VERSION)
    }
  })
})
