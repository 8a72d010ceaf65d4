import type { Server } from 'node:http'
import { SHUTDOWN_GRACE_MS } from '../constants.ts'

/** How often idle keep-alive sockets are closed while requests under way finish */
const IDLE_SWEEP_MS = 50

/**
 * Stops taking connections, lets the requests under way finish, closes each keep-alive socket as
 * soon as it is idle, and cuts whatever is still open after `graceMs`.
 */
export function closeServer(server: Server, graceMs = SHUTDOWN_GRACE_MS): Promise<void> {
  return new Promise((resolveClosed) => {
    const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS)
    const cut = setTimeout(() => server.closeAllConnections(), graceMs)
    server.close(() => {
      clearInterval(sweep)
      clearTimeout(cut)
      resolveClosed()
    })
    server.closeIdleConnections()
  })
}
