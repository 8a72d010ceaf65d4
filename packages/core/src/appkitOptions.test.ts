import { afterEach, describe, expect, it, vi } from 'vitest'
import { createAppKitCore } from './appkit.ts'
import { invalidLayoutFeatures, unsupportedOptionsIn } from './appkitOptions.ts'
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

describe("the Connect view's feature values it cannot use", () => {
  it('are named: wrong types, unknown order entries, an order with none known', () => {
    expect(
      invalidLayoutFeatures({
        collapseWallets: 'yes' as unknown as boolean,
        connectMethodsOrder: ['wallet', 'phone', 'email'],
        connectorTypeOrder: 'injected' as unknown as string[],
      }),
    ).toEqual([
      'features.collapseWallets must be true or false, ignored: "yes"',
      "features.connectMethodsOrder: unknown entries ignored (expected an array of 'email', 'social', 'wallet'): \"phone\"",
      "features.connectorTypeOrder ignored (expected an array of 'walletConnect', 'recent', 'injected', 'featured', 'custom', 'external', 'recommended'): \"injected\"",
    ])
    expect(invalidLayoutFeatures({ connectMethodsOrder: ['sms'] })).toEqual([
      "features.connectMethodsOrder: unknown entries ignored (expected an array of 'email', 'social', 'wallet'): \"sms\"; none known, the default order is used",
    ])
    expect(
      invalidLayoutFeatures({ collapseWallets: true, connectMethodsOrder: ['social', 'email'] }),
    ).toEqual([])
    expect(invalidLayoutFeatures(undefined)).toEqual([])
  })

  it('are logged with debug on, and the view falls back as documented', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    createAppKitCore({
      networks: [localChainA],
      projectId: 'p',
      storage: new MemoryStorage(),
      debug: true,
      features: { connectMethodsOrder: ['phone'] },
    })
    await vi.waitFor(() =>
      expect(warn.mock.calls.map(([message]) => message)).toContain(
        "[latchkey] features.connectMethodsOrder: unknown entries ignored (expected an array of 'email', 'social', 'wallet'): \"phone\"; none known, the default order is used",
      ),
    )
  })
})
