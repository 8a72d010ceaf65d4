import { afterEach, describe, expect, it, vi } from 'vitest'
import { preferredLocales } from './browser.ts'

describe('preferredLocales', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('is empty on a server, even one with a navigator (Node 21+)', () => {
    vi.stubGlobal('navigator', { languages: ['de-DE'], language: 'de-DE' })
    expect(preferredLocales()).toEqual([])
  })

  it("is the browser's languages, or its one language", () => {
    vi.stubGlobal('window', {})
    vi.stubGlobal('navigator', { languages: ['de-DE', 'en'], language: 'de-DE' })
    expect(preferredLocales()).toEqual(['de-DE', 'en'])
    vi.stubGlobal('navigator', { languages: [], language: 'ja' })
    expect(preferredLocales()).toEqual(['ja'])
  })
})
