import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

// Two pages: the React app (index.html) and the framework-free one (vanilla.html).
export default defineConfig({
  plugins: [react()],
  build: { rollupOptions: { input: ['index.html', 'vanilla.html'] } },
})
