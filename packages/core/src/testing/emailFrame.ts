// Test support only: nothing in the library imports this module.
import { createStore } from 'zustand/vanilla'
import { createEmailLogin, type EmailLoginContext } from '../embedded/emailLogin.ts'
import {
  type EmbeddedState,
  type EmbeddedUserInfo,
  initialEmbeddedState,
} from '../embedded/embeddedState.ts'
import type { EmbeddedSession } from '../embedded/embeddedWallet.ts'
import type { AppKitEventName } from '../events.ts'
import { type CaipNetwork, localChainA } from '../networks.ts'

export type FrameReply = (payload: unknown, options?: { signal?: AbortSignal }) => unknown

/** The frame's user, as APP_GET_USER answers it */
export const frameUser: EmbeddedUserInfo = {
  email: 'a@example.com',
  address: '0x5109d914522281F620Df09BccEc49A6164F9dc1A',
  chainId: 31337,
  accounts: [],
  smartAccountDeployed: false,
}

/**
 * The email controller against a scripted frame (the real frame runs in the e2e tests: it needs
 * a browser and its own origin). Each request type answers from `replies`; one with no reply
 * is refused, like a frame that does not know it.
 */
export function scriptedEmailLogin(
  replies: Partial<Record<string, FrameReply>>,
  options: {
    network?: CaipNetwork
    ready?: () => Promise<void>
    /** false: the host raises no alerts (the handler is optional) */
    alerts?: false
  } & Partial<Pick<EmailLoginContext, 'accountType' | 'session'>> = {},
) {
  const store = createStore<EmbeddedState>(initialEmbeddedState)
  const requests: string[] = []
  const payloads: [string, unknown][] = []
  const alerts: string[] = []
  const connected: EmbeddedUserInfo[] = []
  const providerUsers: EmbeddedUserInfo[] = []
  const emailsUpdated: string[] = []
  const events: [string, unknown][] = []
  const logs: [string, unknown][] = []
  let now = 1_000_000
  const session = {
    client: {
      ready: options.ready ?? (async () => undefined),
      request: async (type: string, payload: unknown, options: { signal?: AbortSignal } = {}) => {
        requests.push(type)
        payloads.push([type, payload])
        const reply = replies[type]
        if (!reply) throw new Error(`unexpected ${type}`)
        return reply(payload, options)
      },
    },
    provider: { setUser: (user: EmbeddedUserInfo) => void providerUsers.push(user) },
  } as unknown as EmbeddedSession
  const login = createEmailLogin({
    store,
    session: options.session ?? (async () => session),
    network: () => options.network ?? localChainA,
    connectUser: async (user) => void connected.push(user),
    ...(options.accountType && { accountType: options.accountType }),
    ...(options.alerts !== false && { raise: (code) => void alerts.push(code) }),
    onEmailUpdated: (email) => void emailsUpdated.push(email),
    track: (event: AppKitEventName, properties?: Record<string, unknown>) =>
      void events.push([event, properties]),
    log: (message, detail) => void logs.push([message, detail]),
    now: () => now,
  })
  return {
    store,
    login,
    requests,
    payloads,
    alerts,
    connected,
    providerUsers,
    emailsUpdated,
    events,
    logs,
    advance: (ms: number) => {
      now += ms
    },
  }
}

/** A frame answer the test releases by hand, to look at the steps while it is pending */
export function pendingReply<T>(value: T) {
  let release: () => void = () => undefined
  let markAsked: () => void = () => undefined
  const asked = new Promise<void>((resolve) => (markAsked = resolve))
  const reply: FrameReply = () => {
    markAsked()
    return new Promise<T>((resolve) => (release = () => resolve(value)))
  }
  /** `asked` settles once the frame has been sent the request */
  return { reply, asked, release: () => release() }
}

/** Codes the §5 one-time-code check refuses before asking the frame: 4 to 10 digits only */
export const refusedCodes = ['123', '12345678901', 'a1234', '1234a', '12 34', '']
/** Codes it lets through, as the frame gets them (trimmed) */
export const acceptedCodes = [
  ['0000', '0000'],
  ['9999999999', '9999999999'],
  [' 123456 ', '123456'],
] as const
