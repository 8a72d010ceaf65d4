// The local stand-in for Farcaster's auth relay (relay.farcaster.xyz): the app opens a channel and
// polls its status, the Farcaster app authenticates it with the signed message. The routes, codes
// and bodies are the ones @farcaster/auth-client speaks. Unlike the real relay, a channel is
// authenticated once: a second authenticate answers 409.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { listenOn } from '../free-port.ts'
import { type ChannelStore, createChannelStore } from './channels.ts'
import { type Parsed, parseAuthentication, parseCreateChannel } from './relayBodies.ts'

/** The relay's port unless FARCASTER_RELAY_PORT says otherwise (the OpenID provider has 8790) */
export const DEFAULT_FARCASTER_RELAY_PORT = 8791
/** The key the Farcaster app sends (X-Farcaster-Auth-Relay-Key); public, local only */
export const LOCAL_FARCASTER_RELAY_KEY = 'latchkey-local-farcaster-relay-key'
export const DEFAULT_FARCASTER_CHANNEL_TTL_MS = 5 * 60_000
const MAX_BODY_BYTES = 64 * 1024

export interface StartFarcasterRelayOptions {
  /** Default FARCASTER_RELAY_PORT or 8791; 0 picks a free port */
  port?: number
  /** Default LOCAL_FARCASTER_RELAY_KEY */
  authKey?: string
  /** How long a channel lives after its last change; default 5 minutes */
  channelTtlMs?: number
  /** The relay's clock, in milliseconds since the epoch; default Date.now */
  now?: () => number
}

export interface FarcasterRelay {
  /** http://127.0.0.1:<port>: auth-client's `relay` option */
  url: string
  port: number
  authKey: string
  stop(): Promise<void>
}

/** FARCASTER_RELAY_PORT when set, else 8791. */
export function defaultFarcasterRelayPort(): number {
  const raw = process.env.FARCASTER_RELAY_PORT
  if (raw === undefined || raw === '') return DEFAULT_FARCASTER_RELAY_PORT
  const port = Number(raw)
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    throw new Error(`FARCASTER_RELAY_PORT must be a TCP port number, got "${raw}"`)
  }
  return port
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
  }
}

function send(res: ServerResponse, status: number, body?: unknown): void {
  res.statusCode = status
  if (body === undefined) {
    res.end()
    return
  }
  res.setHeader('content-type', 'application/json')
  res.end(JSON.stringify(body))
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > MAX_BODY_BYTES) throw new HttpError(413, 'Payload too large')
    chunks.push(chunk)
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'))
  } catch {
    throw new HttpError(400, 'the body is not JSON')
  }
}

async function readBody<T>(req: IncomingMessage, parse: (body: unknown) => Parsed<T>): Promise<T> {
  const parsed = parse(await readJson(req))
  if ('error' in parsed) throw new HttpError(400, parsed.error)
  return parsed.value
}

function bearerToken(req: IncomingMessage): string | undefined {
  return /^Bearer (\S+)$/i.exec(req.headers.authorization ?? '')?.[1]
}

function relayRoutes(store: ChannelStore, authKey: string) {
  const unauthorized = () => new HttpError(401, 'Unauthorized')

  function channelOf(req: IncomingMessage) {
    const channelToken = bearerToken(req)
    const status = channelToken === undefined ? undefined : store.read(channelToken)
    if (channelToken === undefined || status === undefined) throw unauthorized()
    return { channelToken, status }
  }

  return {
    async 'POST /v1/channel'(req: IncomingMessage, res: ServerResponse) {
      const request = await readBody(req, parseCreateChannel)
      const metadata = {
        ip: req.socket.remoteAddress ?? '',
        userAgent: req.headers['user-agent'] ?? 'Unknown',
      }
      send(res, 201, store.open(request, metadata))
    },

    async 'GET /v1/channel/status'(req: IncomingMessage, res: ServerResponse) {
      const { channelToken, status } = channelOf(req)
      if (status.state === 'pending') {
        send(res, 202, status)
        return
      }
      // As the real relay does: the app reads the completed channel once, then it is gone.
      store.close(channelToken)
      send(res, 200, status)
    },

    async 'POST /v1/channel/authenticate'(req: IncomingMessage, res: ServerResponse) {
      if (req.headers['x-farcaster-auth-relay-key'] !== authKey) throw unauthorized()
      const { channelToken, status } = channelOf(req)
      const authentication = await readBody(req, parseAuthentication)
      if (status.state === 'completed') throw new HttpError(409, 'Channel already authenticated')
      send(res, 201, store.complete(channelToken, authentication))
    },
  }
}

function allowAnyOrigin(res: ServerResponse): void {
  res.setHeader('access-control-allow-origin', '*')
  res.setHeader('access-control-allow-methods', 'GET, POST, OPTIONS')
  res.setHeader(
    'access-control-allow-headers',
    'authorization, content-type, x-farcaster-auth-relay-key',
  )
}

export async function startFarcasterRelay(
  options: StartFarcasterRelayOptions = {},
): Promise<FarcasterRelay> {
  const requestedPort = options.port ?? defaultFarcasterRelayPort()
  const authKey = options.authKey ?? LOCAL_FARCASTER_RELAY_KEY
  const store = createChannelStore(
    options.channelTtlMs ?? DEFAULT_FARCASTER_CHANNEL_TTL_MS,
    options.now ?? Date.now,
  )
  const routes: Record<string, (req: IncomingMessage, res: ServerResponse) => Promise<void>> =
    relayRoutes(store, authKey)

  const server = createServer(async (req, res) => {
    allowAnyOrigin(res)
    if (req.method === 'OPTIONS') {
      send(res, 204)
      return
    }
    const { pathname } = new URL(req.url ?? '/', 'http://relay')
    const route = routes[`${req.method} ${pathname}`]
    try {
      if (!route) throw new HttpError(404, 'Not found')
      await route(req, res)
    } catch (error) {
      if (error instanceof HttpError) send(res, error.status, { error: error.message })
      else send(res, 500, { error: error instanceof Error ? error.message : String(error) })
    }
  })

  const host = '127.0.0.1'
  const port = await listenOn(server, requestedPort, host)

  return {
    url: `http://${host}:${port}`,
    port,
    authKey,
    stop: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()))
        server.closeAllConnections()
      }),
  }
}
