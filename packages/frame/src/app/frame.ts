// The frame's conversation with its host: load the project's origins, announce FRAME_READY,
// pass each message through the gate, answer through window.parent to the event's origin only,
// and beat every 5 s once a host has spoken (§9).
import { CHANNEL, PROTOCOL_VERSION } from '../protocol/messages.ts'
import { type AuthApi, createApi } from './api.ts'
import { ApiError } from './apiError.ts'
import { type ApprovalOptions, createApprovalUi } from './approval.ts'
import { type FrameConfig, HEARTBEAT_MS, ORIGINS_ATTEMPTS, ORIGINS_RETRY_MS } from './config.ts'
import { createProver } from './dpop.ts'
import { createExportCard } from './exportCard.ts'
import { admit, type GateEvent, type GateState, normalizeOrigins, readyTargets } from './gate.ts'
import { createHandlers, type Handlers } from './handlers.ts'
import { createLanguage } from './i18n/language.ts'
import { createLogger, type Logger } from './logger.ts'
import { createPasskeyCard } from './passkeyCard.ts'
import { createStore, type KeyValueStore } from './storage.ts'
import { applyTheme } from './theme.ts'
import { createWalletState, type WalletState } from './wallet.ts'

export interface ParentWindow {
  postMessage(message: unknown, targetOrigin: string): void
}

export interface FrameOptions {
  /** The frame's window */
  self: unknown
  /** window.parent */
  parent: ParentWindow
  /** location.ancestorOrigins where the browser has it */
  ancestorOrigins?: ArrayLike<string> | null
  api: AuthApi
  log: Logger
  handlers: Handlers
  sleep?: (ms: number) => Promise<void>
}

export interface Frame {
  /** Loads the origins and posts FRAME_READY; false when the frame stays silent. */
  start(): Promise<boolean>
  /** The window's message listener. Resolves once the reply (if any) is posted. */
  onMessage(event: GateEvent): Promise<void> | undefined
  /** Stops the heartbeat */
  stop(): void
  gateState(): Readonly<GateState>
}

export function createFrame(options: FrameOptions): Frame {
  const { parent, api, log, handlers } = options
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)))
  const state: GateState = {
    self: options.self,
    parent,
    allowedOrigins: null,
    hostOrigin: null,
  }
  let heartbeat: ReturnType<typeof setInterval> | undefined

  function post(message: unknown, targetOrigin: string) {
    try {
      parent.postMessage(message, targetOrigin)
    } catch (error) {
      log.warn(`could not post to ${targetOrigin}`, error)
    }
  }

  function startHeartbeat(origin: string) {
    if (heartbeat !== undefined) return
    heartbeat = setInterval(
      () => post({ channel: CHANNEL, type: 'FRAME_HEARTBEAT', payload: {} }, origin),
      HEARTBEAT_MS,
    )
  }

  async function loadOrigins(): Promise<string[] | null> {
    for (let attempt = 1; attempt <= ORIGINS_ATTEMPTS; attempt++) {
      try {
        return await api.origins()
      } catch (error) {
        log.warn(`could not load the allowed origins (attempt ${attempt})`, error)
        const final = error instanceof ApiError && error.status >= 400 && error.status < 500
        if (final && error.status !== 429) return null
        if (attempt < ORIGINS_ATTEMPTS) await sleep(ORIGINS_RETRY_MS * attempt)
      }
    }
    return null
  }

  return {
    async start() {
      const list = await loadOrigins()
      if (list === null) {
        log.error('no allowed origins: the frame answers nothing')
        return false
      }
      const allowed = normalizeOrigins(list)
      state.allowedOrigins = allowed
      if (state.self === parent) {
        log.warn('the frame is not embedded: nothing to talk to')
        return false
      }
      const targets = readyTargets(allowed, options.ancestorOrigins)
      if (targets.length === 0) {
        log.warn('the embedding page is not an allowed origin: no FRAME_READY')
        // Told only to that page (the browser named it): it can raise §8 APKT005 at once
        // instead of waiting out the load timeout. The signal carries nothing else.
        const page = options.ancestorOrigins?.[0]
        if (page) post({ channel: CHANNEL, type: 'FRAME_UNVERIFIED_DOMAIN', payload: {} }, page)
        return false
      }
      // The browser told us the parent's origin: only it may speak.
      if (options.ancestorOrigins && options.ancestorOrigins.length > 0) {
        state.hostOrigin = targets[0] ?? null
      }
      const ready = {
        channel: CHANNEL,
        type: 'FRAME_READY',
        payload: { version: PROTOCOL_VERSION },
      }
      for (const target of targets) post(ready, target)
      log.info(`ready for ${targets.length === 1 ? targets[0] : `${targets.length} origins`}`)
      return true
    },

    onMessage(event) {
      const result = admit(event, state)
      if (!result.ok) {
        log.warn(`ignored a message: ${result.reason}`)
        return undefined
      }
      const { message, origin } = result
      if (state.hostOrigin === null) state.hostOrigin = origin
      startHeartbeat(origin)
      log.debug(`${message.type} ${message.id}`)
      return handlers
        .handle(message, origin)
        .then(({ reply, after }) => {
          post(reply, origin)
          after?.()
        })
        .catch((error: unknown) => log.error(`${message.type} failed unanswered`, error))
    },

    stop() {
      if (heartbeat !== undefined) clearInterval(heartbeat)
      heartbeat = undefined
    },

    gateState: () => state,
  }
}

