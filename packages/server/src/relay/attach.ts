// Wires the relay to the server's HTTP listener: WebSocket upgrades on RELAY_PATH are checked
// (sockets per client address, projectId, auth JWT, the project and the page's origin), then
// handed to `ws` and the Relay; any other upgrade gets a 404.
import { type IncomingMessage, type Server, STATUS_CODES } from 'node:http'
import type { Duplex } from 'node:stream'
import type { Logger } from 'pino'
import { type RawData, WebSocketServer } from 'ws'
import {
  RELAY_JWT_CLOCK_SKEW_S,
  RELAY_JWT_MAX_LIFETIME_S,
  RELAY_MAX_FRAME_BYTES,
  RELAY_PATH,
  RELAY_REFUSAL_CLOSE_CODE,
} from '../constants/relay.ts'
import type { ProjectCheck } from '../db/projectCache.ts'
import type { ErrorBody } from '../errors/body.ts'
import { relayAuthFailed, relayRefusals, relayTooManyConnections } from '../errors/relay.ts'
import { internalError, projectIdMissing, routeNotFound } from '../errors.ts'
import { clientAddressResolver, type TrustedProxies } from '../net/clientAddress.ts'
import { audienceMatches, verifyRelayJwt } from './jwt.ts'
import { Relay, type RelayOptions } from './relay.ts'

export interface AttachRelayOptions extends Omit<RelayOptions, 'logger'> {
  logger: Logger
  /** The project a projectId names (cached by the caller); default: any id, any origin */
  projectAccess?: ProjectCheck
  /** The relay's public URL, when clients reach it through a proxy; their JWT `aud` may be it */
  publicUrl?: string
  /**
   * The proxies in front of the server, whose X-Forwarded-For entries are believed (the HTTP
   * routes' rule, net/clientAddress.ts); default none: the socket's peer is the client
   */
  trustedProxies?: TrustedProxies
}

export interface AttachedRelay {
  relay: Relay
  /** Stops accepting upgrades and terminates every socket; never waits on a client. */
  close(): Promise<void>
}

function trimPath(path: string): string {
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path
}

/** Answers an upgrade request with a plain HTTP error and closes the socket. */
function refuse(socket: Duplex, status: number, body: ErrorBody): void {
  if (socket.destroyed) return
  const text = JSON.stringify(body)
  socket.once('finish', () => socket.destroy())
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\n` +
      'Connection: close\r\n' +
      'Content-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(text)}\r\n\r\n${text}`,
  )
}

function frameText(data: RawData): string {
  if (Buffer.isBuffer(data)) return data.toString('utf8')
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8')
  return Buffer.from(new Uint8Array(data)).toString('utf8')
}

export function attachRelay(server: Server, options: AttachRelayOptions): AttachedRelay {
  const { logger, projectAccess, publicUrl, trustedProxies, ...relayOptions } = options
  const clientAddress = clientAddressResolver(trustedProxies)
  const relay = new Relay({ ...relayOptions, logger })
  const wss = new WebSocketServer({ noServer: true, maxPayload: RELAY_MAX_FRAME_BYTES })
  /** Upgrades still being checked, so close() can drop them */
  const checking = new Set<Duplex>()
  let closed = false

  /** Why the project refuses this connection (§8 provider texts), if it does. */
  async function projectRefusal(
    projectId: string,
    origin: string | undefined,
  ): Promise<string | undefined> {
    if (!projectAccess) return undefined
    const project = await projectAccess(projectId)
    if (!project) return relayRefusals.invalidKey
    // Wallets and servers send no Origin; a page's origin must be one the project allows.
    if (origin !== undefined && !project.allowedOrigins.includes(origin)) {
      return relayRefusals.originNotAllowed
    }
    return undefined
  }

  async function upgrade(
    request: IncomingMessage,
    socket: Duplex,
    head: Buffer,
    address: string,
  ): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://relay.invalid')
    if (trimPath(url.pathname) !== RELAY_PATH) return refuse(socket, 404, routeNotFound)
    // Counted from now until the socket closes, whatever becomes of it: checks cost too.
    if (!relay.budget.openConnection(address)) {
      relay.refusals.report('connections', { address })
      return refuse(
        socket,
        429,
        relayTooManyConnections(relay.budget.limits.maxConnectionsPerAddress),
      )
    }
    socket.once('close', () => relay.budget.closeConnection(address))
    const warn = (reason: string) =>
      logger.warn({ reason, remote: address }, 'relay connection refused')

    const projectId = url.searchParams.get('projectId')?.trim()
    if (!projectId) {
      warn('missing projectId')
      return refuse(socket, 401, projectIdMissing)
    }
    const verdict = verifyRelayJwt(url.searchParams.get('auth'), {
      nowSeconds: Math.floor((options.now ?? Date.now)() / 1000),
      clockSkewSeconds: RELAY_JWT_CLOCK_SKEW_S,
      maxLifetimeSeconds: RELAY_JWT_MAX_LIFETIME_S,
      audienceOk: (aud) =>
        audienceMatches(aud, { host: request.headers.host, path: url.pathname }, publicUrl),
    })
    if (!verdict.ok && verdict.reason !== 'not-yet-valid') {
      warn(`auth JWT: ${verdict.reason}`)
      return refuse(socket, 401, relayAuthFailed(verdict.reason))
    }
    /** Upgrades, then closes with the §8 text: a browser reads a close reason, not a body. */
    const closeRefused = (text: string) => {
      warn(text)
      if (closed || socket.destroyed) {
        socket.destroy()
        return
      }
      wss.handleUpgrade(request, socket, head, (ws) => ws.close(RELAY_REFUSAL_CLOSE_CODE, text))
    }
    if (!verdict.ok) return closeRefused(relayRefusals.notYetValid)
    const refusal = await projectRefusal(projectId, request.headers.origin)
    if (refusal !== undefined) return closeRefused(refusal)
    // An instance sharing a log takes clients once it has every message the others keep.
    await relay.started
    if (closed || socket.destroyed) {
      socket.destroy()
      return
    }
    const clientId = verdict.claims.iss
    wss.handleUpgrade(request, socket, head, (ws) => {
      const connection = relay.connect(ws, clientId, address)
      ws.on('message', (data) => relay.receive(connection, frameText(data)))
      ws.on('pong', () => relay.pong(connection))
      ws.on('close', () => relay.disconnect(connection))
      // 'close' follows; an oversized frame (RELAY_MAX_FRAME_BYTES) ends up here too.
      ws.on('error', (error) => logger.debug({ err: error, clientId }, 'relay socket error'))
    })
  }

  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    // A client that resets the connection mid-check must not crash the process.
    socket.on('error', (error) => logger.debug({ err: error }, 'relay upgrade socket error'))
    if (closed) {
      socket.destroy()
      return
    }
    checking.add(socket)
    const forwarded = request.headers['x-forwarded-for']
    const address = clientAddress(
      Array.isArray(forwarded) ? forwarded.join(',') : forwarded,
      request.socket.remoteAddress ?? 'unknown',
    )
    upgrade(request, socket, head, address)
      .catch((error: unknown) => {
        logger.error({ err: error }, 'relay upgrade failed')
        refuse(socket, 500, internalError)
      })
      .finally(() => checking.delete(socket))
  }
  server.on('upgrade', onUpgrade)

  return {
    relay,
    close() {
      closed = true
      server.off('upgrade', onUpgrade)
      for (const socket of checking) socket.destroy()
      return Promise.all([
        relay.close(),
        new Promise<void>((resolve) => wss.close(() => resolve())),
      ]).then(() => undefined)
    },
  }
}
