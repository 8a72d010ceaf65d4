// A bare relay client over `ws`, for the relay's tests and benchmark: its own Ed25519 identity
// and relay-auth JWT (signed with node:crypto, the format of @walletconnect/relay-auth),
// promise-based requests, and irn_subscription handling like WalletConnect's: each message is
// acknowledged at once; a message that arrives after close() was called is dropped, as a
// browser's WebSocket does.
import { generateKeyPairSync, type KeyObject, sign } from 'node:crypto'
import WebSocket from 'ws'
import { encodeDidKey } from './jwt.ts'

export interface RelayIdentity {
  /** did:key, the JWT's `iss` */
  did: string
  privateKey: KeyObject
}

export function createRelayIdentity(): RelayIdentity {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519')
  const x = publicKey.export({ format: 'jwk' }).x
  if (!x) throw new Error('no Ed25519 public key')
  return { did: encodeDidKey(Buffer.from(x, 'base64url')), privateKey }
}

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')

/** A relay-auth JWT: { alg: 'EdDSA', typ: 'JWT' }.{ iss, sub, aud, iat, exp }, Ed25519-signed. */
export function signRelayJwt(
  identity: RelayIdentity,
  aud: string,
  { ttlSeconds = 86_400, iat = Math.floor(Date.now() / 1000) } = {},
): string {
  const header = base64url({ alg: 'EdDSA', typ: 'JWT' })
  const payload = base64url({ iss: identity.did, sub: 'test', aud, iat, exp: iat + ttlSeconds })
  const signature = sign(null, Buffer.from(`${header}.${payload}`), identity.privateKey)
  return `${header}.${payload}.${signature.toString('base64url')}`
}

/** The connect URL a WalletConnect client builds: relayUrl?auth=…&ua=…&projectId=… */
export function relayConnectUrl(relayUrl: string, auth: string | undefined, projectId?: string) {
  const url = new URL(relayUrl)
  if (auth !== undefined) url.searchParams.set('auth', auth)
  url.searchParams.set('ua', 'wc-2/js-2.25.0/latchkey-test')
  if (projectId !== undefined) url.searchParams.set('projectId', projectId)
  return url.toString()
}

export interface SubscriptionData {
  topic: string
  message: string
  publishedAt: number
  tag: number
  attestation?: string
}

export interface JsonRpcFrame {
  id?: unknown
  jsonrpc?: string
  method?: string
  params?: unknown
  result?: unknown
  error?: { code: number; message: string }
}

export class RelayRequestError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message)
  }
}

export interface RelayTestClientOptions {
  relayUrl: string
  projectId: string
  identity?: RelayIdentity
  /** Default: relayUrl */
  aud?: string
  /** Each message, with the subscription id it came under */
  onMessage?(data: SubscriptionData, subscriptionId: string): void
  /** Acknowledge messages (default true) */
  ack?: boolean
  /** Keep every frame received in `frames` (default true) */
  keepFrames?: boolean
  /** Upgrade request headers (X-Forwarded-For, as a proxy would add) */
  headers?: Record<string, string>
}

/** Resolves once `socket` is open; rejects with the HTTP status when the upgrade is refused. */
function opened(socket: WebSocket): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    socket.once('open', () => {
      socket.off('error', reject)
      resolve(socket)
    })
    socket.once('unexpected-response', (_request, response) => {
      let body = ''
      response.on('data', (chunk: Buffer) => {
        body += chunk.toString()
      })
      response.on('end', () => {
        const error = new Error(`upgrade refused: ${response.statusCode} ${body}`)
        reject(Object.assign(error, { status: response.statusCode, body }))
        socket.terminate()
      })
    })
    socket.once('error', reject)
  })
}

export class RelayTestClient {
  readonly identity: RelayIdentity
  readonly socket: WebSocket
  /** Every frame received (unless keepFrames is false) */
  readonly frames: JsonRpcFrame[] = []
  /** Pings received from the relay */
  pings = 0
  /** Frames that arrived after close() was called, and were dropped */
  dropped = 0
  readonly #pending = new Map<string, { resolve(v: unknown): void; reject(e: Error): void }>()
  readonly #waiters = new Set<() => void>()
  #nextId = 1

