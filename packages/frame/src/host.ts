// The host page's side of the embedded wallet (spec §7 "Embedded wallet"): one iframe on the
// frame's own origin, spoken to only by postMessage through ./protocol. Nothing the frame sends
// is trusted before it has passed the window, origin and schema checks below.
import {
  DEFAULT_REQUEST_TIMEOUT_MS,
  EMBEDDED_REQUEST_TIMEOUT_MS,
  FRAME_LOAD_FAILED,
  FRAME_LOAD_TIMEOUT_MS,
  FRAME_RELOADED,
  FRAME_TITLE,
  REQUEST_TIMED_OUT,
  SIGN_OUT_TIMEOUT_MS,
} from './constants.ts'
import { FrameError } from './frameError.ts'
import {
  type AppEventType,
  type AppMessage,
  type AppReply,
  type AppRequest,
  CHANNEL,
  type FrameSignalType,
  PROTOCOL_VERSION,
  parseAppMessage,
  parseFrameMessage,
  REQUEST_ABORTED,
} from './protocol.ts'

/** What the frame's requests reject with (its message is meant for the visitor) */
export { DEFAULT_REQUEST_TIMEOUT_MS, FrameError }

export interface FrameClientOptions {
  /** The frame app's page, on its own origin */
  frameUrl: string
  projectId: string
  chainId: string | number
  rpcUrl?: string
  /** The SDK version, passed to the frame in its URL */
  version: string
  enableLogger?: boolean
  enableCloudAuthAccount?: boolean
  /** Where the iframe goes; the global document unless given */
  document?: Document
  /** Warnings (§7: invalid frame events are only logged); console.warn unless given */
  log?(message: string, detail?: unknown): void
  /** §9 Frame load timeout; 20 s unless given */
  loadTimeoutMs?: number
  /**
   * §8 Troubles the page's developer should hear of: a request passed its timeout (APKT004);
   * the frame does not allow this page's origin (APKT005).
   */
  onTrouble?(trouble: FrameTrouble): void
  /**
   * Resolves true when the page's origin is known not to be allowed. The frame site's CSP
   * frame-ancestors then keeps the browser from loading the frame at all, so it cannot say so
   * itself (FRAME_UNVERIFIED_DOMAIN): the host fails at once as if it had.
   */
  originRefused?: Promise<boolean>
}

export type FrameTrouble = 'request-timeout' | 'unverified-domain'

export interface FrameRect {
  top: number
  left: number
  width: number
  height: number
}

export interface FrameRequestOptions {
  /** Overrides the type's timeout (see `requestTimeoutMs`) */
  timeoutMs?: number
  /** Stops waiting: the request rejects with 'Request was aborted' (sign-out resolves) */
  signal?: AbortSignal
}

export interface FrameClient {
  /** The frame's origin: the only one messages go to and come from */
  readonly origin: string
  readonly iframe: HTMLIFrameElement
  /** When the last FRAME_HEARTBEAT came (Date.now()); undefined before the first */
  readonly lastHeartbeat: number | undefined
  /** Resolves on FRAME_READY of our protocol version; rejects after the load timeout (§9 20 s). */
  ready(): Promise<void>
  /** Waits for ready(), posts the app event and resolves with its FRAME_*_SUCCESS payload. */
  request<T extends AppEventType>(
    type: T,
    payload: AppRequest<T>,
    options?: FrameRequestOptions,
  ): Promise<AppReply<T>>
  /** Shows the frame at `rect` (viewport pixels), above everything, taking pointer events. */
  show(rect: FrameRect): void
  /** Invisible and inert again, but still loaded (moving or removing an iframe reloads it). */
  hide(): void
  onSignal(listener: (type: FrameSignalType) => void): () => void
  /** Removes the frame; pending requests reject (sign-out resolves). */
  destroy(): void
}

/** §9 The requests that wait for the visitor (email, device, OTP, social, email change) */
const VISITOR_PACED: ReadonlySet<AppEventType> = new Set<AppEventType>([
  'APP_CONNECT_EMAIL',
  'APP_CONNECT_DEVICE',
  'APP_CONNECT_OTP',
  'APP_CONNECT_SOCIAL',
  'APP_CONNECT_FARCASTER',
  'APP_UPDATE_EMAIL',
  'APP_UPDATE_EMAIL_PRIMARY_OTP',
  'APP_UPDATE_EMAIL_SECONDARY_OTP',
])

/**
 * How long the host waits for a reply (undefined: no limit). §9: 120 s for the visitor-paced
 * requests, 3 s for sign-out; an RPC request waits for the visitor's approval and ends only by
 * its reply or APP_RPC_ABORT; everything else 30 s (our choice).
 */
export function requestTimeoutMs(type: AppEventType): number | undefined {
  if (type === 'APP_RPC_REQUEST') return undefined
  if (type === 'APP_SIGN_OUT') return SIGN_OUT_TIMEOUT_MS
  return VISITOR_PACED.has(type) ? EMBEDDED_REQUEST_TIMEOUT_MS : DEFAULT_REQUEST_TIMEOUT_MS
}

