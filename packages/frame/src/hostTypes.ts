// What the page's frame client offers and takes (host.ts makes it).
import type { AppEventType, AppReply, AppRequest } from './protocol/appEvents.ts'
import type { FrameSignalType } from './protocol/messages.ts'

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
