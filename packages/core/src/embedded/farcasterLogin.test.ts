// The Farcaster controller against a scripted frame (the real frame: packages/frame's
// login.farcaster.test.ts; the view: react's ConnectingFarcaster.test.tsx): the URL it shows, the
// wait, the connection as after a social login, its failure, and §2's going back.
import { describe, expect, it } from 'vitest'
import { createStore } from 'zustand/vanilla'
import type { AppKitEventName } from '../events.ts'
import { localChainA, localSolana } from '../networks.ts'
import { type FrameReply, scriptedSession, socialUser } from '../testing/socialFrame.ts'
import { type EmbeddedState, initialEmbeddedState } from './embeddedState.ts'
import { createFarcasterLogin, type FarcasterLoginContext } from './farcasterLogin.ts'

const FARCASTER_URL = 'https://farcaster.xyz/~/siwf?channelToken=c1'
const farcasterUser = { ...socialUser, email: null, userName: 'dwr', socialProvider: 'farcaster' }

/** An answer the test gives when it wants; `failWith` refuses it instead */
function held(value: unknown = farcasterUser) {
  let settle: { give(): void; fail(error: Error): void } = { give() {}, fail() {} }
  const answer: FrameReply = () =>
    new Promise((resolve, reject) => {
      settle = { give: () => resolve(value), fail: reject }
    })
  return { answer, give: () => settle.give(), fail: (error: Error) => settle.fail(error) }
}