/** The frame's page with the §7 query: projectId, chainId, version, enableLogger, rpcUrl, ... */
export function frameSrc(options: FrameClientOptions): URL {
  const url = new URL(options.frameUrl)
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new FrameError(`The wallet frame needs an http(s) URL, not ${url.protocol}`)
  }
  const query = url.searchParams
  query.set('projectId', options.projectId)
  query.set('chainId', String(options.chainId))
  query.set('version', options.version)
  query.set('enableLogger', String(options.enableLogger ?? false))
  if (options.rpcUrl !== undefined) query.set('rpcUrl', options.rpcUrl)
  if (options.enableCloudAuthAccount !== undefined) {
    query.set('enableCloudAuthAccount', String(options.enableCloudAuthAccount))
  }
  return url
}

const HIDDEN_STYLE = {
  position: 'fixed',
  top: '0px',
  left: '0px',
  width: '1px',
  height: '1px',
  opacity: '0',
  pointerEvents: 'none',
  zIndex: '-1',
} as const

/** Largest z-index browsers honour: the approval and login views sit above everything. */
const TOP_Z_INDEX = '2147483647'

/** How many abandoned request ids are remembered (oldest forgotten first). */
const MAX_ABANDONED = 64

interface Pending {
  type: AppEventType
  resolve(payload: unknown): void
  fail(error: Error): void
}

const looksLikeOurs = (data: unknown) =>
  typeof data === 'object' && data !== null && (data as { channel?: unknown }).channel === CHANNEL

