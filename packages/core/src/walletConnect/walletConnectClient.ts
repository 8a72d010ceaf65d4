import { SignClient } from '@walletconnect/sign-client'
import type { AppMetadata } from '../appkitState.ts'
import {
  WALLETCONNECT_CLOUD_RELAY_URL,
  WALLETCONNECT_EIP155_EVENTS,
  WALLETCONNECT_EIP155_METHODS,
} from '../constants.ts'
import { ErrorText } from '../errors.ts'
import type { CaipNetwork } from '../networks.ts'

/**
 * The parts of a WalletConnect session the modal reads; sign-client's sessions fit it. Local, so
 * that the published types do not pull @walletconnect/types (and with it Node's types) into an
 * app's type check.
 */
export interface WalletConnectSession {
  topic: string
  namespaces: Record<
    string,
    { accounts: string[]; chains?: string[]; methods: string[]; events: string[] }
  >
  peer: { metadata: { name: string; icons: string[] } }
}

/** A session proposal's namespaces (WalletConnect's optionalNamespaces). */
export type ProposalNamespaces = Record<
  string,
  { chains: string[]; methods: string[]; events: string[] }
>

/** What the rest of the modal needs from WalletConnect's sign client; nothing else touches it. */
export interface WalletConnectClient {
  /** The live session, if the visitor has one (restored from storage after a reload). */
  session(): WalletConnectSession | undefined
  /** The wallet at the other end of the live session. */
  peer(): { name: string; icon?: string } | undefined
  /** A new pairing: its URI to show, and the session once a wallet approves. */
  propose(): Promise<{ uri: string; approval: Promise<WalletConnectSession> }>
  /**
   * §4 One-click auth: a pairing whose approval also signs the sign-in message (the wallet's
   * CAIP-122 "cacao"). Wallets without it answer the fallback proposal: no cacao then.
   */
  authenticate(params: {
    domain: string
    uri: string
    nonce: string
    statement?: string
    exp?: string
    nbf?: string
    requestId?: string
    resources?: string[]
  }): Promise<{ uri: string; approval: Promise<WalletConnectSession & { cacao?: SignedCacao }> }>
  /** Forgets a pairing nobody scanned (replaced by a fresh one, or the visitor left). */
  abandon(uri: string): Promise<void>
  request<T = unknown>(
    args: { method: string; params?: unknown },
    caipNetworkId: string,
  ): Promise<T>
  disconnect(): Promise<void>
  /** Lets go of the relay (the instance is destroyed); the session stays for the next page. */
  close(): Promise<void>
  onSession(listener: (event: SessionChange) => void): () => void
}

/** The wallet's signed sign-in payload (CAIP-74 cacao): `p` the fields, `s.s` the signature. */
export interface SignedCacao {
  p: {
    iss: string
    domain: string
    aud: string
    version: string
    nonce: string
    iat: string
    nbf?: string
    exp?: string
    statement?: string
    requestId?: string
    resources?: string[]
  }
  s: { t: string; s: string }
  /** The exact text the wallet signed */
  message: string
}

export type SessionChange =
  | { type: 'deleted' }
  | { type: 'updated'; session: WalletConnectSession }
  | { type: 'event'; name: string; data: unknown; caipNetworkId: string }

export interface WalletConnectClientOptions {
  projectId: string
  relayUrl?: string
  metadata?: AppMetadata
  networks: readonly CaipNetwork[]
  /** Keeps this app's WalletConnect storage apart from other clients on the same origin. */
  storagePrefix: string
  debug?: boolean
  /** The relay refused or dropped the connection; its text may be a §8 provider text. */
  onRelayError?(message: string): void
}

/** §7 The session proposal: every configured EVM network, the methods and events of §7. */
export function proposalNamespaces(networks: readonly CaipNetwork[]): ProposalNamespaces {
  const chains: string[] = networks
    .filter((n) => n.chainNamespace === 'eip155')
    .map((n) => n.caipNetworkId)
  if (chains.length === 0) return {}
  return {
    eip155: {
      chains,
      methods: [...WALLETCONNECT_EIP155_METHODS],
      events: [...WALLETCONNECT_EIP155_EVENTS],
    },
  }
}

/** The wallet's self-description in a session; its icon only when it is an https or data image. */
export function peerWallet(session: WalletConnectSession): { name: string; icon?: string } {
  const { name, icons } = session.peer.metadata
  const icon = icons?.find((url) => /^(https:\/\/|data:image\/)/.test(url))
  return { name: typeof name === 'string' && name.trim() ? name : 'WalletConnect', icon }
}

function pairingTopicOf(uri: string): string | undefined {
  return /^wc:([0-9a-f]{64})@2/i.exec(uri)?.[1]
}

function pageUrl(): string {
  return typeof location === 'undefined' ? 'http://localhost' : location.origin
}

/**
 * WalletConnect's core is one per storage prefix and page (it registers itself on globalThis and
 * every later sign client with that prefix shares its relay connection). The connection is let go
 * when the last client using it closes, and the registration with it, so a later instance (a
 * remount, the next test) starts a core of its own instead of a closed one.
 */
const openClients = new Map<string, number>()

