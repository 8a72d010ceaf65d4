import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createStore } from 'zustand/vanilla'
import type { ChainState } from '../appkitState.ts'
import { localChainA, localSolana } from '../networks.ts'
import type { SIWXConfig } from '../siwx/siwx.ts'
import { LocalSIWX } from '../siwx/siwxLocal.ts'
import type { SIWXMessageData } from '../siwx/siwxMessage.ts'
import { MemoryStorage } from '../storage/memoryStorage.ts'
import { createAppKitStorage } from '../storage/storage.ts'
import {
  FakePopup,
  type FrameReply,
  redirect,
  scriptedSession,
  scriptedSocialLogin as setup,
  socialUser as user,
} from '../testing/socialFrame.ts'
import { type EmbeddedState, initialEmbeddedState } from './embeddedState.ts'
import { wireSocialLogin } from './socialLogin.ts'

const template = {
  chainId: localChainA.caipNetworkId,
  domain: '127.0.0.1:5173',
  uri: 'http://127.0.0.1:5173/',
  version: '1',
  nonce: 'abcdefgh12345678',
  issuedAt: '2030-01-01T00:00:00.000Z',
} satisfies Omit<SIWXMessageData, 'accountAddress'>

/** What the frame answers when it signed the sign-in message with the login */
const signedUser = (siwxMessage: unknown) => ({
  ...user,
  siwxMessage: { ...(siwxMessage as object), accountAddress: user.address },
  message: 'signed text',
  signature: '0xsig',
})

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

/** Clicks, lets the provider answer, and waits for the login to end */
async function loginThrough(s: { login: ReturnType<typeof setup>['login'] }, provider = 'google') {
  const popup = new FakePopup()
  const done = s.login.connect(provider as 'google', popup)
  await vi.advanceTimersByTimeAsync(0)
  popup.returnTo('code=abc&state=s1')
  await vi.advanceTimersByTimeAsync(1_000)
  await done
}

const connectSocial = (reply: FrameReply) => ({ ...redirect, APP_CONNECT_SOCIAL: reply })

describe('social login and sign-in (spec §4)', () => {
  it('the sign-in message rides on the login: the frame signs it and the session is stored', async () => {
    const added: unknown[] = []
    const s = setup(
      connectSocial((p) => signedUser((p as { siwxMessage: unknown }).siwxMessage)),
      {
        signInTemplate: async (network) => ({ ...template, chainId: network.caipNetworkId }),
        addSignIn: async (session) => void added.push(session),
      },
    )
    await loginThrough(s)
    expect(s.requests[1]?.[1]).toMatchObject({ siwxMessage: template })
    expect(added).toEqual([
      {
        data: { ...template, accountAddress: user.address },
        message: 'signed text',
        signature: '0xsig',
      },
    ])
    expect(s.events).toEqual([
      ['SOCIAL_LOGIN_STARTED', { provider: 'google' }],
      ['SIWX_AUTH_SUCCESS', { network: localChainA.caipNetworkId }],
      ['SOCIAL_LOGIN_SUCCESS', { provider: 'google' }],
    ])
  })

  it.each([
    ['without a signature', { signature: undefined }],
    ['without the message', { message: undefined }],
    ['without the signed data', { siwxMessage: undefined }],
  ])('an answer %s adds no session, and the login goes on', async (_, missing) => {
    const added: unknown[] = []
    const s = setup(
      connectSocial((p) => ({
        ...signedUser((p as { siwxMessage: unknown }).siwxMessage),
        ...missing,
      })),
      { signInTemplate: async () => template, addSignIn: async (x) => void added.push(x) },
    )
    await loginThrough(s)
    expect(added).toEqual([])
    expect(s.connected).toHaveLength(1)
  })

  it('a refused sign-in or a message that cannot be made leaves the login signed in', async () => {
    const refusal = new Error('nonce reused')
    const refused = setup(
      connectSocial((p) => signedUser((p as { siwxMessage: unknown }).siwxMessage)),
      {
        signInTemplate: async () => template,
        addSignIn: () => Promise.reject(refusal),
      },
    )
    await loginThrough(refused)
    expect(refused.connected).toHaveLength(1)
    expect(refused.events).toEqual([
      ['SOCIAL_LOGIN_STARTED', { provider: 'google' }],
      ['SOCIAL_LOGIN_SUCCESS', { provider: 'google' }],
    ])
    expect(refused.logs).toEqual([
      ['the sign-in signed with the login was refused; it is asked for again', refusal],
    ])

    const broken = new Error('no nonce')
    const unmade = setup(
      connectSocial(() => user),
      { signInTemplate: () => Promise.reject(broken) },
    )
    await loginThrough(unmade)
    expect(unmade.requests[1]?.[1]).not.toHaveProperty('siwxMessage')
    expect(unmade.connected).toHaveLength(1)
    expect(unmade.logs).toEqual([
      ['the sign-in message could not be made; it is asked for after the login', broken],
    ])
  })

  it('on Solana the frame gets neither an EVM chain nor a sign-in message', async () => {
    const template = vi.fn(async () => undefined)
    const s = setup(
      connectSocial(() => ({ ...user, userName: null })),
      {
        network: localSolana,
        signInTemplate: template,
      },
    )
    await loginThrough(s)
    expect(s.requests[1]?.[1]).toEqual({
      uri: 'http://127.0.0.1:5173/?code=abc&state=s1',
      preferredAccountType: 'eoa',
    })
    expect(template).not.toHaveBeenCalled()
    // A user without a name is remembered without one.
    expect(s.remembered).toEqual([['google', undefined]])
  })
})

