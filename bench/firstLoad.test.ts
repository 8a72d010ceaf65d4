import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { englishMessages } from '../packages/react/src/englishMessages'
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
  /** gzip bytes of the first load (bench/size.ts) */
  firstLoadGzip: number
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
    // Vitest sets NODE_ENV=test, which Vite's build would take for React's development build;
    // the sizes checked here are production's, as `npm run bench` measures them.
    const nodeEnv = process.env.NODE_ENV
    process.env.NODE_ENV = 'production'
    try {
      await buildApp(app, out)
    } finally {
      if (nodeEnv === undefined) delete process.env.NODE_ENV
      else process.env.NODE_ENV = nodeEnv
    }
    const report = analyzeBuild(out)
    const read = (files: readonly string[]) =>
      files.map((file) => readFileSync(join(out, file), 'utf8')).join('\n')
    build = {
      firstLoad: read(report.firstLoadFiles),
      everything: read(report.jsFiles),
      firstLoadGzip: report.firstLoadJsGzip,
    }
  }, 120_000)
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true })
  })
  return () => {
    if (!build) throw new Error(`bench app ${name} was not built`)
    return build
  }
}

/** The minimal app's first load (gzip bytes) before the languages of issue 29 came. */
const FIRST_LOAD_BEFORE_LANGUAGES = 86_456
/** What the languages may add to it: the locale option, its matching and setLocale. */
const LANGUAGES_BUDGET = 500

const LOCALES_DIR = fileURLToPath(new URL('../packages/react/src/locales/', import.meta.url))

/** Each translation's texts that differ from English and cannot be mistaken for code. */
async function translatedTexts(): Promise<Record<string, string[]>> {
  const texts = (table: object, english: object): string[] =>
    Object.entries(table).flatMap(([key, value]) => {
      const source = (english as Record<string, unknown>)[key]
      if (typeof value !== 'string') return texts(value as object, source as object)
      // A text of one or two characters ('À') may be found in any code by chance.
      return value !== source && value.length > 2 && /[\s\u0080-\uffff]/.test(value) ? [value] : []
    })
  const files = readdirSync(LOCALES_DIR).filter((file) =>
    /^[a-z]{2,3}(-[A-Za-z0-9]+)*\.ts$/.test(file),
  )
  const entries = await Promise.all(
    files.map(async (file) => {
      const { default: table } = (await import(join(LOCALES_DIR, file))) as { default: object }
      return [file.replace(/\.ts$/, ''), texts(table, englishMessages)] as const
    }),
  )
  return Object.fromEntries(entries)
}

describe('first load of the minimal app', () => {
  const built = useBuild('minimal-lazy')

  it(`grows by at most ${LANGUAGES_BUDGET} bytes gzip with the languages (issue 29)`, () => {
    const growth = built().firstLoadGzip - FIRST_LOAD_BEFORE_LANGUAGES
    console.info(
      `minimal app first load: ${built().firstLoadGzip} B gzip, ${FIRST_LOAD_BEFORE_LANGUAGES} B before the languages (${growth >= 0 ? '+' : ''}${growth} B)`,
    )
    expect(growth).toBeLessThanOrEqual(LANGUAGES_BUDGET)
  })

  // The buttons' English is in it (the modal's comes with the modal); each translation is a
  // chunk of its own, loaded once its locale is chosen.
  it('carries no translation', async () => {
    const locales = await translatedTexts()
    expect(Object.keys(locales)).toEqual(expect.arrayContaining(['ar', 'de', 'ja']))
    // The minifier writes some characters as escapes (French's no-break spaces).
    const unescaped = (code: string) =>
      code.replace(/\\(?:u([0-9a-fA-F]{4})|x([0-9a-fA-F]{2}))/g, (_, u?: string, x?: string) =>
        String.fromCharCode(Number.parseInt(u ?? x ?? '', 16)),
      )
    const firstLoad = unescaped(built().firstLoad)
    const everything = unescaped(built().everything)
    for (const [locale, texts] of Object.entries(locales)) {
      expect(texts.length, locale).toBeGreaterThan(100)
      const inFirstLoad = texts.filter((text) => firstLoad.includes(text))
      expect(inFirstLoad, locale).toEqual([])
      const inBuild = texts.filter((text) => everything.includes(text))
      expect(inBuild, locale).toEqual(texts)
    }
  })
})

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
