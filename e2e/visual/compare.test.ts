import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PNG } from 'pngjs'
import { describe, expect, it } from 'vitest'
import { checkScreenshot, compareImages, describeComparison, MAX_DIFF_RATIO } from './compare'

/** A width×height PNG, white, with `dots` pixels painted black from the top left. */
function png(width: number, height: number, dots = 0): Buffer {
  const image = new PNG({ width, height })
  image.data.fill(255)
  for (let i = 0; i < dots; i++) image.data.fill(0, i * 4, i * 4 + 3)
  return PNG.sync.write(image)
}

describe('compareImages', () => {
  it('matches the same picture, and one differing within the allowed ratio', () => {
    expect(compareImages(png(100, 100), png(100, 100))).toEqual({ kind: 'match', diffPixels: 0 })
    const allowed = Math.floor(100 * 100 * MAX_DIFF_RATIO)
    expect(compareImages(png(100, 100), png(100, 100, allowed))).toMatchObject({ kind: 'match' })
  })

  it('refuses one differing beyond it, with the diff image', () => {
    const result = compareImages(png(100, 100), png(100, 100, 100))
    expect(result).toMatchObject({ kind: 'differs', diffPixels: 100, ratio: 0.01 })
    if (result.kind === 'differs') expect(PNG.sync.read(result.diff).width).toBe(100)
  })

  it('refuses another size', () => {
    expect(compareImages(png(100, 100), png(100, 90))).toEqual({
      kind: 'size',
      expected: '100×100',
      actual: '100×90',
    })
  })
})

describe('checkScreenshot', () => {
  it('says a missing baseline is missing, writes it when updating, then matches it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'visual-'))
    const baselinePath = join(dir, 'baselines', 'connect.png')
    const options = { baselinePath, failuresDir: join(dir, 'failures'), name: 'connect' }
    expect(checkScreenshot({ ...options, actual: png(10, 10), update: false })).toEqual({
      kind: 'missing',
    })
    checkScreenshot({ ...options, actual: png(10, 10), update: true })
    expect(readFileSync(baselinePath)).toEqual(png(10, 10))
    expect(checkScreenshot({ ...options, actual: png(10, 10), update: false }).kind).toBe('match')
  })

  it('keeps the actual and diff images of a mismatch for a person to look at', () => {
    const dir = mkdtempSync(join(tmpdir(), 'visual-'))
    const baselinePath = join(dir, 'connect.png')
    writeFileSync(baselinePath, png(10, 10))
    const failuresDir = join(dir, 'failures')
    const result = checkScreenshot({
      baselinePath,
      failuresDir,
      name: 'connect',
      actual: png(10, 10, 50),
      update: false,
    })
    expect(result.kind).toBe('differs')
    expect(readFileSync(join(failuresDir, 'connect.actual.png'))).toEqual(png(10, 10, 50))
    expect(PNG.sync.read(readFileSync(join(failuresDir, 'connect.diff.png'))).height).toBe(10)
    expect(describeComparison('connect', result)).toMatch(/^connect: 50\.00 % of pixels differ/)
  })
})
