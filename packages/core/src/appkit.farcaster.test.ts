import { afterEach, describe, expect, it } from 'vitest'
import { createAppKitCore } from './appkit.ts'
import { localChainA } from './networks.ts'
import { MemoryStorage } from './storage/memoryStorage.ts'

// The instance's side of the Farcaster login: the Connect view's button shows ConnectingFarcaster
// and the router's back runs §2's rule. The flow itself is embedded/farcasterLogin.test.ts, the
// reload connection/embeddedReload.test.ts; here no frame can load (no document).

const kits: ReturnType<typeof createAppKitCore>[] = []
afterEach(() => {
  for (const kit of kits.splice(0)) kit.destroy()
})

function kit() {
  const made = createAppKitCore({
    networks: [localChainA],
    projectId: 'test',
    storage: new MemoryStorage(),
    apiUrl: 'http://127.0.0.1:1',
  })
  kits.push(made)
  return made
}

const view = (k: ReturnType<typeof kit>) => k.router.current().view

describe('embedded.connectFarcaster', () => {
  it("shows ConnectingFarcaster; a frame that cannot load is 'Failed to connect to farcaster'", async () => {
    const k = kit()
    k.router.reset('Connect')
    await k.embedded.connectFarcaster()
    expect(view(k)).toBe('ConnectingFarcaster')
    expect(k.stores.embedded.getState().farcaster).toEqual({
      loading: false,
      error: 'Failed to connect to farcaster',
    })
    // Asked again from the view (Try again): the view is not pushed twice.
    await k.embedded.connectFarcaster()
    expect(k.stores.router.getState().history.map((route) => route.view)).toEqual([
      'Connect',
      'ConnectingFarcaster',
    ])
  })

  it('§2 going back from ConnectingFarcaster while not connected clears its state', async () => {
    const k = kit()
    k.router.reset('Connect')
    await k.embedded.connectFarcaster()
    k.router.goBack()
    expect(view(k)).toBe('Connect')
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(k.stores.embedded.getState().farcaster).toBeUndefined()
  })

  it('going back from another view leaves the Farcaster login alone', async () => {
    const k = kit()
    k.router.reset('Connect')
    await k.embedded.connectFarcaster()
    k.router.push('AllWallets')
    k.router.goBack()
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(k.stores.embedded.getState().farcaster?.error).toBe('Failed to connect to farcaster')
  })
})
