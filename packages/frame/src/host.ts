// The host page's side of the embedded wallet (spec §7 "Embedded wallet"): one iframe on the
// frame's own origin, spoken to only by postMessage through ./protocol. Nothing the frame sends
// is trusted before it has passed the window, origin and schema checks below.
import {
  DEFAULT_REQUEST_TIMEOUT_MS,
  FRAME_LOAD_FAILED,
  FRAME_LOAD_TIMEOUT_MS,
  FRAME_RELOADED,
  FRAME_TITLE,
  REQUEST_TIMED_OUT,
} from './constants.ts'
import { FrameError } from './frameError.ts'
import { frameSrc, hideFrame, requestTimeoutMs, showFrame } from './hostFrame.ts'
import type {
  FrameClient,
  FrameClientOptions,
  FrameRect,
  FrameRequestOptions,
  FrameTrouble,
} from './hostTypes.ts'
import type { AppEventType, AppReply, AppRequest } from './protocol/appEvents.ts'
import {
  type AppMessage,
  CHANNEL,
  type FrameSignalType,
  PROTOCOL_VERSION,
  parseAppMessage,
  parseFrameMessage,
} from './protocol/messages.ts'
import { REQUEST_ABORTED } from './protocol/rpcRules.ts'

export type { FrameClient, FrameClientOptions, FrameRect, FrameRequestOptions, FrameTrouble }
/** What the frame's requests reject with (its message is meant for the visitor) */
export { DEFAULT_REQUEST_TIMEOUT_MS, FrameError, frameSrc, requestTimeoutMs }

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
  // Passkeys (issue 30) are made and used inside the frame, on its origin
  iframe.setAttribute(
    'allow',
    'publickey-credentials-create; publickey-credentials-get; clipboard-write',
  )
  iframe.style.border = '0'
  iframe.style.background = 'transparent'
  hideFrame(iframe)
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

  return {
    origin,
    iframe,
    get lastHeartbeat() {
      return lastHeartbeat
    },
    ready: () => readyPromise,
    request,
    show: (rect: FrameRect) => showFrame(iframe, rect),
    hide: () => hideFrame(iframe),
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
