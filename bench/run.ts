// `npm run bench`: builds the minimal apps and the demo, measures their JS (gzip) and, in
// headless Chromium, how fast the connect button appears and the wallet list opens; then the
// directory service (/getWallets latency and req/s on 10,000 wallets), the modal's search, the
// blockchain data API and the WalletConnect relay.
import { mkdirSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { performance } from 'node:perf_hooks'
import { fileURLToPath } from 'node:url'
import { launchBrowser } from '@latchkey/e2e/browser'
import type { Browser } from 'playwright-core'
import { writeMutationFigures } from '../scripts/mutationReadme.ts'
import { analyticsNotes, analyticsTable, runAnalyticsBench } from './analytics'
import { APP_LABELS, type AppResult, appsNotes, appsTable, ms } from './apps'
import { balanceTable, runBalanceBench } from './balance'
import { APPS, buildApp, RESULTS_DIR, serveBuild } from './build'
import { consumerTable, measureConsumerApp } from './consumer.ts'
import { benchDirectoryService, directoryTable, LOAD } from './directory'
import { emailLoginTable, runEmailLoginBench } from './emailLogin'
import { type FrameScenario, framesNotes, framesTable, measureFrames } from './frames'
import { fuzzLine, runFuzzBench } from './fuzz'
import { readmeFigures, writeReadmeFigures } from './readme'
import { relayNotes, relayTable, runRelayBench } from './relay'
import { benchClientSearch, searchTable } from './search'
import { analyzeBuild, formatKb, type SizeReport } from './size'
import { runSmartAccountBench, smartAccountNotes, smartAccountTable } from './smartAccount'
import { benchSwapQuotes, swapNotes, swapTable } from './swap'
import { IDLE_PAUSE_MS, measureApp, median } from './timing'
import { runWalletConnectBench, walletConnectTable } from './walletconnect'

const RUNS = Number(process.env.BENCH_RUNS ?? 5)
const README = fileURLToPath(new URL('../README.md', import.meta.url))
const MUTATION_SCORES = fileURLToPath(new URL('../reports/mutation/scores.json', import.meta.url))

async function main() {
  const started = performance.now()
  // Mutation scores come from the last `npm run mutation` (hours of Stryker); bench only copies them.
  console.log('[bench] mutation scores from reports/mutation/scores.json')
  console.log(writeMutationFigures(README, MUTATION_SCORES))
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
  let frames: FrameScenario[] = []
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
        if (app.name === 'minimal-lazy') frames = await measureFrames(browser, server.url, RUNS)
      } finally {
        await server.close()
      }
    }
  } finally {
    await browser?.close()
  }

  console.log('')
  console.log(appsTable(results, RUNS))
  console.log('')
  console.log(framesTable(frames))
  console.log('')
  console.log('')
  console.log(appsNotes(RUNS))
  console.log('')
  console.log('[bench] directory service: seeding 10,000 wallets, then load tests')
  const directoryService = await benchDirectoryService()
  console.log('')
  console.log(directoryTable(directoryService))
  console.log('')
  console.log(
    `Directory: PGlite in a temp dir, ${directoryService.walletCount} wallets (10,000 generated + the real ones); /getWallets?projectId=…&<query>.`,
  )
  console.log(
    `p50/p95: in-process (app.request, no sockets), ${directoryService.inProcessRequests} requests after 20 warm-up ones.`,
  )
  console.log(
    `req/s: autocannon over 127.0.0.1, ${LOAD.connections} connections, ${LOAD.durationS} s after a ${LOAD.warmupS} s warm-up, requests fired from a worker thread; the server (as the CLI runs it) and a bare Hono hello-world (@hono/node-server), each in a process of its own, measured in the same run. Rate limits raised for the test.`,
  )

  const searchOutDir = join(buildRoot, 'demo-search')
  console.log('')
  console.log(
    `[bench] client search: building demo → ${relative(process.cwd(), searchOutDir)} against a 10,000-wallet server`,
  )
  const clientSearch = await benchClientSearch({ outDir: searchOutDir, runs: RUNS })
  console.log('')
  console.log(searchTable(clientSearch))
  console.log('')
  console.log(
    `Client search: headless Chromium, the demo (vite preview) against a server with ${clientSearch.walletCount} wallets; each run in a fresh context: connect button → All wallets → type '${clientSearch.query}' (page.keyboard.type).`,
  )
  console.log(
    `Measured in the page: the last keystroke's input event (capture listener, performance.now()) → the first animation frame where the list has rows and every row name contains the query. The modal searches ${clientSearch.debounceMs} ms after the last keystroke (§2), so the figure includes that wait; "after the debounce" subtracts it.`,
  )

  console.log('')
  console.log('[bench] blockchain data API: one anvil chain, 1,000 blocks of transfers')
  const balance = await runBalanceBench(directoryService.helloWorld.requestsPerSecond)
  console.log('')
  console.log(balanceTable(balance))
  console.log('')
  console.log(
    `Balance: /v1/account/{address}/balance over loopback, ${balance.requests} requests each for the latencies; req/s of the warm one under autocannon as for the directory, against the same run's hello-world. Indexer: caught up ${balance.blocks} blocks from block 0 at ${balance.indexerBlocksPerSecond} blocks/s (PGlite).`,
  )

  console.log('')
  console.log("[bench] swap quotes on the devnet's exchange")
  const swap = await benchSwapQuotes()
  console.log('')
  console.log(swapTable(swap))
  console.log('')
  console.log(swapNotes(swap))

  console.log('')
  console.log('[bench] smart accounts: user operations through the local bundler')
  const smartAccount = await runSmartAccountBench()
  console.log('')
  console.log(smartAccountTable(smartAccount))
  console.log('')
  console.log(smartAccountNotes(smartAccount))

  console.log('')
  console.log('[bench] analytics collector: POST /batch under load')
  const analytics = await runAnalyticsBench()
  console.log('')
  console.log(analyticsTable(analytics))
  console.log('')
  console.log(analyticsNotes(analytics))

  console.log('')
  console.log('[bench] WalletConnect relay: 200 clients, 10,000 messages over loopback')
  const relay = await runRelayBench()
  console.log('')
  console.log(relayTable(relay))
  console.log('')
  console.log(relayNotes(relay))

  console.log('')
  console.log('[bench] Fuzzing every route in /openapi.json: 100,000 requests')
  const fuzz = await runFuzzBench()
  console.log(fuzzLine(fuzz))

  console.log('')
  console.log('[bench] WalletConnect: click → pairing URI, against our relay')
  const walletConnect = await runWalletConnectBench({
    outDir: join(buildRoot, 'minimal-walletconnect-qr'),
    runs: RUNS,
  })
  console.log('')
  console.log(walletConnectTable(walletConnect))
  console.log('')
  console.log(
    'Each run in a fresh browser context (empty cache): the sign client chunk is fetched, the relay socket opened and the proposal published before the URI shows. The app waits for networkidle first.',
  )

  console.log('')
  console.log('[bench] An AppKit-style app installed from npm pack tarballs')
  const consumer = await measureConsumerApp()
  console.log('')
  console.log(consumerTable(consumer))

  console.log('')
  console.log('[bench] Email login: the embedded wallet over the local stack')
  const emailLogin = await runEmailLoginBench({ runs: RUNS })
  console.log('')
  console.log(emailLoginTable(emailLogin))
  console.log('')
  console.log(
    `Frame app JS: ${formatKb(emailLogin.frameFirstLoadJsGzipBytes)} KB gzip first load, ${formatKb(emailLogin.frameJsGzipBytes)} KB with the smart-account part it loads on demand (only inside the iframe). Each run in a fresh browser context with a new email; demo and frame built and served by vite preview.`,
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
    frames,
    directoryService,
    clientSearch,
    balance,
    swap,
    relay,
    fuzz,
    walletConnect,
    emailLogin,
    consumer: {
      name: consumer.name,
      totalJsGzipBytes: consumer.size.totalJsGzip,
      firstLoadJsGzipBytes: consumer.size.firstLoadJsGzip,
      firstLoadFiles: consumer.size.firstLoadFiles,
    },
  }
  const jsonPath = join(RESULTS_DIR, 'latest.json')
  writeFileSync(jsonPath, `${JSON.stringify(json, null, 2)}\n`)
  console.log(`\nWrote ${relative(process.cwd(), jsonPath)}`)
  writeReadmeFigures(
    README,
    readmeFigures({
      runs: RUNS,
      measuredAt: new Date(),
      apps: results.map((r) => ({
        name: r.name,
        label: APP_LABELS[r.name] ?? r.name,
        totalJsGzip: r.size.totalJsGzip,
        firstLoadJsGzip: r.size.firstLoadJsGzip,
        buttonMs: r.buttonMsMedian,
        openToListMs: r.openToListMsMedian,
      })),
      sections: [
        { title: 'Animation frames', table: framesTable(frames), note: framesNotes(RUNS) },
        {
          title:
            'An AppKit-style app installed from the packed packages (Vite, React 19, wagmi 2.19, `WagmiAdapter`, its own wagmi hooks and TanStack Query; everything it ships, wagmi and viem included)',
          table: consumerTable(consumer),
        },
        {
          title: `Email login over the local stack (frame app ${formatKb(emailLogin.frameFirstLoadJsGzipBytes)} KB gzip first load, ${formatKb(emailLogin.frameJsGzipBytes)} KB with its smart-account part; only in its iframe)`,
          table: emailLoginTable(emailLogin),
        },
        { title: 'WalletConnect against our relay', table: walletConnectTable(walletConnect) },
        { title: 'WalletConnect relay', table: relayTable(relay), note: relayNotes(relay) },
        {
          title: `Wallet directory, ${directoryService.walletCount.toLocaleString('en-US')} wallets on PGlite`,
          table: directoryTable(directoryService),
        },
        { title: 'Client search', table: searchTable(clientSearch) },
        {
          title: `Blockchain data API (indexer: ${balance.blocks} blocks at ${balance.indexerBlocksPerSecond} blocks/s)`,
          table: balanceTable(balance),
        },
        {
          title: "Swap quotes on the devnet's exchange",
          table: swapTable(swap),
          note: swapNotes(swap),
        },
        {
          title: 'Smart accounts: user operations through the local bundler',
          table: smartAccountTable(smartAccount),
          note: smartAccountNotes(smartAccount),
        },
        {
          title: 'Analytics collector: ingestion',
          table: analyticsTable(analytics),
          note: analyticsNotes(analytics),
        },
      ],
    }),
  )
  console.log(`Wrote the figures into ${relative(process.cwd(), README)}`)
  console.log(`[bench] done in ${((performance.now() - started) / 1000).toFixed(1)} s`)
}

main()
  .catch((error: unknown) => {
    console.error(error)
    process.exitCode = 1
  })
  .finally(() => {
    // Everything is closed by now; should a handle still hold the event loop, do not hang.
    setTimeout(() => {
      console.error('[bench] an open handle kept the process alive; exiting')
      process.exit(process.exitCode ?? 1)
    }, 5_000).unref()
  })
