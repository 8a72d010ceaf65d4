import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defaultClientConditions, defineConfig } from 'vite'

const page = (name: string) => fileURLToPath(new URL(name, import.meta.url))

export default defineConfig({
  plugins: [react()],
  // The workspace's packages from their TypeScript sources (docs/packages.md).
  resolve: { conditions: ['@latchkey/source', ...defaultClientConditions] },
  server: { host: '127.0.0.1', port: Number(process.env.DEMO_PORT ?? 5173), strictPort: true },
  preview: { host: '127.0.0.1', port: Number(process.env.DEMO_PORT ?? 5173), strictPort: true },
  build: {
    target: 'es2022',
    // The demo, and the dev mailbox of the local stack's SMTP capture (mail.html).
    rollupOptions: { input: { main: page('index.html'), mail: page('mail.html') } },
  },
})
