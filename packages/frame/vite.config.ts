// The embedded wallet's frame site (DESIGN "Local stack and ports": its own origin, port
// FRAME_PORT or 5174 on 127.0.0.1). VITE_API_URL (the auth API) is read at build time from the
// environment or a .env file in this folder.
import { fileURLToPath } from 'node:url'
import { defineConfig, type Plugin } from 'vite'

const root = fileURLToPath(new URL('.', import.meta.url))

function portFromEnv(): number {
  const port = Number(process.env.FRAME_PORT)
  return Number.isInteger(port) && port > 0 && port < 65_536 ? port : 5174
}

/**
 * The page's Content-Security-Policy is strict for the build; the dev server injects its
 * client's styles inline and talks to it over a WebSocket, so development relaxes those two.
 */
function devCsp(): Plugin {
  return {
    name: 'latchkey-frame-dev-csp',
    apply: 'serve',
    transformIndexHtml: (html) =>
      html
        .replace("style-src 'self'", "style-src 'self' 'unsafe-inline'")
        .replace("connect-src 'self' http: https:", "connect-src 'self' http: https: ws:"),
  }
}

const port = portFromEnv()

export default defineConfig({
  root,
  envDir: root,
  plugins: [devCsp()],
  server: { host: '127.0.0.1', port, strictPort: true },
  preview: { host: '127.0.0.1', port, strictPort: true },
  build: { target: 'es2022', outDir: 'dist-site', emptyOutDir: true },
})
