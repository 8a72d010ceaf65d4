// What the charts and tables show, derived from the summary: no DOM here.
import type { AnalyticsSummary } from './summaryApi.ts'
import { TEXT } from './text.ts'

export interface FunnelStep {
  step: string
  count: number
  /** Of the opens, 0..1; 0 when nothing was opened */
  share: number
}

const STEPS = ['opened', 'walletSelected', 'connected', 'signedIn'] as const

export function funnelSteps(summary: AnalyticsSummary): FunnelStep[] {
  const opened = summary.funnel.opened
  return STEPS.map((key) => ({
    step: TEXT.steps[key],
    count: summary.funnel[key],
    share: opened > 0 ? summary.funnel[key] / opened : 0,
  }))
}

export type Day = AnalyticsSummary['daily'][number]

const DAY_MS = 86_400_000

/** One row per day of the range, days without events as zeros, so the series has no gaps. */
export function everyDay(summary: AnalyticsSummary): Day[] {
  const known = new Map(summary.daily.map((row) => [row.day, row]))
  const days: Day[] = []
  const last = Date.parse(`${summary.to}T00:00:00Z`)
  for (let t = Date.parse(`${summary.from}T00:00:00Z`); t <= last; t += DAY_MS) {
    const day = new Date(t).toISOString().slice(0, 10)
    days.push(known.get(day) ?? { day, opened: 0, connected: 0, errors: 0 })
  }
  return days
}

export function totals(summary: AnalyticsSummary): { label: string; value: number }[] {
  const { counts, funnel } = summary
  return [
    { label: TEXT.counts.pageLoads, value: counts.pageLoads },
    { label: TEXT.counts.opened, value: funnel.opened },
    { label: TEXT.counts.connected, value: funnel.connected },
    { label: TEXT.counts.sends, value: counts.sends },
    { label: TEXT.counts.swaps, value: counts.swaps },
    { label: TEXT.counts.onramps, value: counts.onramps },
    { label: TEXT.counts.names, value: counts.names },
  ]
}

const percent = new Intl.NumberFormat('en', { style: 'percent', maximumFractionDigits: 1 })
const whole = new Intl.NumberFormat('en')

export const formatShare = (share: number) => percent.format(share)
export const formatCount = (count: number) => whole.format(count)
