import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { APPS, buildApp } from './build'
import { analyzeBuild } from './size'

/** Strings only these libraries' code contains (error names and protocol methods survive minifying). */
const HEAVY_MARKERS = {
  'WalletConnect sign client': 'wc_sessionPropose',
  wagmi: 'ChainNotConfiguredError',
  'QR code encoder': 'Invalid QR Code',
}

describe('first load of the minimal app with WalletConnect configured', () => {
  let dir: string
  let firstLoad: string
  let everything: string

  beforeAll(async () => {
    const app = APPS.find((a) => a.name === 'minimal-walletconnect')
    if (!app) throw new Error('bench app minimal-walletconnect missing')
    dir = mkdtempSync(join(tmpdir(), 'latchkey-first-load-'))
    await buildApp(app, dir)
    const report = analyzeBuild(dir)
    const read = (files: readonly string[]) =>
      files.map((file) => readFileSync(join(dir, file), 'utf8')).join('\n')
    firstLoad = read(report.firstLoadFiles)
    everything = read(report.jsFiles)
  }, 120_000)

  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it.each(Object.entries(HEAVY_MARKERS))('keeps %s out of it (loaded on demand)', (_, marker) => {
    expect(everything).toContain(marker)
    expect(firstLoad).not.toContain(marker)
  })
})
