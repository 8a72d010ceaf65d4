// The dashboard's figures for one summary: each chart with its table beside it.
import { dailyChart, funnelChart, shareChart } from './charts.ts'
import { everyDay, formatCount, formatShare, funnelSteps, totals } from './figures.ts'
import type { AnalyticsSummary } from './summaryApi.ts'
import { type Column, dataTable } from './tables.ts'
import { TEXT } from './text.ts'

const { columns } = TEXT

function section(doc: Document, id: string, heading: string, ...parts: Node[]) {
  const element = doc.createElement('section')
  element.setAttribute('aria-labelledby', id)
  const h2 = doc.createElement('h2')
  h2.id = id
  h2.textContent = heading
  element.append(h2, ...parts)
  return element
}

/** A chart, an image named by its label, and beside it the table that holds every figure */
function pair(doc: Document, chart: Element, table: HTMLTableElement) {
  const wrapper = doc.createElement('div')
  wrapper.className = 'pair'
  const figure = doc.createElement('figure')
  const svg = chart.tagName.toLowerCase() === 'svg' ? chart : chart.querySelector('svg[aria-label]')
  svg?.setAttribute('role', 'img')
  figure.append(chart)
  const tableBox = doc.createElement('div')
  tableBox.className = 'table'
  tableBox.append(table)
  wrapper.append(figure, tableBox)
  return wrapper
}

function note(doc: Document, text: string) {
  const p = doc.createElement('p')
  p.className = 'note'
  p.textContent = text
  return p
}

function totalsList(doc: Document, summary: AnalyticsSummary) {
  const list = doc.createElement('dl')
  list.className = 'totals'
  for (const { label, value } of totals(summary)) {
    const item = doc.createElement('div')
    const dt = doc.createElement('dt')
    dt.textContent = label
    const dd = doc.createElement('dd')
    dd.textContent = formatCount(value)
    item.append(dt, dd)
    list.append(item)
  }
  return list
}

function shareSection(
  doc: Document,
  id: string,
  heading: string,
  nameColumn: string,
  rows: { name: string; count: number }[],
) {
  if (rows.length === 0) return section(doc, id, heading, note(doc, TEXT.noData))
  const table = dataTable(
    doc,
    heading,
    [{ label: nameColumn }, { label: columns.count, numeric: true }],
    rows.map((r) => [r.name, r.count]),
    formatCount,
  )
  return section(doc, id, heading, pair(doc, shareChart(doc, heading, rows), table))
}

export function renderSummary(doc: Document, summary: AnalyticsSummary): Node[] {
  const steps = funnelSteps(summary)
  const funnelTable = dataTable(
    doc,
    TEXT.funnel,
    [
      { label: columns.step },
      { label: columns.count, numeric: true },
      { label: columns.share, numeric: true },
    ],
    steps.map((s) => [s.step, formatCount(s.count), formatShare(s.share)]),
  )
  const days = everyDay(summary)
  const numeric: Column = { label: '', numeric: true }
  const dailyTable = dataTable(
    doc,
    TEXT.daily,
    [
      { label: columns.day },
      { ...numeric, label: columns.opened },
      { ...numeric, label: columns.connected },
      { ...numeric, label: columns.errors },
    ],
    days.map((d) => [d.day, d.opened, d.connected, d.errors]),
    formatCount,
  )
  const errors =
    summary.errors.length === 0
      ? note(doc, TEXT.noErrors)
      : dataTable(
          doc,
          TEXT.errors,
          [
            { label: columns.event },
            { label: columns.message },
            { ...numeric, label: columns.count },
          ],
          summary.errors.map((e) => [e.event, e.message, e.count]),
          formatCount,
        )
  return [
    section(doc, 'totals', TEXT.totals, totalsList(doc, summary)),
    section(doc, 'funnel', TEXT.funnel, pair(doc, funnelChart(doc, steps), funnelTable)),
    section(doc, 'daily', TEXT.daily, pair(doc, dailyChart(doc, days), dailyTable)),
    shareSection(
      doc,
      'wallets',
      TEXT.wallets,
      columns.wallet,
      summary.connectionsByWallet.map((r) => ({ name: r.wallet, count: r.count })),
    ),
    shareSection(
      doc,
      'methods',
      TEXT.methods,
      columns.method,
      summary.connectionsByMethod.map((r) => ({ name: r.method, count: r.count })),
    ),
    shareSection(
      doc,
      'networks',
      TEXT.networks,
      columns.network,
      summary.networks.map((r) => ({ name: r.caipNetworkId, count: r.count })),
    ),
    section(doc, 'errors', TEXT.errors, errors),
  ]
}
