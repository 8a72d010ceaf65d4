import { DEMO_PROJECT_ID } from '../constants.ts'
import { type DpopKey, dpopProof, newDpopKey } from './dpop.ts'

export interface AuthCallOptions {
  body?: unknown
  token?: string
  origin?: string
  /** null sends no projectId */
  projectId?: string | null
  /** More request headers (a browser's User-Agent) */
  headers?: Record<string, string>
  /** The DPoP header: false sends none; default a fresh proof by the caller's key */
  dpop?: false | string
  /** Whose proof (default the caller's key: the one frame all of a test's sessions are bound to) */
  dpopKey?: DpopKey
  /** The token's scheme; default DPoP */
  scheme?: 'Bearer' | 'DPoP'
}

/** The server a caller's proofs are for: its URL (htu) and clock (iat) */
export interface ProofTarget {
  url: () => string
  now?: () => number
}

/**
 * Tests' client of the auth routes, as the frame calls them: JSON in and out, the frame's
 * Origin, the session as `DPoP <token>`, a DPoP proof by the caller's own key on every request.
 */
export function authCaller(
  request: (path: string, init?: RequestInit) => Promise<Response>,
  frameOrigin: string,
  target: ProofTarget,
) {
  let ownKey: Promise<DpopKey> | undefined
  async function proofFor(method: string, path: string, options: AuthCallOptions) {
    if (options.dpop !== undefined) return options.dpop || undefined
    ownKey ??= newDpopKey()
    const key = options.dpopKey ?? (await ownKey)
    const iat = Math.floor((target.now ?? Date.now)() / 1000)
    return dpopProof(key, { htm: method, htu: `${target.url()}${path}`, iat })
  }
  return async function call(method: string, path: string, options: AuthCallOptions = {}) {
    const projectId = options.projectId === undefined ? DEMO_PROJECT_ID : options.projectId
    const query = projectId === null ? '' : `?${new URLSearchParams({ projectId })}`
    const proof = await proofFor(method, path, options)
    const response = await request(`${path}${query}`, {
      method,
      headers: {
        ...options.headers,
        Origin: options.origin ?? frameOrigin,
        ...(options.body !== undefined && { 'Content-Type': 'application/json' }),
        ...(options.token && { Authorization: `${options.scheme ?? 'DPoP'} ${options.token}` }),
        ...(proof && { DPoP: proof }),
      },
      ...(options.body !== undefined && {
        body: typeof options.body === 'string' ? options.body : JSON.stringify(options.body),
      }),
    })
    const text = await response.text()
    const body =
      text && response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text
    return { status: response.status, body, headers: response.headers }
  }
}
