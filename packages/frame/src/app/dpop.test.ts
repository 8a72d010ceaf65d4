// The frame's DPoP key pair and proofs (SECURITY.md "Proof of possession"), in fake-indexeddb's
// real in-memory IndexedDB, checked by the server's own verifier.

import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { IDBFactory } from 'fake-indexeddb'
import { calculateJwkThumbprint, decodeProtectedHeader, type JWK } from 'jose'
import { describe, expect, it } from 'vitest'
import { verifyProof } from '../../../server/src/auth/dpop.ts'
import { createApi } from './api.ts'
import { createProver, frameKeyPair } from './dpop.ts'
import { createLogger } from './logger.ts'

const URL_OF = 'https://api.example/auth/v1/wallet'
const jwkOf = (proof: string) => decodeProtectedHeader(proof).jwk as JWK

/** The pair as the frame stored it, read straight from the origin's IndexedDB */
async function storedPair(factory: IDBFactory): Promise<CryptoKeyPair> {
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const open = factory.open('latchkey-frame')
    open.onsuccess = () => resolve(open.result)
    open.onerror = () => reject(open.error)
  })
  const read = db.transaction('keys').objectStore('keys').get('dpop')
  const pair = await new Promise<CryptoKeyPair>((resolve, reject) => {
    read.onsuccess = () => resolve(read.result)
    read.onerror = () => reject(read.error)
  })
  db.close()
  return pair
}

describe('the frame key pair', () => {
  it('is made once per origin, kept in IndexedDB as a non-extractable key (exportKey throws)', async () => {
    const origin = new IDBFactory()
    const first = await createProver({ indexedDB: origin }).proof('GET', URL_OF)
    const pair = await storedPair(origin)
    expect(pair.privateKey).toBeInstanceOf(CryptoKey)
    expect(pair.privateKey.extractable).toBe(false)
    expect(pair.privateKey.algorithm).toMatchObject({ name: 'ECDSA', namedCurve: 'P-256' })
    await expect(crypto.subtle.exportKey('jwk', pair.privateKey)).rejects.toThrow()
    await expect(crypto.subtle.exportKey('pkcs8', pair.privateKey)).rejects.toThrow()

    // A reload of the frame signs with the same key; another origin has its own
    const reloaded = await createProver({ indexedDB: origin }).proof('GET', URL_OF)
    expect(jwkOf(reloaded)).toEqual(jwkOf(first))
    const elsewhere = await createProver({ indexedDB: new IDBFactory() }).proof('GET', URL_OF)
    expect(jwkOf(elsewhere)).not.toEqual(jwkOf(first))
    // The header names the public key only
    expect(Object.keys(jwkOf(first)).sort()).toEqual(['crv', 'kty', 'x', 'y'])
  })

  it('two frames of the origin starting at once end up with one key pair', async () => {
    const origin = new IDBFactory()
    const pairs = await Promise.all([1, 2, 3].map(() => frameKeyPair({ indexedDB: origin })))
    const jwks = await Promise.all(pairs.map((p) => crypto.subtle.exportKey('jwk', p.publicKey)))
    expect(new Set(jwks.map((jwk) => jwk.x)).size).toBe(1)
  })

  it('without IndexedDB, or when it fails, is kept in memory for the frame document', async () => {
    const prover = createProver({ indexedDB: null })
    expect(jwkOf(await prover.proof('GET', URL_OF))).toEqual(
      jwkOf(await prover.proof('GET', URL_OF)),
    )
    const broken = {
      open() {
        throw new DOMException('blocked', 'SecurityError')
      },
    } as unknown as IDBFactory
    const log = createLogger({ mirror: false })
    const proof = await createProver({ indexedDB: broken, log }).proof('GET', URL_OF)
    expect(await verifyProof(proof, { method: 'GET', url: URL_OF }, Date.now())).toMatchObject({
      ok: true,
    })
  })
})

describe('the frame proofs', () => {
  it("are RFC 9449 DPoP proofs the server's verifier takes, each with its own jti", async () => {
    const now = Date.parse('2030-01-01T00:00:00Z')
    const prover = createProver({ indexedDB: new IDBFactory(), now: () => now })
    const proof = await prover.proof('PUT', URL_OF)
    expect(decodeProtectedHeader(proof)).toMatchObject({ typ: 'dpop+jwt', alg: 'ES256' })
    const verdict = await verifyProof(proof, { method: 'PUT', url: URL_OF }, now)
    expect(verdict).toEqual({
      ok: true,
      jkt: await calculateJwkThumbprint(jwkOf(proof)),
      iat: now / 1000,
      jti: expect.any(String),
    })
    const other = await verifyProof(
      await prover.proof('PUT', URL_OF),
      { method: 'PUT', url: URL_OF },
      now,
    )
    expect(other.ok && verdict.ok && other.jti !== verdict.jti).toBe(true)
    expect(await verifyProof(proof, { method: 'GET', url: URL_OF }, now)).toMatchObject({
      ok: false,
    })
  })

  it("take their iat from the server's Date header, so a clock ten minutes slow still signs in", async () => {
    const slow = () => Date.now() - 10 * 60_000
    const prover = createProver({ indexedDB: null, now: slow })
    const url = 'http://127.0.0.1/auth/v1/wallet'
    const before = await verifyProof(
      await prover.proof('GET', url),
      { method: 'GET', url },
      Date.now(),
    )
    expect(before).toMatchObject({ ok: false })

    // Any answer of the API carries the server's Date (Node's HTTP server sends it)
    const server = createServer((_, res) =>
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"allowedOrigins":[]}'),
    )
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    try {
      const { port } = server.address() as AddressInfo
      const api = createApi({
        baseUrl: `http://127.0.0.1:${port}`,
        projectId: 'p',
        fetch: globalThis.fetch,
        prover,
      })
      await api.origins()
    } finally {
      server.close()
    }
    const after = await verifyProof(
      await prover.proof('GET', url),
      { method: 'GET', url },
      Date.now(),
    )
    expect(after).toMatchObject({ ok: true })
  })
})
