// Test support only: nothing in the library imports this module.
import { createStore } from 'zustand/vanilla'
import { type EmbeddedState, initialEmbeddedState } from '../embedded/embeddedState.ts'
import type { EmbeddedSession } from '../embedded/embeddedWallet.ts'
import {
  createSocialLogin,
  type SocialLoginContext,
  type SocialPopup,
} from '../embedded/socialLogin.ts'
import type { AppKitEventName } from '../events.ts'
import { type CaipNetwork, localChainA } from '../networks.ts'

export const PAGE = 'http://127.0.0.1:5173/'
export const AUTHORIZE = 'http://127.0.0.1:8790/auth?client_id=google&state=s1&code_challenge=c'

/**
 * A popup as the opener sees it: about:blank (readable), then the provider's page on another
 * origin (reading `location.href` throws), then our page again with the provider's answer.
 */
export class FakePopup implements SocialPopup {
  closed = false
  closeCalls = 0
  private href = 'about:blank'
  private crossOrigin = false
  readonly location: { href: string }

  constructor() {
    const popup = this
    this.location = {
      get href() {
        if (popup.crossOrigin) throw new DOMException('Blocked a frame', 'SecurityError')
        return popup.href
      },
      set href(value: string) {
        popup.href = value
        popup.crossOrigin = !value.startsWith(PAGE)
      },
    }
  }

  /** Where the flow sent it, as the test sees it (whatever the origin) */
  get sentTo() {
    return this.href
  }

  /** The provider sends the visitor back to our page */
  returnTo(query: string) {
    this.href = `${PAGE}?${query}`
    this.crossOrigin = false
  }

  close() {
    this.closeCalls++
    this.closed = true
  }
}

export type FrameReply = (payload: unknown) => unknown

/** The frame's user after APP_CONNECT_SOCIAL */
export const socialUser = {
  email: 'alice@google.example',
  address: '0x5109d914522281F620Df09BccEc49A6164F9dc1A',
  chainId: 31337,
  accounts: [{ address: '0x5109d914522281F620Df09BccEc49A6164F9dc1A', type: 'EOA' as const }],
  userName: 'alice' as string | null,
  smartAccountDeployed: false,
}

export const redirect = { APP_GET_SOCIAL_REDIRECT_URI: () => ({ uri: AUTHORIZE }) }

/** A frame session whose requests answer from `replies` and are recorded in `requests` */
export function scriptedSession(
  replies: Partial<Record<string, FrameReply>>,
  requests: [string, unknown][],
  users: unknown[] = [],
): EmbeddedSession {
  return {
    client: {
      ready: async () => undefined,
      request: async (type: string, payload: unknown) => {
        requests.push([type, payload])
        const reply = replies[type]
        if (!reply) throw new Error(`unexpected ${type}`)
        return reply(payload)
      },
    },
    provider: { setUser: (user: unknown) => void users.push(user) },
  } as unknown as EmbeddedSession
}

/**
 * The social controller against a scripted frame (the real one is e2e: it needs a browser).
 * Each request type answers from `replies`; one with no reply is refused.
 */
export function scriptedSocialLogin(
  replies: Partial<Record<string, FrameReply>>,
  options: {
    frame?: 'fails'
    network?: CaipNetwork
    telegram?: false
  } & Partial<Pick<SocialLoginContext, 'signInTemplate' | 'addSignIn'>> = {},
) {
  const store = createStore<EmbeddedState>(initialEmbeddedState)
  const requests: [string, unknown][] = []
  const events: [string, unknown][] = []
  const logs: [string, unknown][] = []
  const connected: unknown[] = []
  const remembered: unknown[] = []
  const telegram: string[] = []
  const session = scriptedSession(replies, requests)
  const { frame, network, telegram: withTelegram, ...siwx } = options
  const login = createSocialLogin({
    store,
    session: async () => {
      if (frame === 'fails') throw new Error('frame timed out')
      return session
    },
    network: () => network ?? localChainA,
    accountType: () => 'eoa',
    connectUser: async (u) => void connected.push(u),
    rememberConnected: (provider, userName) => void remembered.push([provider, userName]),
    ...(withTelegram !== false && {
      rememberTelegram: (provider) => void telegram.push(provider),
    }),
    ...siwx,
    track: (event: AppKitEventName, properties?: Record<string, unknown>) =>
      void events.push([event, properties]),
    log: (message, detail) => void logs.push([message, detail]),
  })
  return { store, login, requests, events, logs, connected, remembered, telegram }
}
