// Screenshot comparison for the visual-regression suite (README "Looks"): a screenshot matches
// its committed baseline when at most MAX_DIFF_RATIO of its pixels differ beyond pixelmatch's
// colour threshold, anti-aliased edges not counted.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import pixelmatch from 'pixelmatch'
import { PNG } from 'pngjs'

export const PIXEL_THRESHOLD = 0.1
export const MAX_DIFF_RATIO = 0.002

export type Comparison =
  | { kind: 'match'; diffPixels: number }
  | { kind: 'missing' }
  | { kind: 'size'; expected: string; actual: string }
  | { kind: 'differs'; diffPixels: number; ratio: number; diff: Buffer }

export function compareImages(baseline: Buffer, actual: Buffer): Comparison {
  const expected = PNG.sync.read(baseline)
  const shot = PNG.sync.read(actual)
  if (expected.width !== shot.width || expected.height !== shot.height) {
    return {
      kind: 'size',
      expected: `${expected.width}×${expected.height}`,
      actual: `${shot.width}×${shot.height}`,
    }
  }
  const { width, height } = expected
  const diff = new PNG({ width, height })
  const diffPixels = pixelmatch(expected.data, shot.data, diff.data, width, height, {
    threshold: PIXEL_THRESHOLD,
  })
  const ratio = diffPixels / (width * height)
  if (ratio <= MAX_DIFF_RATIO) return { kind: 'match', diffPixels }
  return { kind: 'differs', diffPixels, ratio, diff: PNG.sync.write(diff) }
}

/**
 * Compares `actual` with the baseline at `baselinePath`; with `update` it writes the baseline
 * instead. On a mismatch the actual and diff images go to `failuresDir` for a person to look at.
 */
export function checkScreenshot(options: {
  baselinePath: string
  actual: Buffer
  update: boolean
  failuresDir: string
  name: string
}): Comparison {
  const { baselinePath, actual, update, failuresDir, name } = options
  if (update) {
    mkdirSync(dirname(baselinePath), { recursive: true })
    writeFileSync(baselinePath, actual)
    return { kind: 'match', diffPixels: 0 }
  }
  if (!existsSync(baselinePath)) return { kind: 'missing' }
  const result = compareImages(readFileSync(baselinePath), actual)
  if (result.kind !== 'match') {
    mkdirSync(failuresDir, { recursive: true })
    writeFileSync(`${failuresDir}/${name}.actual.png`, actual)
    if (result.kind === 'differs') writeFileSync(`${failuresDir}/${name}.diff.png`, result.diff)
  }
  return result
}

/** One line for a test failure: what differs and how to accept it when it is intended. */
export function describeComparison(name: string, result: Comparison): string {
  const accept =
    'if the change is intended, run `npm run test:visual:update` and commit the baselines'
  switch (result.kind) {
    case 'match':
      return `${name}: matches`
    case 'missing':
      return `${name}: no baseline (${accept})`
    case 'size':
      return `${name}: ${result.actual} instead of ${result.expected} (${accept})`
    case 'differs':
      return `${name}: ${(result.ratio * 100).toFixed(2)} % of pixels differ (${accept})`
  }
}
