import { createServer } from 'node:net'

/** Asks the OS for a currently unused TCP port on 127.0.0.1. */
export function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      if (address === null || typeof address === 'string') {
        server.close(() => reject(new Error('could not read the listening port')))
        return
      }
      server.close(() => resolve(address.port))
    })
  })
}

/** Holds a port open until the returned function is called. */
export function occupyPort(port: number): Promise<() => Promise<void>> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => {
      resolve(() => new Promise((done) => server.close(() => done())))
    })
  })
}
