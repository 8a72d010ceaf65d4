import { DEMO_PROJECT_ID } from '../constants.ts'

export interface AuthCallOptions {
  body?: unknown
  token?: string
  origin?: string
  /** null sends no projectId */
  projectId?: string | null
  /** More request headers (a browser's User-Agent) */
  headers?: Record<string, string>
}

/**
 * Tests' client of the auth routes, as the frame calls them: JSON in and out, the frame's
 * Origin, the session as a bearer token.
 */
export function authCaller(
  request: (path: string, init?: RequestInit) => Promise<Response>,
  frameOrigin: string,
) {
  return async function call(method: string, path: string, options: AuthCallOptions = {}) {
    const projectId = options.projectId === undefined ? DEMO_PROJECT_ID : options.projectId
    const query = projectId === null ? '' : `?${new URLSearchParams({ projectId })}`
    const response = await request(`${path}${query}`, {
      method,
      headers: {
        ...options.headers,
        Origin: options.origin ?? frameOrigin,
        ...(options.body !== undefined && { 'Content-Type': 'application/json' }),
        ...(options.token && { Authorization: `Bearer ${options.token}` }),
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
