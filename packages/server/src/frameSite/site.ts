// The built frame app (packages/frame's `vite build` output) served on its own origin with its
// headers: frame-ancestors from the project's allowed origins, read from the database for the
// projectId in the page's URL (README "Serving the frame").
import { readFile, realpath } from 'node:fs/promises'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { extname, join, sep } from 'node:path'
import { frameHeaders } from './headers.ts'

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.wasm': 'application/wasm',
  '.woff2': 'font/woff2',
  '.map': 'application/json',
}

export interface FrameSiteOptions {
  /** The frame build's folder (index.html, assets/) */
  dir: string
  port: number
  host: string
  /** The API's origin (connect-src) */
  apiOrigin: string
  /** A project's allowed origins; undefined for an unknown project (then nobody may frame it) */
  originsOf(projectId: string): Promise<readonly string[] | undefined>
  onError?(error: unknown): void
}

export interface FrameSite {
  url: string
  close(): Promise<void>
}

async function fileIn(dir: string, pathname: string): Promise<string | undefined> {
  const relative = pathname === '/' ? 'index.html' : decodeURIComponent(pathname.slice(1))
  try {
    const root = await realpath(dir)
    const file = await realpath(join(root, relative))
    return file.startsWith(root + sep) ? file : undefined
  } catch {
    return undefined
  }
}

export function startFrameSite(options: FrameSiteOptions): Promise<FrameSite> {
  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://frame.invalid')
    const projectId = url.searchParams.get('projectId') ?? ''
    const file =
      req.method === 'GET' || req.method === 'HEAD'
        ? await fileIn(options.dir, url.pathname)
        : undefined
    const document = file !== undefined && extname(file) === '.html'
    const ancestors = document && projectId ? ((await options.originsOf(projectId)) ?? []) : []
    const headers: Record<string, string> = {
      ...frameHeaders({ ancestors, apiOrigin: options.apiOrigin }),
      'Cache-Control': document ? 'no-store' : 'public, max-age=31536000, immutable',
    }
    if (file === undefined) {
      res.writeHead(req.method === 'GET' || req.method === 'HEAD' ? 404 : 405, {
        ...headers,
        'Content-Type': 'text/plain; charset=utf-8',
        'Cache-Control': 'no-store',
      })
      res.end('Not found')
      return
    }
    const body = await readFile(file)
    res.writeHead(200, {
      ...headers,
      'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
      'Content-Length': String(body.length),
    })
    res.end(req.method === 'HEAD' ? undefined : body)
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      options.onError?.(error)
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' })
      res.end('Internal error')
    })
  })
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port, options.host, () => {
      server.off('error', reject)
      const { port } = server.address() as AddressInfo
      const host = options.host.includes(':') ? `[${options.host}]` : options.host
      resolve({
        url: `http://${host}:${port}/`,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections()
            server.close(() => done())
          }),
      })
    })
  })
}
