// The measured apps as the README names them, and their size and timing table.
import type { SizeReport } from './size'
import { formatKb } from './size'
import { markdownTable } from './table'
import { IDLE_PAUSE_MS, type TimingRun } from './timing'

/** How the README names each measured app. */
export const APP_LABELS: Record<string, string> = {
  'react-baseline': 'React only (baseline)',
  'minimal-lazy': 'minimal, `LazyWagmiAdapter`',
  'minimal-walletconnect': 'minimal, `LazyWagmiAdapter`, WalletConnect on',
  'minimal-eager': 'minimal, `WagmiAdapter`',
  demo: 'demo (EVM + Solana + Bitcoin adapters)',
}

export interface AppResult {
  name: string
  size: SizeReport
  runs: TimingRun[]
  buttonMsMedian: number
  openToListMsMedian: number
}

export const ms = (value: number) => value.toFixed(1)

export function appsTable(results: AppResult[], runs: number): string {
  const header = [
    'app',
    'total JS gzip KB',
    'first-load JS gzip KB',
    `button visible ms (median of ${runs})`,
    `open → wallet list ms (median of ${runs})`,
  ]
  const rows = results.map((r) => [
    r.name,
    formatKb(r.size.totalJsGzip),
    formatKb(r.size.firstLoadJsGzip),
    ms(r.buttonMsMedian),
    ms(r.openToListMsMedian),
  ])
  return markdownTable(header, rows)
}

/** How the apps' sizes and timings were measured. */
export function appsNotes(runs: number): string {
  return [
    'KB = 1000 bytes. Each emitted .js file is gzipped on its own (node:zlib, level 9).',
    'First load = index.html module scripts and modulepreload links plus their static imports, transitively (no dynamic import()).',
    `Timings: headless Chromium, vite preview on 127.0.0.1, ${runs} runs per app, each in a fresh browser context (empty cache); performance.now() in the page.`,
    'Button visible = navigation start → [data-testid=connect-button] in the DOM (MutationObserver).',
    `Open → wallet list = click (capture listener) → first [data-wallet-id] in the modal's shadow root (MutationObserver); before the click the page is idle: networkidle + ${IDLE_PAUSE_MS} ms, so after-first-paint preloading has run. A stub EIP-6963 wallet is announced.`,
  ].join('\n')
}
