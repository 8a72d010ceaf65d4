import { takeCredentials } from './credentials.ts'
import { startPage } from './page.ts'
import type { Range } from './summaryApi.ts'
import './styles.css'

const apiUrl = import.meta.env.VITE_API_URL ?? 'http://127.0.0.1:8787'
const query = new URLSearchParams(window.location.search)
const range: Range = {}
for (const key of ['from', 'to', 'since'] as const) {
  const value = query.get(key)
  if (value) range[key] = value
}

void startPage({
  doc: document,
  apiUrl,
  storage: window.sessionStorage,
  credentials: takeCredentials(window, window.sessionStorage),
  range,
  onRange(next) {
    const search = new URLSearchParams(next as Record<string, string>)
    window.history.replaceState(null, '', `?${search}`)
  },
})
