// The frame element itself: its page's URL with the §7 query, where it sits (hidden, or over the
// modal's approval and login views), and how long the host waits for each request.
import {
  DEFAULT_REQUEST_TIMEOUT_MS,
  EMBEDDED_REQUEST_TIMEOUT_MS,
  SIGN_OUT_TIMEOUT_MS,
} from './constants.ts'
import { FrameError } from './frameError.ts'
import type { FrameClientOptions, FrameRect } from './hostTypes.ts'
import type { AppEventType } from './protocol/appEvents.ts'

/** §9 The requests that wait for the visitor (email, device, OTP, social, email change) */
const VISITOR_PACED: ReadonlySet<AppEventType> = new Set<AppEventType>([
  'APP_CONNECT_EMAIL',
  'APP_CONNECT_DEVICE',
  'APP_CONNECT_OTP',
  'APP_CONNECT_SOCIAL',
  'APP_CONNECT_FARCASTER',
  'APP_CONNECT_PASSKEY',
  'APP_ADD_PASSKEY',
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
  // Both end by the visitor's own act in the frame (or their abort), however long it takes
  if (type === 'APP_RPC_REQUEST' || type === 'APP_EXPORT_KEY') return undefined
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

/** Out of sight, out of the tab order and the accessibility tree, still loaded */
export function hideFrame(iframe: HTMLIFrameElement) {
  Object.assign(iframe.style, HIDDEN_STYLE)
  iframe.setAttribute('inert', '')
  iframe.setAttribute('aria-hidden', 'true')
}

/** Over `rect`, above everything on the page */
export function showFrame(iframe: HTMLIFrameElement, rect: FrameRect) {
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