function releaseCore(
  prefix: string,
  core: { heartbeat: { stop(): void }; relayer: { transportClose(): Promise<void> } },
) {
  const left = (openClients.get(prefix) ?? 1) - 1
  if (left > 0) {
    openClients.set(prefix, left)
    return Promise.resolve()
  }
  openClients.delete(prefix)
  const registry = globalThis as unknown as Record<string, { relayer?: unknown } | undefined>
  const key = `_walletConnectCore_${prefix}`
  if (registry[key]?.relayer === core.relayer) delete registry[key]
  core.heartbeat.stop()
  return core.relayer.transportClose().catch(() => undefined)
}

export async function createWalletConnectClient(
  options: WalletConnectClientOptions,
): Promise<WalletConnectClient> {
  const relayUrl = options.relayUrl ?? WALLETCONNECT_CLOUD_RELAY_URL
  const client = await SignClient.init({
    projectId: options.projectId,
    relayUrl,
    metadata: {
      name: options.metadata?.name ?? 'Latchkey',
      description: options.metadata?.description ?? '',
      url: options.metadata?.url ?? pageUrl(),
      icons: options.metadata?.icons ?? [],
    },
    customStoragePrefix: options.storagePrefix,
    telemetryEnabled: false,
    // WalletConnect's core logs routine events ("Relayer connected") as warnings.
    logger: options.debug ? 'error' : 'silent',
  })
  // The attestation step loads an iframe from WalletConnect's verify service and waits up to
  // 5 s for it on every proposal and request. Our own relay has no such service to vouch for
  // the page (and offline it is unreachable), so it is skipped there.
  if (relayUrl !== WALLETCONNECT_CLOUD_RELAY_URL) client.core.verify.register = async () => ''
  // A refused relay connection (§8 provider texts) leaves WalletConnect's connect() waiting
  // for ever: the pairing in progress fails instead, so the view can offer a retry.
  const refusalListeners = new Set<(error: Error) => void>()
  client.core.relayer.on('relayer_error', (error: unknown) => {
    const message = (error as { message?: unknown } | undefined)?.message
    if (typeof message === 'string') options.onRelayError?.(message)
    const failed = new Error(ErrorText.failedToConnect, { cause: error })
    for (const listener of [...refusalListeners]) listener(failed)
  })
  function unlessRelayFails<T>(work: Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      refusalListeners.add(reject)
      work.then(resolve, reject).finally(() => refusalListeners.delete(reject))
    })
  }

  const listeners = new Set<(event: SessionChange) => void>()
  const emit = (event: SessionChange) => {
    for (const listener of listeners) listener(event)
  }
  openClients.set(options.storagePrefix, (openClients.get(options.storagePrefix) ?? 0) + 1)
  let closed = false
  let current: string | undefined = client.session.getAll().at(-1)?.topic
  const session = () => {
    if (!current) return undefined
    try {
      return client.session.get(current)
    } catch {
      current = undefined
      return undefined
    }
  }
  const ended = ({ topic }: { topic: string }) => {
    if (topic !== current) return
    current = undefined
    emit({ type: 'deleted' })
  }
  client.on('session_delete', ended)
  client.on('session_expire', ended)
  client.on('session_update', ({ topic }) => {
    const live = topic === current && session()
    if (live) emit({ type: 'updated', session: live })
  })
  client.on('session_event', ({ topic, params }) => {
    if (topic !== current) return
    emit({ type: 'event', ...params.event, caipNetworkId: params.chainId })
  })

  return {
    session,
    peer: () => {
      const live = session()
      return live && peerWallet(live)
    },
    async propose() {
      const { uri, approval } = await unlessRelayFails(
        client.connect({ optionalNamespaces: proposalNamespaces(options.networks) }),
      )
      if (!uri) throw new Error('WalletConnect gave no pairing URI')
      const approved = approval().then((s) => {
        current = s.topic
        return s
      })
      // Nobody may be waiting (the offer was replaced); the rejection is read by whoever is.
      approved.catch(() => undefined)
      return { uri, approval: approved }
    },
    async authenticate(params) {
      const chains = options.networks
        .filter((n) => n.chainNamespace === 'eip155')
        .map((n) => n.caipNetworkId)
      const { uri, response } = await unlessRelayFails(
        client.authenticate({ ...params, chains, methods: [...WALLETCONNECT_EIP155_METHODS] }),
      )
      const approved = response().then(({ session, auths }) => {
        current = session.topic
        const [auth] = auths ?? []
        if (!auth) return session
        const message = client.formatAuthMessage({ request: auth.p, iss: auth.p.iss })
        return { ...session, cacao: { p: auth.p, s: auth.s, message } as SignedCacao }
      })
      approved.catch(() => undefined)
      return { uri, approval: approved }
    },
    async abandon(uri) {
      const topic = pairingTopicOf(uri)
      if (!topic) return
      await client.core.pairing.disconnect({ topic }).catch(() => undefined)
    },
    request(args, caipNetworkId) {
      const live = session()
      if (!live) return Promise.reject(new Error(ErrorText.callConnectBeforeRequest))
      return client.request({
        topic: live.topic,
        chainId: caipNetworkId,
        request: { method: args.method, params: args.params ?? [] },
      })
    },
    async disconnect() {
      const live = session()
      current = undefined
      if (!live) return
      await client.disconnect({
        topic: live.topic,
        reason: { code: 6000, message: 'User disconnected.' },
      })
    },
    async close() {
      if (closed) return
      closed = true
      await releaseCore(options.storagePrefix, client.core)
    },
    onSession(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}