  private constructor(socket: WebSocket, identity: RelayIdentity, options: RelayTestClientOptions) {
    this.socket = socket
    this.identity = identity
    const ack = options.ack ?? true
    const keep = options.keepFrames ?? true
    socket.on('ping', () => {
      this.pings++
      this.#notify()
    })
    socket.on('message', (data) => {
      // A browser drops what arrives once close() was called; so do we (no ack: it comes again).
      if (socket.readyState !== WebSocket.OPEN) {
        this.dropped++
        return
      }
      let frame: JsonRpcFrame
      try {
        frame = JSON.parse(data.toString()) as JsonRpcFrame
      } catch {
        return
      }
      if (keep) this.frames.push(frame)
      if (frame.method === 'irn_subscription') {
        const params = frame.params as { id: string; data: SubscriptionData }
        if (ack) socket.send(JSON.stringify({ id: frame.id, jsonrpc: '2.0', result: true }))
        options.onMessage?.(params.data, params.id)
      } else if (frame.id !== undefined && frame.id !== null) {
        const waiting = this.#pending.get(String(frame.id))
        this.#pending.delete(String(frame.id))
        if (frame.error)
          waiting?.reject(new RelayRequestError(frame.error.code, frame.error.message))
        else waiting?.resolve(frame.result)
      }
      this.#notify()
    })
    socket.on('close', () => {
      for (const waiting of this.#pending.values()) waiting.reject(new Error('socket closed'))
      this.#pending.clear()
      this.#notify()
    })
  }

  static async connect(options: RelayTestClientOptions): Promise<RelayTestClient> {
    const identity = options.identity ?? createRelayIdentity()
    const auth = signRelayJwt(identity, options.aud ?? options.relayUrl)
    // Listeners first: the relay pushes waiting messages right after the handshake.
    const socket = new WebSocket(relayConnectUrl(options.relayUrl, auth, options.projectId), {
      headers: options.headers ?? {},
    })
    const client = new RelayTestClient(socket, identity, options)
    await opened(socket)
    return client
  }

  /** Opens a socket to `url` as is (for refusals). */
  static open(url: string, headers: Record<string, string> = {}): Promise<WebSocket> {
    return opened(new WebSocket(url, { headers }))
  }

  request<T = unknown>(method: string, params: unknown): Promise<T> {
    const id = this.#nextId++
    return new Promise<T>((resolve, reject) => {
      this.#pending.set(String(id), { resolve: resolve as (v: unknown) => void, reject })
      this.socket.send(JSON.stringify({ id, jsonrpc: '2.0', method, params }), (error) => {
        if (error) {
          this.#pending.delete(String(id))
          reject(error)
        }
      })
    })
  }

  sendRaw(text: string | Buffer): void {
    this.socket.send(text)
  }

  /** Resolves once `predicate` holds (checked after every frame and ping). */
  waitFor(predicate: () => boolean, timeoutMs = 5_000, what = 'condition'): Promise<void> {
    if (predicate()) return Promise.resolve()
    return new Promise((resolve, reject) => {
      const check = () => {
        if (!predicate()) return
        clearTimeout(timer)
        this.#waiters.delete(check)
        resolve()
      }
      const timer = setTimeout(() => {
        this.#waiters.delete(check)
        reject(new Error(`timed out waiting for ${what}`))
      }, timeoutMs)
      this.#waiters.add(check)
    })
  }

  /** The first frame received after `from` (an index into frames) that matches. */
  async nextFrame(
    match: (frame: JsonRpcFrame) => boolean,
    from = 0,
    timeoutMs = 5_000,
  ): Promise<JsonRpcFrame> {
    const find = () => this.frames.slice(from).find(match)
    await this.waitFor(() => find() !== undefined, timeoutMs, 'a frame')
    return find() as JsonRpcFrame
  }

  /** Graceful close: resolves once the socket is closed. */
  close(): Promise<void> {
    if (this.socket.readyState === WebSocket.CLOSED) return Promise.resolve()
    return new Promise((resolve) => {
      this.socket.once('close', () => resolve())
      this.socket.close()
    })
  }

  #notify(): void {
    for (const waiter of [...this.#waiters]) waiter()
  }
}
