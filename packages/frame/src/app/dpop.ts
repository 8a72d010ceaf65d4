// The frame's proof of possession (SECURITY.md "Proof of possession"; the server's side is
// packages/server/src/auth/dpop.ts): one ECDSA P-256 key pair per frame origin, made with
// `extractable: false` and kept in the origin's IndexedDB (a CryptoKey is stored as the object
// itself, never as key bytes), signs an RFC 9449 DPoP proof for every auth request. The session
// token is bound to it at sign-in, so the token alone, lifted from localStorage, opens nothing.
// Without IndexedDB (blocked storage, an old test environment) the pair lives in memory: proofs
// still work, and after a reload the stored session is refused and the visitor signs in again.
import type { Logger } from './logger.ts'

const DB_NAME = 'latchkey-frame'
const STORE = 'keys'
const KEY_ID = 'dpop'
const ALGORITHM = { name: 'ECDSA', namedCurve: 'P-256' } as const

export interface Prover {
  /** A DPoP proof for one request: `url` without its query (RFC 9449 §4.2 htu) */
  proof(method: string, url: string): Promise<string>
  /**
   * The server's time (ms) from a response's Date header: proofs take their iat from the
   * server's clock, so a visitor whose clock is minutes off still signs in
   */
  syncClock(serverNow: number): void
}

export interface ProverOptions {
  /** The origin's IndexedDB; null or undefined: the key pair is kept in memory only */
  indexedDB?: IDBFactory | null
  log?: Logger
  /** Clock (ms) for iat */
  now?: () => number
}

const base64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')
const encodeJson = (value: unknown) => base64url(new TextEncoder().encode(JSON.stringify(value)))

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result)
    req.onerror = () => reject(req.error)
  })
}

function openDatabase(factory: IDBFactory): Promise<IDBDatabase> {
  const opening = factory.open(DB_NAME, 1)
  opening.onupgradeneeded = () => opening.result.createObjectStore(STORE)
  return request(opening)
}

function isKeyPair(value: unknown): value is CryptoKeyPair {
  const pair = value as Partial<CryptoKeyPair> | undefined
  return pair?.privateKey?.type === 'private' && pair.publicKey?.type === 'public'
}

/**
 * The stored key pair, or `fresh` stored in its place. One readwrite transaction reads and
 * writes, so two frames of the origin starting at once end up with the same pair.
 */
async function storedKeyPair(factory: IDBFactory, fresh: CryptoKeyPair): Promise<CryptoKeyPair> {
  const db = await openDatabase(factory)
  try {
    const store = db.transaction(STORE, 'readwrite').objectStore(STORE)
    return await new Promise((resolve, reject) => {
      const read = store.get(KEY_ID)
      read.onerror = () => reject(read.error)
      read.onsuccess = () => {
        if (isKeyPair(read.result)) return resolve(read.result)
        const write = store.put(fresh, KEY_ID)
        write.onerror = () => reject(write.error)
        write.onsuccess = () => resolve(fresh)
      }
    })
  } finally {
    db.close()
  }
}

/** The frame's key pair: from IndexedDB, or made (non-extractable) and stored there. */
export async function frameKeyPair(options: ProverOptions = {}): Promise<CryptoKeyPair> {
  const fresh = await crypto.subtle.generateKey(ALGORITHM, false, ['sign', 'verify'])
  if (!options.indexedDB) return fresh
  try {
    return await storedKeyPair(options.indexedDB, fresh)
  } catch (error) {
    options.log?.warn('IndexedDB refused the proof-of-possession key; keeping it in memory', error)
    return fresh
  }
}

/** Signs DPoP proofs with the frame's key pair, loaded (or made) on first use. */
export function createProver(options: ProverOptions = {}): Prover {
  const now = options.now ?? Date.now
  let offset = 0
  let loading: Promise<{ keys: CryptoKeyPair; header: string }> | undefined
  async function load() {
    const keys = await frameKeyPair(options)
    const { kty, crv, x, y } = await crypto.subtle.exportKey('jwk', keys.publicKey)
    return { keys, header: encodeJson({ typ: 'dpop+jwt', alg: 'ES256', jwk: { kty, crv, x, y } }) }
  }
  return {
    async proof(method, url) {
      loading ??= load()
      const { keys, header } = await loading.catch((error: unknown) => {
        loading = undefined
        throw error
      })
      const payload = encodeJson({
        htm: method,
        htu: url,
        iat: Math.floor((now() + offset) / 1000),
        jti: crypto.randomUUID(),
      })
      const input = new TextEncoder().encode(`${header}.${payload}`)
      // WebCrypto's ECDSA signature is r || s, as JWS ES256 wants it (RFC 7518 §3.4)
      const signature = await crypto.subtle.sign(
        { name: 'ECDSA', hash: 'SHA-256' },
        keys.privateKey,
        input,
      )
      return `${header}.${payload}.${base64url(new Uint8Array(signature))}`
    },
    syncClock(serverNow) {
      // A Date header counts whole seconds: half a second is its middle
      if (Number.isFinite(serverNow)) offset = serverNow + 500 - now()
    },
  }
}
