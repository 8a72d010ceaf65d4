import { afterEach, describe, expect, it, vi } from 'vitest'
import { createAppKitCore } from './appkit.ts'
import { unsupportedOptionsIn } from './appkitOptions.ts'
import { localChainA } from './networks.ts'
import { MemoryStorage } from './storage/memoryStorage.ts'

afterEach(() => {
  vi.restoreAllMocks()
})

describe("AppKit's options Latchkey does not act on yet", () => {
  it('are named when set, and only those', () => {
    expect(
      unsupportedOptionsIn({
        enableWalletConnect: false,
        enableAuthLogger: false,
        experimental_preferUniversalLinks: true,
      }),
    ).toEqual(['enableAuthLogger', 'experimental_preferUniversalLinks'])
    expect(unsupportedOptionsIn({})).toEqual([])
  })

  it('are accepted, and logged once with debug on (nothing without)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const base = { networks: [localChainA] as const, projectId: 'p', storage: new MemoryStorage() }
    createAppKitCore({ ...base, enableAuthLogger: true, features: { analytics: false } })
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(warn).not.toHaveBeenCalled()
    const kit = createAppKitCore({
      ...base,
      debug: true,
      enableAuthLogger: true,
      customWallets: [{ id: 'w', name: 'W' }],
      features: { analytics: false, receive: false },
    })
    await vi.waitFor(() => expect(warn).toHaveBeenCalledTimes(2))
    const messages = warn.mock.calls.map(([message]) => message)
    expect(messages).toContain('[latchkey] options not supported yet, ignored: enableAuthLogger')
    expect(messages).toContain('[latchkey] features not supported yet, ignored: analytics')
    expect(kit.getState().open).toBe(false)
  })
})