function setup(
  replies: Partial<Record<string, FrameReply>>,
  options: Partial<Pick<FarcasterLoginContext, 'network' | 'signInTemplate' | 'addSignIn'>> & {
    connected?: boolean
  } = {},
) {
  const store = createStore<EmbeddedState>(initialEmbeddedState)
  const requests: [string, unknown][] = []
  const events: [string, unknown][] = []
  const connected: unknown[] = []
  const remembered: unknown[] = []
  const shown: number[] = []
  const reloads: number[] = []
  const { connected: isConnected = false, ...rest } = options
  const login = createFarcasterLogin({
    store,
    session: async () => scriptedSession(replies, requests),
    network: () => localChainA,
    accountType: () => 'eoa',
    connectUser: async (u) => void connected.push(u),
    rememberConnected: (userName) => void remembered.push(userName),
    show: () => void shown.push(shown.length),
    isConnected: () => isConnected,
    reload: async () => void reloads.push(reloads.length),
    track: (event: AppKitEventName, properties?: Record<string, unknown>) =>
      void events.push([event, properties]),
    log: () => undefined,
    ...rest,
  })
  const state = () => store.getState().farcaster
  return { store, login, requests, events, connected, remembered, shown, reloads, state }
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('Farcaster login (spec §1, §2)', () => {
  it('shows the view, the URL once the frame has it, then connects the user as a social login', async () => {
    const uri = held({ url: FARCASTER_URL })
    const wait = held()
    const s = setup({ APP_GET_FARCASTER_URI: uri.answer, APP_CONNECT_FARCASTER: wait.answer })
    const done = s.login.connect()
    expect(s.shown).toHaveLength(1)
    expect(s.state()).toEqual({ loading: true })
    await settled()
    uri.give()
    await settled()
    expect(s.state()).toEqual({ url: FARCASTER_URL, loading: false })
    expect(s.requests).toEqual([
      ['APP_GET_FARCASTER_URI', {}],
      [
        'APP_CONNECT_FARCASTER',
        {
          preferredAccountType: 'eoa',
          chainId: Number(localChainA.id),
          rpcUrl: localChainA.rpcUrls.default.http[0],
        },
      ],
    ])
    wait.give()
    await done
    const signedIn = { ...farcasterUser, preferredAccountType: 'eoa', authProvider: 'farcaster' }
    expect(s.connected).toEqual([signedIn])
    expect(s.store.getState().user).toEqual(signedIn)
    expect(s.remembered).toEqual(['dwr'])
    expect(s.events).toEqual([
      ['SOCIAL_LOGIN_STARTED', { provider: 'farcaster' }],
      ['SOCIAL_LOGIN_SUCCESS', { provider: 'farcaster' }],
    ])
    expect(s.state()).toBeUndefined()
  })

  it('on a network the embedded wallet has no EVM for, only the account type goes along', async () => {
    const s = setup(
      {
        APP_GET_FARCASTER_URI: () => ({ url: FARCASTER_URL }),
        APP_CONNECT_FARCASTER: () => farcasterUser,
      },
      { network: () => localSolana },
    )
    await s.login.connect()
    expect(s.requests[1]).toEqual(['APP_CONNECT_FARCASTER', { preferredAccountType: 'eoa' }])
  })

  it("§4 the sign-in rides on the login: the frame's signature is kept before the connection", async () => {
    const siwx = { chainId: 'eip155:31337', domain: 'app.example', uri: 'https://app.example' }
    const sessions: unknown[] = []
    const s = setup(
      {
        APP_GET_FARCASTER_URI: () => ({ url: FARCASTER_URL }),
        APP_CONNECT_FARCASTER: () => ({
          ...farcasterUser,
          siwxMessage: { ...siwx, accountAddress: farcasterUser.address },
          message: 'app.example wants you to sign in',
          signature: '0xsigned',
        }),
      },
      {
        signInTemplate: async () => siwx as never,
        addSignIn: async (session) => {
          sessions.push(session)
          expect(s.connected).toEqual([])
        },
      },
    )
    await s.login.connect()
    expect(s.requests[1]?.[1]).toMatchObject({ siwxMessage: siwx })
    expect(sessions).toEqual([
      {
        data: { ...siwx, accountAddress: farcasterUser.address },
        message: 'app.example wants you to sign in',
        signature: '0xsigned',
      },
    ])
    expect(s.events.map(([event]) => event)).toContain('SIWX_AUTH_SUCCESS')
  })

  it.each([
    ['the frame gives no URL', { APP_GET_FARCASTER_URI: () => Promise.reject(new Error('502')) }],
    [
      'the sign-in is refused or expires',
      {
        APP_GET_FARCASTER_URI: () => ({ url: FARCASTER_URL }),
        APP_CONNECT_FARCASTER: () => Promise.reject(new Error('The Farcaster sign-in expired')),
      },
    ],
  ])("%s: 'Failed to connect to farcaster', the URL gone", async (_, replies) => {
    const s = setup(replies)
    await s.login.connect()
    expect(s.state()).toEqual({ loading: false, error: 'Failed to connect to farcaster' })
    expect(s.connected).toEqual([])
    expect(s.events).toEqual([
      ['SOCIAL_LOGIN_STARTED', { provider: 'farcaster' }],
      ['CONNECT_ERROR', { message: 'Failed to connect to farcaster', provider: 'farcaster' }],
    ])
    // Try again: a fresh URL.
    await s.login.connect()
    expect(s.requests.filter(([type]) => type === 'APP_GET_FARCASTER_URI')).toHaveLength(2)
  })

  it('asked again while it waits, the same login goes on (its URL stays)', async () => {
    const wait = held()
    const s = setup({
      APP_GET_FARCASTER_URI: () => ({ url: FARCASTER_URL }),
      APP_CONNECT_FARCASTER: wait.answer,
    })
    const first = s.login.connect()
    await settled()
    const second = s.login.connect()
    expect(second).toBe(first)
    expect(s.shown).toHaveLength(2)
    expect(s.requests.map(([type]) => type)).toEqual([
      'APP_GET_FARCASTER_URI',
      'APP_CONNECT_FARCASTER',
    ])
    wait.give()
    await first
    expect(s.connected).toHaveLength(1)
  })

  it('§2 going back while not connected clears the URL and reloads; the old wait is ignored', async () => {
    const wait = held()
    const s = setup({
      APP_GET_FARCASTER_URI: () => ({ url: FARCASTER_URL }),
      APP_CONNECT_FARCASTER: wait.answer,
    })
    const first = s.login.connect()
    await settled()
    expect(s.state()?.url).toBe(FARCASTER_URL)
    await s.login.wentBack()
    expect(s.state()).toBeUndefined()
    expect(s.reloads).toHaveLength(1)
    // The reloaded frame drops the wait: nothing is shown for it, and a new login starts afresh.
    wait.fail(new Error('The wallet frame reloaded'))
    await first
    expect(s.state()).toBeUndefined()
    expect(s.events.map(([event]) => event)).toEqual(['SOCIAL_LOGIN_STARTED'])
    void s.login.connect()
    await settled()
    expect(s.requests.filter(([type]) => type === 'APP_GET_FARCASTER_URI')).toHaveLength(2)
  })

  it('a late success after going back connects nobody', async () => {
    const wait = held()
    const s = setup({
      APP_GET_FARCASTER_URI: () => ({ url: FARCASTER_URL }),
      APP_CONNECT_FARCASTER: wait.answer,
    })
    const first = s.login.connect()
    await settled()
    await s.login.wentBack()
    wait.give()
    await first
    expect(s.connected).toEqual([])
    expect(s.remembered).toEqual([])
  })

  it('going back while connected changes nothing', async () => {
    const s = setup({}, { connected: true })
    s.store.setState({ farcaster: { url: FARCASTER_URL, loading: false } })
    await s.login.wentBack()
    expect(s.state()).toEqual({ url: FARCASTER_URL, loading: false })
    expect(s.reloads).toEqual([])
  })
})
