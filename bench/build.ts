// Production builds of the benchmarked apps with Vite's JS API, and `vite preview` servers.
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { build, defaultClientConditions, preview } from 'vite'

export interface BenchApp {
  name: string
  root: string
  /** The app's own Vite config (it brings its plugins); without one the bench adds React's. */
  configFile?: string
}

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url))

export const APPS: BenchApp[] = [
  { name: 'react-baseline', root: here('./apps/react-baseline') },
  { name: 'minimal-lazy', root: here('./apps/minimal-lazy') },
  { name: 'minimal-eager', root: here('./apps/minimal-eager') },
  { name: 'minimal-walletconnect', root: here('./apps/minimal-walletconnect') },
  {
    name: 'demo',
    root: here('../apps/demo'),
    configFile: here('../apps/demo/vite.config.ts'),
  },
]

export const RESULTS_DIR = here('./results')

export async function buildApp(app: BenchApp, outDir: string): Promise<void> {
  await build({
    root: app.root,
    configFile: app.configFile ?? false,
    logLevel: 'silent',
    build: { outDir, emptyOutDir: true },
    plugins: app.configFile ? [] : [react()],
    resolve: { conditions: ['@latchkey/source', ...defaultClientConditions] },
  })
}

export interface Served {
  url: string
  close(): Promise<void>
}

/** Serves a build with `vite preview` on 127.0.0.1, on `port` or else a free one. */
export async function serveBuild(root: string, outDir: string, port = 0): Promise<Served> {
  const server = await preview({
    root,
    configFile: false,
    logLevel: 'silent',
    build: { outDir },
    preview: { host: '127.0.0.1', port, strictPort: true, open: false },
  })
  const address = server.httpServer.address() as AddressInfo | string | null
  if (address === null || typeof address === 'string') {
    await server.close()
    throw new Error(`vite preview did not listen on a TCP port: ${address}`)
  }
  return { url: `http://127.0.0.1:${address.port}/`, close: () => server.close() }
}