export function createFrameClient(options: FrameClientOptions): FrameClient {
  const doc = options.document ?? globalThis.document
  const win = doc?.defaultView
  if (!doc || !win) throw new FrameError('The wallet frame needs a document with a window')
  const log =
    options.log ??
    ((message: string, detail?: unknown) => console.warn(`[latchkey] ${message}`, detail ?? ''))
  const src = frameSrc(options)
  const origin = src.origin
  if (origin === win.location.origin) {
    log('The wallet frame shares the page’s origin: its keys are not isolated from the page')
  }

  const iframe = doc.createElement('iframe')
  iframe.title = FRAME_TITLE
  iframe.setAttribute('data-latchkey-frame', '')
  iframe.setAttribute('referrerpolicy', 'origin')
  iframe.style.border = '0'
  iframe.style.background = 'transparent'
  hide()
  iframe.src = src.href
  doc.body.appendChild(iframe)

  const pending = new Map<string, Pending>()
  /** Requests the host stopped waiting for (timeout, abort): the frame may still answer them. */
  const abandoned = new Set<string>()
  const signalListeners = new Set<(type: FrameSignalType) => void>()
  let lastHeartbeat: number | undefined
  let destroyed = false
  let loaded = false

  let settleReady: { resolve(): void; reject(error: Error): void } | undefined
  let readyPromise = new Promise<void>((resolve, reject) => {
    settleReady = { resolve, reject }
  })
  readyPromise.catch(() => undefined)
  const loadTimer = setTimeout(
    () => failReady(FRAME_LOAD_FAILED, 'the frame sent no FRAME_READY in time'),
    options.loadTimeoutMs ?? FRAME_LOAD_TIMEOUT_MS,
  )

  function failReady(message: string, reason: string) {
    clearTimeout(loadTimer)
    log(`Wallet frame failed to load: ${reason}`)
    const error = new FrameError(message)
    if (settleReady) settleReady.reject(error)
    else readyPromise = Promise.reject(error)
    readyPromise.catch(() => undefined)
    settleReady = undefined
    loaded = false
  }

  function onReady(version: number) {
    if (version !== PROTOCOL_VERSION) {
      failReady(FRAME_LOAD_FAILED, `protocol version ${version}, expected ${PROTOCOL_VERSION}`)
      failAll(new FrameError(FRAME_LOAD_FAILED))
      return
    }
    clearTimeout(loadTimer)
    if (loaded) {
      // The frame reloaded: whatever it was asked before is gone with its old page.
      log('Wallet frame reloaded; pending requests are dropped', { pending: pending.size })
      failAll(new FrameError(FRAME_RELOADED))
    }
    loaded = true
    if (settleReady) settleReady.resolve()
    else readyPromise = Promise.resolve()
    settleReady = undefined
  }

  function trouble(kind: FrameTrouble) {
    try {
      options.onTrouble?.(kind)
    } catch (error) {
      log('A frame trouble listener threw', error)
    }
  }

  function onUnverifiedDomain() {
    if (!settleReady) return
    failReady(FRAME_LOAD_FAILED, 'the frame does not allow this page’s origin')
    trouble('unverified-domain')
  }

  options.originRefused?.then(
    (refused) => refused && onUnverifiedDomain(),
    () => undefined,
  )

  function failAll(error: Error) {
    for (const entry of [...pending.values()]) entry.fail(error)
  }

  function post(message: AppMessage) {
    const target = iframe.contentWindow
    if (!target) throw new FrameError(FRAME_LOAD_FAILED)
    target.postMessage(message, origin)
  }

  function onMessage(event: MessageEvent) {
    const data: unknown = event.data
    if (!looksLikeOurs(data)) return
    const frameWindow = iframe.contentWindow
    if (!frameWindow || event.source !== frameWindow || event.origin !== origin) {
      log('Ignored a frame event from another window or origin', { origin: event.origin })
      return
    }
    const parsed = parseFrameMessage(data, (id) => pending.get(id)?.type)
    if (!parsed.ok) {
      const { id } = data as { id?: unknown }
      if (typeof id === 'string' && abandoned.delete(id)) return // a late answer, expected
      log(`Invalid frame event: ${parsed.reason}`)
      return
    }
    const message = parsed.value
    if (message.kind === 'success') pending.get(message.id)?.resolve(message.payload)
    else if (message.kind === 'error') {
      pending.get(message.id)?.fail(new FrameError(message.message, message.code))
    } else {
      if (message.type === 'FRAME_READY') onReady((message.payload as { version: number }).version)
      else if (message.type === 'FRAME_UNVERIFIED_DOMAIN') onUnverifiedDomain()
      else lastHeartbeat = Date.now()
      for (const listener of [...signalListeners]) {
        try {
          listener(message.type)
        } catch (error) {
          log('A frame signal listener threw', error)
        }
      }
    }
  }
  win.addEventListener('message', onMessage)

  function request<T extends AppEventType>(
    type: T,
    payload: AppRequest<T>,
    requestOptions: FrameRequestOptions = {},
  ): Promise<AppReply<T>> {
    const message = { channel: CHANNEL, type, id: crypto.randomUUID(), payload }
    const checked = parseAppMessage(message)
    if (!checked.ok) return Promise.reject(new FrameError(checked.reason))
    if (destroyed) return Promise.reject(new FrameError(FRAME_LOAD_FAILED))
    const { signal } = requestOptions
    const timeoutMs = requestOptions.timeoutMs ?? requestTimeoutMs(type)

    return new Promise<AppReply<T>>((resolve, reject) => {
      let settled = false
      let timer: ReturnType<typeof setTimeout> | undefined
      /** Stops waiting without a reply; a late one is then dropped quietly. */
      const abandon = (error: FrameError) => {
        if (pending.has(message.id)) {
          abandoned.add(message.id)
          if (abandoned.size > MAX_ABANDONED)
            abandoned.delete(abandoned.values().next().value ?? '')
        }
        entry.fail(error)
      }
      const onAbort = () => abandon(new FrameError(REQUEST_ABORTED))
      const settle = (finish: () => void) => {
        if (settled) return
        settled = true
        clearTimeout(timer)
        signal?.removeEventListener('abort', onAbort)
        pending.delete(message.id)
        finish()
      }
      const entry: Pending = {
        type,
        resolve: (reply) => settle(() => resolve(reply as AppReply<T>)),
        fail: (error) =>
          settle(() => {
            if (type !== 'APP_SIGN_OUT') return reject(error)
            // §9 Sign-out waits at most 3 s; after that (or on any failure) the host goes on.
            log('Wallet frame sign-out did not finish; signing out here anyway', error)
            resolve({} as AppReply<T>)
          }),
      }
      if (timeoutMs !== undefined) {
        timer = setTimeout(() => {
          abandon(new FrameError(REQUEST_TIMED_OUT))
          trouble('request-timeout')
        }, timeoutMs)
      }
      if (signal?.aborted) return onAbort()
      signal?.addEventListener('abort', onAbort)
      readyPromise.then(
        () => {
          if (settled) return
          if (destroyed) return entry.fail(new FrameError(REQUEST_ABORTED))
          pending.set(message.id, entry)
          try {
            post(checked.value)
          } catch (error) {
            entry.fail(error instanceof Error ? error : new FrameError(String(error)))
          }
        },
        (error: Error) => entry.fail(error),
      )
    })
  }

  function show(rect: FrameRect) {
    Object.assign(iframe.style, {
      top: `${rect.top}px`,
      left: `${rect.left}px`,
      width: `${rect.width}px`,
      height: `${rect.height}px`,
      opacity: '1',
      pointerEvents: 'auto',
      zIndex: TOP_Z_INDEX,
    })
    iframe.removeAttribute('inert')
    iframe.removeAttribute('aria-hidden')
  }

  function hide() {
    Object.assign(iframe.style, HIDDEN_STYLE)
    // Hidden means out of the tab order and the accessibility tree too, not just transparent.
    iframe.setAttribute('inert', '')
    iframe.setAttribute('aria-hidden', 'true')
  }

  return {
    origin,
    iframe,
    get lastHeartbeat() {
      return lastHeartbeat
    },
    ready: () => readyPromise,
    request,
    show,
    hide,
    onSignal(listener) {
      signalListeners.add(listener)
      return () => signalListeners.delete(listener)
    },
    destroy() {
      if (destroyed) return
      destroyed = true
      win.removeEventListener('message', onMessage)
      if (settleReady) failReady(FRAME_LOAD_FAILED, 'the frame was removed')
      clearTimeout(loadTimer)
      failAll(new FrameError(REQUEST_ABORTED))
      signalListeners.clear()
      iframe.remove()
    },
  }
}
