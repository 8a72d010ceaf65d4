import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

const page = (name: string) => fileURLToPath(new URL(name, import.meta.url))

export default defineConfig({
  plugins: [react()],
  server: { host: '127.0.0.1', port: Number(process.env.DEMO_PORT ?? 5173), strictPort: true },
  preview: { host: '127.0.0.1', port: Number(process.env.DEMO_PORT ?? 5173), strictPort: true },
  build: {
    target: 'es2022',
    // The demo, and the dev mailbox of the local stack's SMTP capture (mail.html).
    rollupOptions: { input: { main: page('index.html'), mail: page('mail.html') } },
  },
})
