import { describe, expect, it } from 'vitest'
import { tuneHeapForServing } from './heapTuning.ts'

describe('tuneHeapForServing', () => {
  it("leaves an operator's own --heap-growing-percent alone", () => {
    expect(tuneHeapForServing(['--heap-growing-percent=50'])).toBe(false)
    expect(tuneHeapForServing(['--heap-growing-percent', '50'])).toBe(false)
  })

  it('sets it otherwise, whatever else the process was started with', () => {
    expect(tuneHeapForServing([])).toBe(true)
    expect(tuneHeapForServing(['--import', 'tsx', '--max-old-space-size=4096'])).toBe(true)
  })
})