describe('wireSocialLogin: the instance side', () => {
  function wired(siwx?: SIWXConfig, reply?: FrameReply) {
    const requests: [string, unknown][] = []
    const session = scriptedSession(
      connectSocial(reply ?? ((p) => signedUser((p as { siwxMessage?: unknown }).siwxMessage))),
      requests,
    )
    const backend = new MemoryStorage()
    const storage = createAppKitStorage(backend, () => undefined)
    const connected: unknown[] = []
    const chain = createStore<ChainState>(() => ({
      networks: [localChainA],
      activeCaipNetwork: localChainA,
      activeNamespace: 'eip155',
      unsupported: false,
    }))
    const login = wireSocialLogin({
      store: createStore<EmbeddedState>(initialEmbeddedState),
      chain,
      connection: {
        embeddedWallet: async () => session,
        connectEmbedded: async (u) => void connected.push(u),
        preferredAccountType: () => 'eoa',
      },
      storage,
      ...(siwx && { siwx }),
      track: () => undefined,
      log: () => undefined,
    })
    return { login, requests, storage, connected }
  }

  it('signs in with the app network, stores the session and remembers the provider and name', async () => {
    vi.stubGlobal('location', new URL('http://127.0.0.1:5173/'))
    const siwx = new LocalSIWX({ storage: new MemoryStorage() })
    const w = wired(siwx)
    w.storage.setConnectedSocialUsername('previous')
    await loginThrough(w, 'github')
    const sent = w.requests[1]?.[1] as { siwxMessage: Record<string, unknown> }
    expect(sent.siwxMessage).toMatchObject({ chainId: localChainA.caipNetworkId })
    expect(sent.siwxMessage).not.toHaveProperty('accountAddress')
    const [stored] = await siwx.getSessions(localChainA.caipNetworkId, user.address)
    expect(stored).toMatchObject({ message: 'signed text', signature: '0xsig' })
    expect(w.connected).toHaveLength(1)
    expect(w.storage.getConnectedSocialProvider()).toBe('github')
    expect(w.storage.getConnectedSocialUsername()).toBe('alice')
    // Outside a Telegram Mini App nothing is kept for Telegram.
    expect(w.storage.getTelegramSocialProvider()).toBeUndefined()
  })

  it("an app's own message text is not handed to the frame; a nameless user's old name goes", async () => {
    vi.stubGlobal('location', new URL('http://127.0.0.1:5173/'))
    const local = new LocalSIWX({ storage: new MemoryStorage() })
    const own: SIWXConfig = {
      createMessage: async (input) => ({
        ...(await local.createMessage(input)),
        serializedMessage: 'example.com asks you to sign in',
      }),
      addSession: (x) => local.addSession(x),
      getSessions: (c, a) => local.getSessions(c, a),
      setSessions: (x, a) => local.setSessions(x, a),
    }
    const w = wired(own, () => ({ ...user, userName: null }))
    w.storage.setConnectedSocialUsername('previous')
    await loginThrough(w)
    expect(w.requests[1]?.[1]).not.toHaveProperty('siwxMessage')
    expect(w.storage.getConnectedSocialUsername()).toBeUndefined()
  })

  it('without SIWX no sign-in message is asked for; in a Telegram Mini App the provider is kept', async () => {
    vi.stubGlobal('window', { Telegram: { WebApp: { platform: 'ios' } } })
    const w = wired(undefined, () => user)
    await loginThrough(w, 'github')
    expect(w.requests[1]?.[1]).not.toHaveProperty('siwxMessage')
    expect(w.storage.getTelegramSocialProvider()).toBe('github')
  })
})
