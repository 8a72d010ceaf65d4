// The charts (Observable Plot: SVG with ARIA labels, drawn from the same rows as the tables).
// Colours are mid-tones that keep 3:1 against both the light and the dark background; axes and
// labels take the page's text colour (currentColor).
import * as Plot from '@observablehq/plot'
import { type Day, type FunnelStep, formatShare } from './figures.ts'
import { TEXT } from './text.ts'

export const SERIES = [
  { key: 'opened', label: TEXT.columns.opened, color: '#3b82f6' },
  { key: 'connected', label: TEXT.columns.connected, color: '#16a34a' },
  { key: 'errors', label: TEXT.columns.errors, color: '#dc2626' },
] as const

const WIDTH = 560
const HALF_DAY = 43_200_000

/** Whole-number ticks: d3 never picks a step under 1 when asked for at most `top` ticks */
const countTicks = (top: number) => Math.max(1, Math.min(top, 8))
const base = (doc: Document, label: string, description?: string) => ({
  document: doc,
  width: WIDTH,
  style: { background: 'transparent', color: 'currentColor', fontSize: '12px' },
  ariaLabel: label,
  ...(description && { ariaDescription: description }),
})

export function funnelChart(doc: Document, steps: FunnelStep[]) {
  const top = Math.max(1, ...steps.map((s) => s.count))
  return Plot.plot({
    ...base(doc, TEXT.funnel, TEXT.funnelDescription),
    height: 48 * steps.length + 40,
    marginLeft: 130,
    marginRight: 90,
    x: { label: TEXT.columns.count, grid: true, domain: [0, top], ticks: countTicks(top) },
    y: { label: null, domain: steps.map((s) => s.step) },
    marks: [
      Plot.barX(steps, { x: 'count', y: 'step', fill: SERIES[0].color, ariaLabel: 'step' }),
      Plot.text(steps, {
        x: 'count',
        y: 'step',
        text: (s: FunnelStep) => `${s.count} · ${formatShare(s.share)}`,
        dx: 6,
        textAnchor: 'start',
        fill: 'currentColor',
      }),
      Plot.ruleX([0]),
    ],
  })
}

export function dailyChart(doc: Document, days: Day[]) {
  const points = days.flatMap((day) =>
    SERIES.map((series) => ({
      date: new Date(`${day.day}T00:00:00Z`),
      series: series.label,
      value: day[series.key],
    })),
  )
  const top = Math.max(1, ...points.map((p) => p.value))
  const first = Date.parse(`${days[0]?.day}T00:00:00Z`)
  const last = Date.parse(`${days.at(-1)?.day}T00:00:00Z`)
  return Plot.plot({
    ...base(doc, TEXT.daily, TEXT.dailyDescription),
    height: 260,
    marginLeft: 44,
    // Half a day of room on each side: a range of one day is still a line's width, not a point
    x: { type: 'utc', label: null, domain: [first - HALF_DAY, last + HALF_DAY] },
    y: { label: TEXT.columns.count, grid: true, domain: [0, top], ticks: countTicks(top) },
    color: {
      legend: true,
      domain: SERIES.map((s) => s.label),
      range: SERIES.map((s) => s.color),
    },
    marks: [
      Plot.lineY(points, { x: 'date', y: 'value', z: 'series', stroke: 'series', strokeWidth: 2 }),
      Plot.dot(points, { x: 'date', y: 'value', fill: 'series', r: 3 }),
      Plot.ruleY([0]),
    ],
  })
}

/** Horizontal bars for a share: the biggest first, at most `limit` of them */
export function shareChart(
  doc: Document,
  label: string,
  rows: { name: string; count: number }[],
  limit = 10,
) {
  const shown = [...rows].sort((a, b) => b.count - a.count).slice(0, limit)
  const top = Math.max(1, ...shown.map((r) => r.count))
  return Plot.plot({
    ...base(doc, label),
    height: 36 * Math.max(1, shown.length) + 40,
    marginLeft: 160,
    marginRight: 40,
    x: { label: TEXT.columns.count, grid: true, domain: [0, top], ticks: countTicks(top) },
    y: { label: null, domain: shown.map((r) => r.name) },
    marks: [
      Plot.barX(shown, { x: 'count', y: 'name', fill: SERIES[1].color }),
      Plot.text(shown, { x: 'count', y: 'name', text: 'count', dx: 6, textAnchor: 'start' }),
      Plot.ruleX([0]),
    ],
  })
}
