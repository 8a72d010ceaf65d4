import { describe, expect, it } from 'vitest'
import { createAppKitCore } from './appkit.ts'
import { localChainA } from './networks.ts'
import { MemoryStorage } from './storage/memoryStorage.ts'

// Amounts typed in a language's own digits (README "Languages"): the stores keep Latin digits,
// so validation, quotes and the activity entry read them as any other amount.

const kit = () =>
  createAppKitCore({ networks: [localChainA], projectId: 'test', storage: new MemoryStorage() })

describe('typed amounts', () => {
  it('Send keeps a Persian amount as Latin digits', () => {
    const appKit = kit()
    appKit.send.setAmount('۱۲٫۵')
    expect(appKit.stores.send.getState().amount).toBe('12.5')
    appKit.send.setAmount('0,25')
    expect(appKit.stores.send.getState().amount).toBe('0,25')
  })

  it('Swap and Buy too, before their logic has loaded', async () => {
    const appKit = kit()
    const swapping = appKit.swap.setAmount('٠٫٥').catch(() => undefined)
    expect(appKit.stores.swap.getState().amount).toBe('0.5')
    const buying = appKit.onramp.setAmount('۱۰۰').catch(() => undefined)
    expect(appKit.stores.onramp.getState().amount).toBe('100')
    await Promise.all([swapping, buying])
  })
})
