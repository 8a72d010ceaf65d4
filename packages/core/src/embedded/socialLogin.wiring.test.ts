// The instance's social login (wireSocialLogin): what it takes from the connection and storage.
// The flow itself is socialLogin.test.ts, against the same scripted frame.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createStore } from 'zustand/vanilla'
import type { ChainState } from '../appkitState.ts'
import { localChainA } from '../networks.ts'
import { MemoryStorage } from '../storage/memoryStorage.ts'
import { createAppKitStorage } from '../storage/storage.ts'
import { FakePopup, redirect, scriptedSession, socialUser } from '../testing/socialFrame.ts'
import { type EmbeddedState, initialEmbeddedState } from './embeddedState.ts'
import { wireSocialLogin } from './socialLogin.ts'

function wired(accountType: 'eoa' | 'smartAccount') {
  const requests: [string, unknown][] = []
  const session = scriptedSession({ ...redirect, APP_CONNECT_SOCIAL: () => socialUser }, requests)
  const connected: unknown[] = []
  const backend = new MemoryStorage()
  const login = wireSocialLogin({
    store: createStore<EmbeddedState>(initialEmbeddedState),
    chain: createStore<ChainState>(() => ({
      networks: [localChainA],
      activeCaipNetwork: localChainA,
      activeNamespace: 'eip155',
      unsupported: false,
    })),
    connection: {
      embeddedWallet: async () => session,
      connectEmbedded: async (user) => void connected.push(user),
      preferredAccountType: (namespace) => (namespace === 'eip155' ? accountType : 'eoa'),
    },
    storage: createAppKitStorage(backend, () => undefined),
    track: () => undefined,
    log: () => undefined,
  })
  return { login, requests, connected }
}

async function signInWithGoogle(login: ReturnType<typeof wired>['login']) {
  const popup = new FakePopup()
  const done = login.connect('google', popup)
  await vi.advanceTimersByTimeAsync(0)
  popup.returnTo('code=abc&state=s1')
  await vi.advanceTimersByTimeAsync(1_000)
  await done
}

describe('social login as the instance wires it', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it("asks the frame for the app's preferred EVM account type, and connects the user with it", async () => {
    for (const accountType of ['smartAccount', 'eoa'] as const) {
      const s = wired(accountType)
      await signInWithGoogle(s.login)
      const connect = s.requests.find(([type]) => type === 'APP_CONNECT_SOCIAL')
      expect(connect?.[1]).toMatchObject({ preferredAccountType: accountType })
      expect(s.connected).toEqual([
        expect.objectContaining({ preferredAccountType: accountType, authProvider: 'google' }),
      ])
    }
  })
})
