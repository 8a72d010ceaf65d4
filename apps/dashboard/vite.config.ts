import { defaultClientConditions, defineConfig } from 'vite'

const port = Number(process.env.DASHBOARD_PORT ?? 5175)

export default defineConfig({
  // The workspace's packages from their TypeScript sources (docs/packages.md).
  resolve: { conditions: ['@latchkey/source', ...defaultClientConditions] },
  server: { host: '127.0.0.1', port, strictPort: true },
  preview: { host: '127.0.0.1', port, strictPort: true },
  build: { target: 'es2022' },
})