/** Everything the frame needs from its surroundings; main.ts passes the browser's. */
export interface FrameEnvironment {
  config: FrameConfig
  self: unknown
  parent: ParentWindow
  ancestorOrigins?: ArrayLike<string> | null
  document: Document
  storage: Storage | undefined
  fetch?: typeof fetch
  reload(): void
  log?: Logger
  isTrusted?: (event: Event) => boolean
  approveDelayMs?: number
  visibility?: ApprovalOptions['visibility']
  sleep?: (ms: number) => Promise<void>
  now?: () => number
  /** Where the DPoP key pair is kept (dpop.ts); default the origin's, null: in memory only */
  indexedDB?: IDBFactory | null
}

export interface ComposedFrame {
  frame: Frame
  handlers: Handlers
  wallet: WalletState
  store: KeyValueStore
  log: Logger
  /** The frame's door to the server (tests play a frame that stops halfway with it) */
  api: AuthApi
}

/** Builds the frame from its parts. */
export function composeFrame(env: FrameEnvironment): ComposedFrame {
  const { config } = env
  const log = env.log ?? createLogger({ mirror: config.enableLogger })
  const store = createStore(env.storage, log)
  // Looked up on each call: a page's later polyfill or wrapper of fetch is the one used.
  const fetch = env.fetch ?? ((input, init) => globalThis.fetch(input, init))
  const api = createApi({
    baseUrl: config.apiUrl,
    projectId: config.projectId,
    fetch,
    prover: createProver({
      indexedDB: env.indexedDB === undefined ? globalThis.indexedDB : env.indexedDB,
      log,
    }),
  })
  const wallet = createWalletState({ api, store, log, projectId: config.projectId })
  const root = env.document.documentElement
  if (!root.dataset.theme) root.dataset.theme = 'dark'
  const language = createLanguage(root, (message, detail) => log.info(message, detail))
  const approval = createApprovalUi(env.document, {
    language,
    ...(env.isTrusted && { isTrusted: env.isTrusted }),
    ...(env.approveDelayMs !== undefined && { approveDelayMs: env.approveDelayMs }),
    ...(env.visibility && { visibility: env.visibility }),
  })
  const handlers = createHandlers({
    api,
    wallet,
    store,
    log,
    config,
    approval,
    passkeyCard: createPasskeyCard(env.document, {
      ...(env.isTrusted && { isTrusted: env.isTrusted }),
      log: (message, detail) => log.info(message, detail),
      language,
    }),
    exportCard: createExportCard(env.document, {
      ...(env.isTrusted && { isTrusted: env.isTrusted }),
      log: (message, detail) => log.info(message, detail),
      language,
    }),
    applyTheme: (theme) => {
      const ignored = applyTheme(root, theme)
      if (ignored.length > 0) log.debug(`theme variables ignored: ${ignored.join(', ')}`)
    },
    setLocale: language.set,
    reload: env.reload,
    fetch,
    ...(env.sleep && { sleep: env.sleep }),
    ...(env.now && { now: env.now }),
  })
  const frame = createFrame({
    self: env.self,
    parent: env.parent,
    ancestorOrigins: env.ancestorOrigins ?? null,
    api,
    log,
    handlers,
    ...(env.sleep && { sleep: env.sleep }),
  })
  return { frame, handlers, wallet, store, log, api }
}
