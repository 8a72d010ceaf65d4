// `npm run bench`: builds the minimal apps and the demo, measures their JS (gzip) and, in
// headless Chromium, how fast the connect button appears and the wallet list opens.
import { mkdirSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { performance } from 'node:perf_hooks'
import { launchBrowser } from '@latchkey/e2e/browser'
import type { Browser } from 'playwright-core'
import { APPS, buildApp, RESULTS_DIR, serveBuild } from './build'
import { analyzeBuild, formatKb, type SizeReport } from './size'
import { IDLE_PAUSE_MS, measureApp, median, type TimingRun } from './timing'

const RUNS = Number(process.env.BENCH_RUNS ?? 5)

interface AppResult {
  name: string
  size: SizeReport
  runs: TimingRun[]
  buttonMsMedian: number
  openToListMsMedian: number
}

const ms = (value: number) => value.toFixed(1)

function table(results: AppResult[]): string {
  const header = [
    'app',
    'total JS gzip KB',
    'first-load JS gzip KB',
    `button visible ms (median of ${RUNS})`,
    `open → wallet list ms (median of ${RUNS})`,
  ]
  const rows = results.map((r) => [
    r.name,
    formatKb(r.size.totalJsGzip),
    formatKb(r.size.firstLoadJsGzip),
    ms(r.buttonMsMedian),
    ms(r.openToListMsMedian),
  ])
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]?.length ?? 0)))
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join(' | ')} |`
  const rule = `| ${widths.map((w, i) => (i === 0 ? '-'.repeat(w) : `${'-'.repeat(w - 1)}:`)).join(' | ')} |`
  return [line(header), rule, ...rows.map(line)].join('\n')
}

async function main() {
  const started = performance.now()
  const buildRoot = join(RESULTS_DIR, 'build')
  mkdirSync(RESULTS_DIR, { recursive: true })

  const sizes = new Map<string, SizeReport>()
  for (const app of APPS) {
    const outDir = join(buildRoot, app.name)
    console.log(`[bench] building ${app.name} → ${relative(process.cwd(), outDir)}`)
    await buildApp(app, outDir)
    sizes.set(app.name, analyzeBuild(outDir))
  }

  const results: AppResult[] = []
  let browser: Browser | undefined
  try {
    browser = await launchBrowser()
    for (const app of APPS) {
      const server = await serveBuild(app.root, join(buildRoot, app.name))
      try {
        console.log(`[bench] timing ${app.name} (${RUNS} runs) at ${server.url}`)
        const runs = await measureApp(browser, server.url, RUNS)
        results.push({
          name: app.name,
          size: sizes.get(app.name) as SizeReport,
          runs,
          buttonMsMedian: median(runs.map((r) => r.buttonMs)),
          openToListMsMedian: median(runs.map((r) => r.openToListMs)),
        })
      } finally {
        await server.close()
      }
    }
  } finally {
    await browser?.close()
  }

  console.log('')
  console.log(table(results))
  console.log('')
  console.log('KB = 1000 bytes. Each emitted .js file is gzipped on its own (node:zlib, level 9).')
  console.log(
    'First load = index.html module scripts and modulepreload links plus their static imports, transitively (no dynamic import()).',
  )
  console.log(
    `Timings: headless Chromium, vite preview on 127.0.0.1, ${RUNS} runs per app, each in a fresh browser context (empty cache); performance.now() in the page.`,
  )
  console.log(
    'Button visible = navigation start → [data-testid=connect-button] in the DOM (MutationObserver).',
  )
  console.log(
    `Open → wallet list = click (capture listener) → first [data-wallet-id] in the modal's shadow root (MutationObserver); before the click the page is idle: networkidle + ${IDLE_PAUSE_MS} ms, so after-first-paint preloading has run. A stub EIP-6963 wallet is announced.`,
  )

  const json = {
    generatedAt: new Date().toISOString(),
    units: { size: 'bytes (gzip level 9); KB = 1000 bytes', time: 'ms' },
    runsPerApp: RUNS,
    idlePauseMs: IDLE_PAUSE_MS,
    apps: results.map((r) => ({
      name: r.name,
      totalJsGzipBytes: r.size.totalJsGzip,
      firstLoadJsGzipBytes: r.size.firstLoadJsGzip,
      totalJsGzipKb: Number(formatKb(r.size.totalJsGzip)),
      firstLoadJsGzipKb: Number(formatKb(r.size.firstLoadJsGzip)),
      buttonVisibleMsMedian: Number(ms(r.buttonMsMedian)),
      openToWalletListMsMedian: Number(ms(r.openToListMsMedian)),
      runs: r.runs.map((run) => ({
        buttonVisibleMs: Number(ms(run.buttonMs)),
        openToWalletListMs: Number(ms(run.openToListMs)),
      })),
      jsFiles: r.size.jsFiles,
      firstLoadFiles: r.size.firstLoadFiles,
    })),
  }
  const jsonPath = join(RESULTS_DIR, 'latest.json')
  writeFileSync(jsonPath, `${JSON.stringify(json, null, 2)}\n`)
  console.log(`\nWrote ${relative(process.cwd(), jsonPath)}`)
  console.log(`[bench] done in ${((performance.now() - started) / 1000).toFixed(1)} s`)
}

main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
