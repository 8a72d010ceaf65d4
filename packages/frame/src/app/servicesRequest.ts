// One request of the frame's to the services' data side (the bundler gateway, the permission
// records, balances): the project's id on the URL, JSON in and out, no cookies, the frame's HTTP
// timeout. The auth API has its own client (api.ts).
import { HTTP_TIMEOUT_MS } from './config.ts'

export interface ServicesDeps {
  apiUrl: string
  projectId: string
  fetch: typeof fetch
}

/** `path` on the services with `projectId` and `query`; `body` makes it a POST */
export function servicesUrl(deps: ServicesDeps, path: string, query: Record<string, string> = {}) {
  const url = new URL(`${deps.apiUrl}${path}`)
  url.searchParams.set('projectId', deps.projectId)
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value)
  return url.toString()
}

/** The answer's status and JSON body (an empty object when it has none) */
export async function servicesRequest(
  deps: ServicesDeps,
  path: string,
  { query, body }: { query?: Record<string, string>; body?: unknown } = {},
): Promise<{ ok: boolean; status: number; body: Record<string, unknown> }> {
  const response = await deps.fetch(servicesUrl(deps, path, query), {
    method: body === undefined ? 'GET' : 'POST',
    ...(body !== undefined && {
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    }),
    credentials: 'omit',
    signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
  })
  const json: unknown = await response.json().catch(() => ({}))
  const answer = typeof json === 'object' && json !== null ? (json as Record<string, unknown>) : {}
  return { ok: response.ok, status: response.status, body: answer }
}
