import { MemoryStorage } from '@latchkey/core/internal'
import { localChainA } from '@latchkey/core/networks'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { BUILT_VIEWS } from './builtViews.ts'
import { createAppKit } from './createAppKit.ts'

const kits: ReturnType<typeof createAppKit>[] = []
afterEach(() => {
  for (const kit of kits.splice(0)) kit.destroy()
  vi.restoreAllMocks()
})

function kit() {
  const appKit = createAppKit({
    networks: [localChainA],
    projectId: 'p',
    storage: new MemoryStorage(),
    apiUrl: 'http://127.0.0.1:1',
  })
  kits.push(appKit)
  return appKit
}

const current = (appKit: ReturnType<typeof createAppKit>) =>
  appKit.core.stores.router.getState().history.at(-1)?.view

describe('open({ view })', () => {
  it.each(BUILT_VIEWS)('opens %s, a view this release renders', (view) => {
    const appKit = kit()
    appKit.open({ view } as never)
    expect(current(appKit)).toBe(view)
    expect(appKit.core.getState().open).toBe(true)
  })

  it("refuses a view not built yet: logs 'not implemented' and opens the default view", () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const appKit = kit()
    // Every view of the spec is built now: an app's JavaScript may still name another.
    appKit.open({ view: 'ConnectingLens' as never })
    expect(error).toHaveBeenCalledWith('[latchkey] not implemented: view ConnectingLens')
    // §2 No adapters: the default view is ConnectingWalletConnectBasic.
    expect(current(appKit)).toBe('ConnectingWalletConnectBasic')
  })
})
