// The README's figures: `npm run bench` writes them between two markers, so the prose around
// them never carries a number of its own that could drift from what was measured.
import { readFileSync, writeFileSync } from 'node:fs'
import { cpus } from 'node:os'
import { formatKb } from './size'
import { markdownTable } from './table'

export const README_START = '<!-- bench:start (written by npm run bench; do not edit) -->'
export const README_END = '<!-- bench:end -->'

/** The text with what stands between the markers (the figures' by default) replaced by `block`. */
export function replaceMarkedBlock(
  text: string,
  block: string,
  markers: { start: string; end: string } = { start: README_START, end: README_END },
): string {
  const start = text.indexOf(markers.start)
  const end = text.indexOf(markers.end)
  if (start === -1 || end === -1 || end < start) {
    throw new Error(`README.md needs the lines '${markers.start}' and '${markers.end}', in order`)
  }
  return `${text.slice(0, start + markers.start.length)}\n${block.trim()}\n${text.slice(end)}`
}

export interface AppFigures {
  name: string
  label: string
  totalJsGzip: number
  firstLoadJsGzip: number
  buttonMs: number
  openToListMs: number
}

export interface ReadmeFigures {
  runs: number
  apps: AppFigures[]
  /** Further tables, each under its own heading line, in the order given */
  sections: { title: string; table: string; note?: string }[]
  measuredAt: Date
}

const kb = (bytes: number) => `${formatKb(bytes)} KB`

/** The headline (React plus how much), the apps' table and the services' tables. */
export function readmeFigures({ runs, apps, sections, measuredAt }: ReadmeFigures): string {
  const react = apps.find((a) => a.name === 'react-baseline')
  const minimal = apps.find((a) => a.name === 'minimal-lazy')
  const demo = apps.find((a) => a.name === 'demo')
  const over = (app: AppFigures | undefined) =>
    app && react ? `React plus ${kb(app.firstLoadJsGzip - react.firstLoadJsGzip)}` : 'not measured'
  const lines = [
    `Measured ${measuredAt.toISOString().slice(0, 10)} on ${cpus().length} cores: headless Chromium, median of ${runs} runs, gzip level 9, KB = 1000 bytes.`,
    '',
    `First load: a minimal app ${minimal ? kb(minimal.firstLoadJsGzip) : '–'} (${over(minimal)}), the demo ${demo ? kb(demo.firstLoadJsGzip) : '–'} (${over(demo)}).`,
    '',
    markdownTable(
      [
        'app',
        'total JS gzip',
        'first-load JS gzip',
        'navigation → button',
        'click → Connect with wallet list',
      ],
      apps.map((a) => [
        a.label,
        kb(a.totalJsGzip),
        kb(a.firstLoadJsGzip),
        `${a.buttonMs.toFixed(0)} ms`,
        `${a.openToListMs.toFixed(1)} ms`,
      ]),
    ),
  ]
  for (const section of sections) {
    lines.push('', `${section.title}:`, '', section.table)
    if (section.note) lines.push('', section.note)
  }
  return lines.join('\n')
}

export function writeReadmeFigures(readmePath: string, block: string): void {
  writeFileSync(readmePath, replaceMarkedBlock(readFileSync(readmePath, 'utf8'), block))
}
