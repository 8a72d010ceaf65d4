// Dropped frames: in headless Chromium, the modal's open animation (fade and rise) and a change
// of view (Connect → All Wallets, whose height animates), counted by requestAnimationFrame
// timestamps in the page. A frame is dropped when it comes more than 1.5 × 16.7 ms after the one
// before it. Run alone with `npx tsx --conditions=@latchkey/source bench/frames.ts`.
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { launchBrowser } from '@latchkey/e2e/browser'
import type { Browser, Page } from 'playwright-core'
import { APPS, buildApp, RESULTS_DIR, serveBuild } from './build'
import { markdownTable } from './table'
import { IDLE_PAUSE_MS, INIT_SCRIPT, median } from './timing'

/** 1.5 × one 60 Hz frame */
export const DROPPED_FRAME_MS = 1.5 * (1000 / 60)
/** Longer than the modal's animations (0.22 s): the window watched after the click. */
const MIN_WINDOW_MS = 300

interface FrameRecord {
  clickAt: number | null
  doneAt: number | null
  stamps: number[]
  stop: boolean
}

declare global {
  interface Window {
    __latchkeyFrames?: FrameRecord
  }
}

export interface FrameRun {
  /** Frames painted from the click until the animation ended */
  frames: number
  /** Of those, the ones later than DROPPED_FRAME_MS after the one before */
  dropped: number
  longestMs: number
  windowMs: number
}

export interface FrameScenario {
  name: string
  runs: FrameRun[]
}

/** Starts a requestAnimationFrame loop that keeps every frame's timestamp, and marks the click. */
function startRecorder() {
  const record: FrameRecord = { clickAt: null, doneAt: null, stamps: [], stop: false }
  window.__latchkeyFrames = record
  document.addEventListener(
    'click',
    () => {
      record.clickAt ??= performance.now()
    },
    { capture: true, once: true },
  )
  const loop = (time: number) => {
    record.stamps.push(time)
    if (!record.stop) requestAnimationFrame(loop)
  }
  requestAnimationFrame(loop)
}

/**
 * True (and marks the end) once `view` shows, the dialog and its backdrop run no animation, the
 * content's height is not moving, and at least `minMs` have passed since the click.
 */
function animationEnded([view, minMs]: [string, number]) {
  const record = window.__latchkeyFrames
  const root = document.querySelector('[data-latchkey-modal]')?.shadowRoot
  if (!record?.clickAt || !root?.querySelector(`[data-view="${view}"]`)) return false
  const overlay = root.querySelector('.lk-overlay:not(.lk-leaving)')
  const dialog = overlay?.querySelector('.lk-dialog')
  const moving =
    root.querySelector('.lk-morph[data-moving]') !== null ||
    (overlay?.getAnimations().length ?? 0) > 0 ||
    (dialog?.getAnimations().length ?? 0) > 0
  if (moving || performance.now() - record.clickAt < minMs) return false
  record.doneAt = performance.now()
  record.stop = true
  return true
}

/**
 * A function as an expression for the page. tsx (esbuild's keepNames) wraps named functions in
 * `__name(…)` calls that only exist in Node, so the page gets a no-op `__name` of its own.
 */
function inPage(fn: (arg: never) => unknown, arg?: unknown): string {
  return `(() => { const __name = (target) => target; return (${fn.toString()})(${JSON.stringify(arg ?? null)}) })()`
}

async function recordClick(page: Page, selector: string, view: string): Promise<FrameRun> {
  await page.evaluate(inPage(startRecorder))
  await page.click(selector)
  await page.waitForFunction(inPage(animationEnded, [view, MIN_WINDOW_MS]), undefined, {
    polling: 'raf',
    timeout: 10_000,
  })
  const record = (await page.evaluate(() => window.__latchkeyFrames)) as FrameRecord
  const clickAt = record.clickAt as number
  const doneAt = record.doneAt as number
  // The last frame before the click starts the first interval.
  const before = record.stamps.filter((t) => t < clickAt).at(-1) ?? clickAt
  const during = record.stamps.filter((t) => t >= clickAt && t <= doneAt)
  const intervals = during.map((t, i) => t - (i === 0 ? before : (during[i - 1] as number)))
  return {
    frames: during.length,
    dropped: intervals.filter((gap) => gap > DROPPED_FRAME_MS).length,
    longestMs: Math.max(0, ...intervals),
    windowMs: doneAt - clickAt,
  }
}

/** Per run a fresh context: open the modal, then go to All Wallets; each animation's frames. */
export async function measureFrames(
  browser: Browser,
  url: string,
  runs: number,
): Promise<FrameScenario[]> {
  const open: FrameRun[] = []
  const change: FrameRun[] = []
  for (let i = 0; i < runs; i++) {
    const context = await browser.newContext()
    try {
      await context.addInitScript({ content: INIT_SCRIPT })
      const page = await context.newPage()
      await page.goto(url, { waitUntil: 'load' })
      await page.waitForLoadState('networkidle')
      await page.waitForTimeout(IDLE_PAUSE_MS)
      open.push(await recordClick(page, '[data-testid="connect-button"]', 'Connect'))
      await page.waitForTimeout(IDLE_PAUSE_MS)
      change.push(await recordClick(page, '[data-testid="all-wallets"]', 'AllWallets'))
    } finally {
      await context.close()
    }
  }
  return [
    { name: 'open (fade and rise)', runs: open },
    { name: 'Connect → All Wallets (height)', runs: change },
  ]
}

export function framesTable(scenarios: FrameScenario[]): string {
  return markdownTable(
    ['animation', 'frames', 'dropped', 'longest frame', 'click → still'],
    scenarios.map(({ name, runs }) => [
      name,
      median(runs.map((r) => r.frames)).toFixed(0),
      `${median(runs.map((r) => r.dropped)).toFixed(0)} (max ${Math.max(...runs.map((r) => r.dropped))})`,
      `${median(runs.map((r) => r.longestMs)).toFixed(1)} ms`,
      `${median(runs.map((r) => r.windowMs)).toFixed(0)} ms`,
    ]),
  )
}

export function framesNotes(runs: number): string {
  return `Frames: headless Chromium, the minimal app (vite preview), ${runs} runs each in a fresh context; requestAnimationFrame timestamps in the page from the click until the dialog runs no animation and its height stands still (at least ${MIN_WINDOW_MS} ms). Medians; dropped = a frame more than ${DROPPED_FRAME_MS.toFixed(1)} ms (1.5 × 16.7 ms) after the one before, the first counted from the last frame before the click.`
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const runs = Number(process.env.BENCH_RUNS ?? 5)
  const app = APPS.find((a) => a.name === 'minimal-lazy')
  if (!app) throw new Error('no minimal-lazy app')
  const outDir = join(RESULTS_DIR, 'build', app.name)
  console.log(`[bench] building ${app.name}`)
  await buildApp(app, outDir)
  const server = await serveBuild(app.root, outDir)
  const browser = await launchBrowser()
  try {
    const scenarios = await measureFrames(browser, server.url, runs)
    console.log(framesTable(scenarios))
    console.log('')
    console.log(framesNotes(runs))
    console.log(JSON.stringify(scenarios))
  } finally {
    await browser.close()
    await server.close()
  }
}
