// `npm start`'s frame site (the Vite dev server) sends the frame's real HTTP headers, as the
// server's frame site does in production (@latchkey/server frameHeaders): frame-ancestors from
// the project's allowed origins, asked of the API (GET /projects/v1/origins) and kept 10 s.
import { frameHeaders } from '@latchkey/server'
import type { Plugin } from 'vite'

export interface FrameHeadersPluginOptions {
  /** The API's base URL */
  apiUrl: string
  /** How long a project's origins are kept; 10 s by default */
  ttlMs?: number
}

export function frameHeadersPlugin({ apiUrl, ttlMs = 10_000 }: FrameHeadersPluginOptions): Plugin {
  const cache = new Map<string, { at: number; origins: Promise<string[]> }>()

  async function load(projectId: string): Promise<string[]> {
    try {
      const url = new URL('/projects/v1/origins', apiUrl)
      url.searchParams.set('projectId', projectId)
      const response = await fetch(url, { signal: AbortSignal.timeout(5_000) })
      if (!response.ok) return []
      const body = (await response.json()) as { allowedOrigins?: unknown }
      return Array.isArray(body.allowedOrigins) ? body.allowedOrigins.map(String) : []
    } catch {
      return []
    }
  }

  function originsOf(projectId: string): Promise<string[]> {
    const kept = cache.get(projectId)
    if (kept && Date.now() - kept.at < ttlMs) return kept.origins
    const origins = load(projectId)
    if (cache.size >= 100) cache.clear()
    cache.set(projectId, { at: Date.now(), origins })
    return origins
  }

  return {
    name: 'latchkey-frame-headers',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const url = new URL(req.url ?? '/', 'http://frame.invalid')
        const projectId = url.searchParams.get('projectId') ?? ''
        const document = url.pathname === '/' || url.pathname.endsWith('.html')
        const ancestors = document && projectId ? originsOf(projectId) : Promise.resolve([])
        ancestors.then((list) => {
          const headers = frameHeaders({ ancestors: list, apiOrigin: apiUrl, dev: true })
          for (const [name, value] of Object.entries(headers)) res.setHeader(name, value)
          next()
        }, next)
      })
    },
  }
}
