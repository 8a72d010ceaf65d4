// @vitest-environment jsdom
// The directory's defaults when an app gives none: no filters in any request, not a phone,
// images really preloaded.
import { afterEach, expect, it, vi } from 'vitest'
import { createStore } from 'zustand/vanilla'
import { resolveDirectoryOptions } from './directoryOptions.ts'
import { initialDirectoryState } from './directoryState.ts'

afterEach(() => vi.unstubAllGlobals())

it('fills in the defaults: empty filters, no recent wallets, not mobile, real preloading', async () => {
  const images: { src: string }[] = []
  vi.stubGlobal(
    'Image',
    class extends window.Image {
      constructor() {
        super()
        images.push(this)
      }
    },
  )
  const resolved = resolveDirectoryOptions({
    api: { getWallets: vi.fn(), walletImageUrl: (id: string) => id },
    store: createStore(() => initialDirectoryState()),
    connectors: createStore(() => ({ list: [] })),
  })
  expect(resolved.filters).toEqual({ include: [], exclude: [], chains: [] })
  expect(resolved.featuredWalletIds).toEqual([])
  expect(resolved.includeWalletIds).toEqual([])
  expect(resolved.recentWalletIds()).toEqual([])
  expect(resolved.isMobile()).toBe(false)
  expect(() => resolved.raise('APKT001')).not.toThrow()
  void resolved.preload('http://127.0.0.1:1/logo.png')
  expect(images.map((image) => image.src)).toEqual(['http://127.0.0.1:1/logo.png'])
})

it("keeps the app's own filters and functions", () => {
  const preloadImage = vi.fn(async () => {})
  const resolved = resolveDirectoryOptions({
    api: { getWallets: vi.fn(), walletImageUrl: (id: string) => id },
    store: createStore(() => initialDirectoryState()),
    connectors: createStore(() => ({ list: [] })),
    includeWalletIds: ['a'],
    excludeWalletIds: ['b'],
    chains: ['eip155:1'],
    isMobile: () => true,
    preloadImage,
  })
  expect(resolved.filters).toEqual({ include: ['a'], exclude: ['b'], chains: ['eip155:1'] })
  expect(resolved.isMobile()).toBe(true)
  void resolved.preload('x')
  expect(preloadImage).toHaveBeenCalledWith('x')
})
