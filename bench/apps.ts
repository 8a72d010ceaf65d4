// The measured apps as the README names them, and their size and timing table.
import type { SizeReport } from './size'
import { formatKb } from './size'
import { markdownTable } from './table'
import type { TimingRun } from './timing'

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
