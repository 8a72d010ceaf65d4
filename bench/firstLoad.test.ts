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

interface Build {
  firstLoad: string
  everything: string
}

/** Builds a bench app and reads its first-load JS and all of its JS. */
function useBuild(name: string): () => Build {
  let dir: string | undefined
  let build: Build | undefined
  beforeAll(async () => {
    const app = APPS.find((a) => a.name === name)
    if (!app) throw new Error(`bench app ${name} missing`)
    const out = mkdtempSync(join(tmpdir(), 'latchkey-first-load-'))
    dir = out
    await buildApp(app, out)
    const report = analyzeBuild(out)
    const read = (files: readonly string[]) =>
      files.map((file) => readFileSync(join(out, file), 'utf8')).join('\n')
    build = { firstLoad: read(report.firstLoadFiles), everything: read(report.jsFiles) }
  }, 120_000)
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true })
  })
  return () => {
    if (!build) throw new Error(`bench app ${name} was not built`)
    return build
  }
}

describe('first load of the minimal app with WalletConnect configured', () => {
  const built = useBuild('minimal-walletconnect')

  it.each(Object.entries(HEAVY_MARKERS))('keeps %s out of it (loaded on demand)', (_, marker) => {
    // Booleans, not toContain: a failure would print the whole bundle.
    expect(built().everything.includes(marker)).toBe(true)
    expect(built().firstLoad.includes(marker)).toBe(false)
  })

  // Only an app that adds BitcoinAdapter pays for it.
  it('carries no Bitcoin code at all', () => {
    expect(built().everything.includes('btc_providers')).toBe(false)
  })
})

describe('first load of the demo (EVM + Solana + Bitcoin + email and socials)', () => {
  const built = useBuild('demo')

  // The Solana adapter asks core for the embedded wallet's handle on every page; the wallet,
  // its frame provider and their validation load only with a login (they once rode along and
  // added 15 KB to the demo's first load).
  it('keeps the embedded wallet out of it (loaded with a login)', () => {
    const marker = 'The wallet frame reloaded'
    expect(built().everything.includes(marker)).toBe(true)
    expect(built().firstLoad.includes(marker)).toBe(false)
  })

  // Swap (its views, their texts, controller and the convert client) loads when the visitor opens it.
  it('keeps swap out of it', () => {
    for (const marker of [
      'The swap failed on chain',
      '/v1/convert/quotes',
      'lk-swap-panel',
      'Slippage tolerance',
    ]) {
      expect(built().everything.includes(marker)).toBe(true)
      expect(built().firstLoad.includes(marker)).toBe(false)
    }
  })

  // Farcaster sign-in (its view, texts, QR code and controller) loads when the visitor picks it.
  it('keeps the Farcaster sign-in out of it', () => {
    for (const marker of [
      'Waiting for you to sign in with Farcaster',
      'the Farcaster sign-in failed',
      'Invalid QR Code',
    ]) {
      expect(built().everything.includes(marker)).toBe(true)
      expect(built().firstLoad.includes(marker)).toBe(false)
    }
  })

  // Bitcoin's first load is wallet discovery; @scure/btc-signer and the Esplora client come with
  // the engine, after first paint.
  it('keeps the Bitcoin engine out of it', () => {
    expect(built().firstLoad.includes('btc_providers')).toBe(true)
    for (const marker of ['Transaction/output: script and amount required', '/fee-estimates']) {
      expect(built().everything.includes(marker)).toBe(true)
      expect(built().firstLoad.includes(marker)).toBe(false)
    }
  })

  // Buying crypto (its views, texts, controller and the onramp client) loads when opened.
  it('keeps buying crypto out of it', () => {
    for (const marker of ['/v1/generators/onrampurl', 'lk-onramp-method', 'Purchase complete']) {
      expect(built().everything.includes(marker)).toBe(true)
      expect(built().firstLoad.includes(marker)).toBe(false)
    }
  })
})
