import { type AddressInfo, createServer, type Server } from 'node:net'

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

/** Starts `server` on host:port (0 picks a free port); answers the port it listens on. */
export function listenOn(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      reject(error.code === 'EADDRINUSE' ? new Error(`port ${port} is already in use`) : error)
    })
    server.listen({ port, host, exclusive: true }, () => {
      resolve((server.address() as AddressInfo).port)
    })
  })
}
