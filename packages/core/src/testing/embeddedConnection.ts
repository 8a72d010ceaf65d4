// Test support only: the connection controller over a real instance's stores and storage, with
// a scripted frame host in place of the embedded wallet's iframe (the real frame runs in the
// e2e tests: it needs a browser and its own origin).

import { createAppKitCore } from '../appkit.ts'
import type { AccountSnapshot } from '../connection/adapter.ts'
import type { ConnectionContext } from '../connection/context.ts'
import type { EmbeddedSessions } from '../connection/embedded.ts'
import { createConnectionController } from '../connection/index.ts'
import type { EmbeddedSession, EmbeddedSessionOptions } from '../embedded/embeddedWallet.ts'
import type { AppKitEventName } from '../events.ts'
import { type CaipNetwork, localChainA, localChainB } from '../networks.ts'
import { MemoryStorage } from '../storage/memoryStorage.ts'
import { createAppKitStorage } from '../storage/storage.ts'
import { scriptedAdapter } from './scriptedAdapter.ts'

export const EMBEDDED_ADDRESS = '0x5109d914522281F620Df09BccEc49A6164F9dc1A'

/** A frame that answers each request type from `replies`; one without a reply is refused. */
export function scriptedFrameHost(replies: Record<string, (payload: unknown) => unknown> = {}) {
  const made: EmbeddedSessionOptions[] = []
  const requests: [string, unknown][] = []
  const users: unknown[] = []
  const aborts: (string | undefined)[] = []
  const state = { destroyed: 0, ready: async () => {} }
  const listeners = new Set<(type: string) => void>()
  /** The frame's signal (FRAME_READY after a reload, ...) */
  const signal = (type: string) => {
    for (const listener of [...listeners]) listener(type)
  }
  const host: EmbeddedSessions = async () => ({
    createEmbeddedSession(options) {
      made.push(options)
      return {
        client: {
          ready: () => state.ready(),
          destroy: () => {
            state.destroyed++
          },
          request: async (type: string, payload: unknown) => {
            requests.push([type, payload])
            const reply = replies[type]
            if (!reply) throw new Error(`unexpected ${type}`)
            return reply(payload)
          },
          onSignal(listener: (type: string) => void) {
            listeners.add(listener)
            return () => listeners.delete(listener)
          },
        },
        provider: {
          setUser: (user: unknown) => void users.push(user),
          abort: async (reason?: string) => void aborts.push(reason),
          on: () => {},
          removeListener: () => {},
        },
        rpc: {},
      } as unknown as EmbeddedSession
    },
  })
  return { host, made, requests, users, aborts, state, signal, listeners }
}

export function embeddedConnection(
  options: {
    networks?: [CaipNetwork, ...CaipNetwork[]]
    replies?: Record<string, (payload: unknown) => unknown>
    snapshot?: AccountSnapshot
    /** A Solana adapter too, whose engine connects with this snapshot */
    solana?: AccountSnapshot
    storage?: MemoryStorage
    context?: Partial<ConnectionContext>
  } = {},
) {
  const backend = options.storage ?? new MemoryStorage()
  const networks: [CaipNetwork, ...CaipNetwork[]] = options.networks ?? [localChainA, localChainB]
  const { adapter, engine } = scriptedAdapter(
    options.snapshot ?? { status: 'connected', address: EMBEDDED_ADDRESS, chainId: 31337 },
  )
  const solana = options.solana && scriptedAdapter(options.solana, 'solana')
  const adapters = solana ? [adapter, solana.adapter] : [adapter]
  const kit = createAppKitCore({
    networks,
    projectId: 'test',
    storage: backend,
    apiUrl: 'http://127.0.0.1:1',
    adapters,
  })
  const frame = scriptedFrameHost(options.replies)
  const events: [AppKitEventName, Record<string, unknown> | undefined][] = []
  const logs: [string, unknown][] = []
  const alerts: string[] = []
  const approvals: string[] = []
  const storage = createAppKitStorage(backend, () => undefined)
  const ctx: ConnectionContext = {
    adapters,
    networks,
    projectId: 'test',
    frameUrl: 'http://frame.test',
    sdkVersion: 'html-core-test',
    sdkType: 'appkit',
    theme: () => ({ themeMode: 'dark', themeVariables: { '--w3m-accent': '#123456' } }),
    isMobile: () => false,
    stores: {
      modal: kit.stores.modal,
      account: kit.stores.account,
      chain: kit.stores.chain,
      connectors: kit.stores.connectors,
      recent: kit.stores.recent,
      walletConnect: kit.stores.walletConnect,
      embedded: kit.stores.embedded,
    },
    approval: {
      start: () => void approvals.push('start'),
      end: () => void approvals.push('end'),
    },
    storage,
    router: kit.router,
    toast: kit.toast,
    track: (event: AppKitEventName, properties?: Record<string, unknown>) =>
      void events.push([event, properties]),
    log: (message, detail) => void logs.push([message, detail]),
    raise: (code) => void alerts.push(code),
    close: () => kit.close(),
    ...options.context,
  }
  const controller = createConnectionController(ctx, frame.host)
  return {
    kit,
    ctx,
    controller,
    engine,
    solanaEngine: solana?.engine,
    frame,
    events,
    logs,
    alerts,
    approvals,
    storage,
  }
}
