// Proof of possession (SECURITY.md "Proof of possession") against the real server: a session is
// bound at sign-in to the key of the sign-in's DPoP proof, and its token alone, stolen from the
// frame, gets nothing from GET /auth/v1/wallet or any other session route.
import { describe, expect, it } from 'vitest'
import { AUTH_DPOP_PROOF_WINDOW_MS } from '../constants/auth.ts'
import { authNotConnected, authProofRequired } from '../errors/auth.ts'
import { availableDatabases } from '../testing/databases.ts'
import { type DpopKey, dpopProof, newDpopKey } from '../testing/dpop.ts'
import { newDeviceId, useEmailLoginServer } from '../testing/emailLogin.ts'
import { claimProof, verifyProof } from './dpop.ts'

const INVALID = /^The proof of possession is invalid: /
const upload = {
  address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  iv: Buffer.alloc(12, 1).toString('base64'),
  ciphertext: Buffer.alloc(48, 2).toString('base64'),
}

describe.each(availableDatabases())('proof of possession on $name', (database) => {
  const t = useEmailLoginServer(database)
  const url = (path: string) => `${t.service.server.url}${path}`
  const iat = (offsetMs = 0) => Math.floor((t.clock.now + offsetMs) / 1000)

  /** A new user signed in from the frame that holds `key`: the session's token */
  async function signedIn(key: DpopKey) {
    const { challengeId, otp } = await t.loginCode(t.newEmail('pop'), newDeviceId())
    const response = await t.call('POST', '/auth/v1/otp', {
      body: { challengeId, otp },
      dpopKey: key,
    })
    expect(response.status, JSON.stringify(response.body)).toBe(200)
    return (response.body as { token: string }).token
  }

  const wallet = (token: string, options: Parameters<typeof t.call>[2] = {}) =>
    t.call('GET', '/auth/v1/wallet', { token, ...options })

  it("gives the wallet to the token with a fresh proof by the session's key, once per proof", async () => {
    const key = await newDpopKey()
    const token = await signedIn(key)
    const first = await wallet(token, { dpopKey: key })
    expect(first.status, JSON.stringify(first.body)).toBe(200)
    expect(first.body).toMatchObject({ wrappingKey: expect.any(String), wallet: null })
    const put = await t.call('PUT', '/auth/v1/wallet', { token, dpopKey: key, body: upload })
    expect(put.status, JSON.stringify(put.body)).toBe(201)
    expect((await t.call('GET', '/auth/v1/session', { token, dpopKey: key })).status).toBe(200)

    const proof = await dpopProof(key, { htm: 'GET', htu: url('/auth/v1/wallet'), iat: iat() })
    expect((await wallet(token, { dpop: proof })).status).toBe(200)
    const replayed = await wallet(token, { dpop: proof })
    expect(replayed.status).toBe(401)
    expect(replayed.body.message).toMatch(INVALID)
    expect(replayed.headers.get('WWW-Authenticate')).toBe(
      'DPoP algs="ES256", error="invalid_dpop_proof"',
    )
  })

  it('a stolen token gets 401 from GET /auth/v1/wallet without a proof or as a Bearer token', async () => {
    const key = await newDpopKey()
    const token = await signedIn(key)
    const noProof = await wallet(token, { dpop: false })
    expect(noProof).toMatchObject({ status: 401, body: authProofRequired })
    const bearer = await wallet(token, { dpopKey: key, scheme: 'Bearer' })
    expect(bearer).toMatchObject({ status: 401, body: authProofRequired })
    // PUT and the other session routes alike
    for (const [method, path] of [
      ['PUT', '/auth/v1/wallet'],
      ['GET', '/auth/v1/session'],
      ['PATCH', '/auth/v1/user'],
    ] as const) {
      const body = { GET: undefined, PUT: upload, PATCH: { userName: 'thief' } }[method]
      const response = await t.call(method, path, { token, dpop: false, body })
      expect(response, `${method} ${path}`).toMatchObject({ status: 401, body: authProofRequired })
    }
  })

  it("a stolen token gets 401 with a proof by another key, even the thief's own bound one", async () => {
    const key = await newDpopKey()
    const token = await signedIn(key)
    const thief = await newDpopKey()
    await signedIn(thief)
    const response = await wallet(token, { dpopKey: thief })
    expect(response.status).toBe(401)
    expect(response.body.message).toMatch(INVALID)
    expect(response.body.message).toContain("session's key")
  })

  it('a proof for another URL, another method, or with a stale or future iat gets 401', async () => {
    const key = await newDpopKey()
    const token = await signedIn(key)
    const cases = {
      otherPath: { htm: 'GET', htu: url('/auth/v1/session'), iat: iat() },
      otherHost: { htm: 'GET', htu: 'https://evil.example/auth/v1/wallet', iat: iat() },
      otherMethod: { htm: 'PUT', htu: url('/auth/v1/wallet'), iat: iat() },
      stale: {
        htm: 'GET',
        htu: url('/auth/v1/wallet'),
        iat: iat(-AUTH_DPOP_PROOF_WINDOW_MS - 2000),
      },
      future: {
        htm: 'GET',
        htu: url('/auth/v1/wallet'),
        iat: iat(AUTH_DPOP_PROOF_WINDOW_MS + 2000),
      },
    }
    for (const [name, fields] of Object.entries(cases)) {
      const response = await wallet(token, { dpop: await dpopProof(key, fields) })
      expect(response.status, name).toBe(401)
      expect(response.body.message, name).toMatch(INVALID)
    }
    // The query and fragment are not part of htu; a proof within the window is taken
    const withQuery = {
      htm: 'GET',
      htu: `${url('/auth/v1/wallet')}?projectId=x#y`,
      iat: iat(-50_000),
    }
    expect((await wallet(token, { dpop: await dpopProof(key, withQuery) })).status).toBe(200)
  })

  it('a malformed DPoP header is a 401, never a 500', async () => {
    const key = await newDpopKey()
    const token = await signedIn(key)
    const fields = { htm: 'GET', htu: url('/auth/v1/wallet'), iat: iat() }
    const good = await dpopProof(key, fields)
    const [header = '', payload = '', signature = ''] = good.split('.')
    const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')
    const { d: _d, ...withoutD } = { d: '', ...key.publicJwk }
    const malformed = {
      notJwt: 'not a proof',
      twoParts: `${header}.${payload}`,
      badSignature: `${header}.${payload}.${signature.slice(0, -4)}AAAA`,
      otherPayload: `${header}.${b64({ ...fields, htm: 'PUT', jti: 'x' })}.${signature}`,
      noJwk: `${b64({ typ: 'dpop+jwt', alg: 'ES256' })}.${payload}.${signature}`,
      jwkNotObject: `${b64({ typ: 'dpop+jwt', alg: 'ES256', jwk: 'k' })}.${payload}.${signature}`,
      jwkOffCurve: `${b64({ typ: 'dpop+jwt', alg: 'ES256', jwk: { ...withoutD, x: 'AAAA' } })}.${payload}.${signature}`,
      hmac: `${b64({ typ: 'dpop+jwt', alg: 'HS256', jwk: { kty: 'oct', k: 'AAAA' } })}.${payload}.${signature}`,
      none: `${b64({ typ: 'dpop+jwt', alg: 'none', jwk: key.publicJwk })}.${payload}.`,
      wrongTyp: await dpopProof(key, { ...fields, header: { typ: 'JWT' } }),
      noJti: `${header}.${b64({ htm: 'GET', htu: fields.htu, iat: fields.iat })}.${signature}`,
      huge: `${header}.${'A'.repeat(10_000)}.${signature}`,
      notAscii: 'é.é.é',
    }
    for (const [name, proof] of Object.entries(malformed)) {
      const response = await wallet(token, { dpop: proof })
      expect(response.status, name).toBe(401)
      expect(response.body.message, name).toMatch(INVALID)
    }
    const signIn = await t.call('POST', '/auth/v1/otp', {
      body: { challengeId: crypto.randomUUID(), otp: '123456' },
      dpop: 'x.y.z',
    })
    expect(signIn.status).toBe(401)
  })

  it("a sign-in without a proof is refused before it uses the code, and one with a proof binds the session to the proof's key", async () => {
    const { challengeId, otp } = await t.loginCode(t.newEmail('unbound'), newDeviceId())
    const refused = await t.call('POST', '/auth/v1/otp', {
      body: { challengeId, otp },
      dpop: false,
    })
    expect(refused).toMatchObject({ status: 401, body: authProofRequired })
    const key = await newDpopKey()
    const signIn = await t.call('POST', '/auth/v1/otp', {
      body: { challengeId, otp },
      dpopKey: key,
    })
    expect(signIn.status, JSON.stringify(signIn.body)).toBe(200)
    const { token } = signIn.body as { token: string }
    expect((await wallet(token, { dpopKey: key })).status).toBe(200)
  })

  it('a session from before proofs of possession (no jkt) is refused: the frame signs in again', async () => {
    const key = await newDpopKey()
    const token = await signedIn(key)
    await t.service.server.db.updateTable('auth_sessions').set({ jkt: null }).execute()
    expect(await wallet(token, { dpopKey: key })).toMatchObject({
      status: 401,
      body: authNotConnected,
    })
    expect(await wallet(token, { dpop: false, scheme: 'Bearer' })).toMatchObject({
      status: 401,
      body: authNotConnected,
    })
  })

  it('remembers used proofs in the database until they are out of the window, then sweeps them', async () => {
    const db = t.service.server.db
    const key = await newDpopKey()
    const token = await signedIn(key)
    const proof = await dpopProof(key, { htm: 'GET', htu: url('/auth/v1/wallet'), iat: iat() })
    expect((await wallet(token, { dpop: proof })).status).toBe(200)
    // What another instance on the same database sees: the proof is taken
    const request = { method: 'GET', url: url('/auth/v1/wallet') }
    const verdict = await verifyProof(proof, request, t.clock.now)
    if (!verdict.ok) throw new Error(verdict.reason)
    expect(await claimProof(db, verdict, t.clock.now)).toBe(false)
    const later = t.clock.now + AUTH_DPOP_PROOF_WINDOW_MS + 1000
    expect(await verifyProof(proof, request, later)).toMatchObject({ ok: false })
    await claimProof(db, { jkt: 'sweep', jti: 'sweep', iat: later / 1000 }, later)
    const left = await db
      .selectFrom('auth_dpop_proofs')
      .select('expires_at')
      .where('expires_at', '<', new Date(later))
      .execute()
    expect(left).toEqual([])
  })
})
