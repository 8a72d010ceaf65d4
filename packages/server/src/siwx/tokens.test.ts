// SIWX access tokens (issue 18 #10): listing, revoking and email capture need the account's
// access JWT; refresh tokens rotate; the JWKS lets an app's backend verify offline. Against the
// real server on every available database (EOAs on a chain without a node: ECDSA recovery).
import { type SIWXMessageData, serializeSiwxMessage } from '@latchkey/core/shared'
import { createLocalJWKSet, createRemoteJWKSet, decodeProtectedHeader, jwtVerify } from 'jose'
import type { Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_PROJECT_ID, SIWX_ACCESS_TOKEN_TTL_MS } from '../constants.ts'
import { invalidParameter } from '../errors/body.ts'
import {
  siwxRefreshInvalid,
  siwxRefreshReused,
  siwxTokenExpired,
  siwxTokenInvalid,
  siwxTokenMissing,
  siwxTokenOtherAccount,
  siwxTokenOtherProject,
} from '../errors/siwx.ts'
import { addressReason } from '../routes/chainParams.ts'
import { availableDatabases, startTestServer, type TestServer } from '../testing/databases.ts'
import { rotateSigningKey } from './signingKeys.ts'

const ALICE = privateKeyToAccount(
  '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
)
const BOB = privateKeyToAccount(
  '0x59c6995e5b01ac7e3f1f8da5a66b0bdaa7fde9bbd5eda6db5a2c4a6e7b5c2f6d' as Hex,
)
const ORIGIN = 'http://localhost:5173'
const CHAIN = 'eip155:1'
const PROJECT_Q = 'projectq0000000000000000000000000'

interface Tokens {
  accessToken: string
  tokenType: string
  accessTokenExpiresAt: string
  refreshToken: string
  refreshTokenExpiresAt: string
}
type Signer = typeof ALICE

describe.each(availableDatabases())('SIWX access tokens on $name', (database) => {
  let service: TestServer
  let clock = Date.parse('2030-01-01T00:00:00.000Z')

  beforeAll(async () => {
    service = await startTestServer(database, {
      allowedOrigins: [ORIGIN],
      rateLimit: { perAddress: { limit: 1_000_000, windowMs: 10_000 } },
      now: () => clock,
    })
    await service.server.db
      .insertInto('projects')
      .values({
        project_id: PROJECT_Q,
        name: 'Q',
        allowed_origins: [ORIGIN],
        features: '{}',
        analytics_enabled: true,
      })
      .execute()
  })
  afterAll(async () => {
    await service?.stop()
  })

  interface CallOptions {
    query?: Record<string, string>
    body?: unknown
    token?: string
    projectId?: string
  }
  function call(method: string, path: string, options: CallOptions = {}) {
    const params = new URLSearchParams({
      projectId: options.projectId ?? DEMO_PROJECT_ID,
      ...options.query,
    })
    return service.request(`${path}?${params}`, {
      method,
      headers: {
        Origin: ORIGIN,
        ...(options.body !== undefined && { 'Content-Type': 'application/json' }),
        ...(options.token !== undefined && { Authorization: `Bearer ${options.token}` }),
      },
      ...(options.body !== undefined && { body: JSON.stringify(options.body) }),
    })
  }

  async function signIn(signer: Signer, projectId = DEMO_PROJECT_ID, expiresInMs?: number) {
    const nonce = await call('POST', '/siwx/v1/nonce', { projectId })
    const data: SIWXMessageData = {
      accountAddress: signer.address,
      chainId: CHAIN,
      domain: 'localhost:5173',
      uri: `${ORIGIN}/`,
      version: '1',
      nonce: ((await nonce.json()) as { nonce: string }).nonce,
      issuedAt: new Date(clock).toISOString(),
      ...(expiresInMs && { expirationTime: new Date(clock + expiresInMs).toISOString() }),
    }
    const message = serializeSiwxMessage(data)
    const signature = await signer.signMessage({ message })
    const response = await call('POST', '/siwx/v1/sessions', {
      projectId,
      body: { data, message, signature },
    })
    expect(response.status).toBe(201)
    return (await response.json()) as Tokens & { session: { id: string } }
  }

  const account = (signer: Signer) => ({ chainId: CHAIN, address: signer.address })
  const caipAddress = (signer: Signer) => `${CHAIN}:${signer.address}`

  async function refused(response: Response, error: { error: string }, status = 401) {
    expect({ status: response.status, body: await response.json() }).toEqual({
      status,
      body: error,
    })
  }

  async function liveSessions(signer: Signer) {
    return service.server.db
      .selectFrom('siwx_sessions')
      .select('id')
      .where('address', '=', signer.address)
      .where('revoked_at', 'is', null)
      .execute()
  }

  it('GET, DELETE and POST email without an access token are 401 and change nothing', async () => {
    const { session } = await signIn(ALICE)
    const before = (await liveSessions(ALICE)).length
    const list = await call('GET', '/siwx/v1/sessions', { query: account(ALICE) })
    expect(list.headers.get('www-authenticate')).toBe('Bearer realm="siwx"')
    await refused(list, siwxTokenMissing)
    await refused(
      await call('DELETE', '/siwx/v1/sessions', { query: account(ALICE) }),
      siwxTokenMissing,
    )
    await refused(await call('DELETE', `/siwx/v1/sessions/${session.id}`), siwxTokenMissing)
    const email = { caipAddress: caipAddress(ALICE), email: 'thief@example.com' }
    await refused(await call('POST', '/siwx/v1/email', { body: email }), siwxTokenMissing)
    const junk = await call('GET', '/siwx/v1/sessions', { query: account(ALICE), token: 'junk' })
    expect(junk.headers.get('www-authenticate')).toContain('error="invalid_token"')
    await refused(junk, siwxTokenInvalid)

    expect(await liveSessions(ALICE)).toHaveLength(before)
    const stored = await service.server.db.selectFrom('captured_emails').selectAll().execute()
    expect(stored).toEqual([])
    // Ids are still checked first: what is not an id at all is a 400, never a 500.
    for (const id of ['%00', 'nope']) {
      await refused(
        await call('DELETE', `/siwx/v1/sessions/${id}`),
        invalidParameter('id', 'must be a session id'),
        400,
      )
    }
  })

  it("a sessions query's address must fit its chain (400 naming it); spaces around it are not part of it", async () => {
    const alice = await signIn(ALICE)
    const token = alice.accessToken
    const solanaAddress = '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV'
    for (const address of ['nope', solanaAddress, `0x${'1'.repeat(39)}`]) {
      const response = await call('GET', '/siwx/v1/sessions', {
        query: { chainId: CHAIN, address },
        token,
      })
      await refused(response, invalidParameter('address', addressReason('eip155')), 400)
    }
    const padded = await call('GET', '/siwx/v1/sessions', {
      query: { chainId: CHAIN, address: ` ${ALICE.address} ` },
      token,
    })
    expect(padded.status).toBe(200)
    expect(((await padded.json()) as { sessions: unknown[] }).sessions.length).toBeGreaterThan(0)
  })

  it('a token for account A cannot list, revoke or capture the email of account B', async () => {
    const alice = await signIn(ALICE)
    const bob = await signIn(BOB)
    const token = alice.accessToken
    await refused(
      await call('GET', '/siwx/v1/sessions', { query: account(BOB), token }),
      siwxTokenOtherAccount,
    )
    await refused(
      await call('DELETE', '/siwx/v1/sessions', { query: account(BOB), token }),
      siwxTokenOtherAccount,
    )
    await refused(
      await call('DELETE', `/siwx/v1/sessions/${bob.session.id}`, { token }),
      siwxTokenOtherAccount,
    )
    await refused(
      await call('POST', '/siwx/v1/email', {
        body: { caipAddress: caipAddress(BOB), email: 'a@b.co' },
        token,
      }),
      siwxTokenOtherAccount,
    )
    expect((await liveSessions(BOB)).map((s) => s.id)).toContain(bob.session.id)

    // Its own account, in any letter case: listed, emailed, revoked.
    const lower = { chainId: CHAIN, address: ALICE.address.toLowerCase() }
    const own = await call('GET', '/siwx/v1/sessions', { query: lower, token })
    expect(own.status).toBe(200)
    const { sessions } = (await own.json()) as { sessions: { id: string }[] }
    expect(sessions.map((s) => s.id)).toContain(alice.session.id)
    const email = { caipAddress: `${CHAIN}:${ALICE.address.toLowerCase()}`, email: 'a@b.co' }
    expect((await call('POST', '/siwx/v1/email', { body: email, token })).status).toBe(204)
    const rows = await service.server.db.selectFrom('captured_emails').selectAll().execute()
    expect(rows.map((r) => r.caip_address)).toEqual([caipAddress(ALICE)])
    const revoke = await call('DELETE', `/siwx/v1/sessions/${alice.session.id}`, { token })
    expect(revoke.status).toBe(204)
  })

  it('a token for project P is refused by project Q (aud)', async () => {
    const { accessToken } = await signIn(ALICE)
    await refused(
      await call('GET', '/siwx/v1/sessions', {
        query: account(ALICE),
        token: accessToken,
        projectId: PROJECT_Q,
      }),
      siwxTokenOtherProject,
    )
    // And Q's own token works on Q.
    const q = await signIn(ALICE, PROJECT_Q)
    const own = await call('GET', '/siwx/v1/sessions', {
      query: account(ALICE),
      token: q.accessToken,
      projectId: PROJECT_Q,
    })
    expect(own.status).toBe(200)
  })

  it('an expired access token is refused; the refresh token gives a working one', async () => {
    const tokens = await signIn(ALICE)
    expect(Date.parse(tokens.accessTokenExpiresAt)).toBe(clock + SIWX_ACCESS_TOKEN_TTL_MS)
    clock += SIWX_ACCESS_TOKEN_TTL_MS
    await refused(
      await call('GET', '/siwx/v1/sessions', { query: account(ALICE), token: tokens.accessToken }),
      siwxTokenExpired,
    )
    const refreshed = await call('POST', '/siwx/v1/token', {
      body: { refreshToken: tokens.refreshToken },
    })
    expect(refreshed.status).toBe(200)
    const next = (await refreshed.json()) as Tokens
    const list = await call('GET', '/siwx/v1/sessions', {
      query: account(ALICE),
      token: next.accessToken,
    })
    expect(list.status).toBe(200)
  })

  it('refresh rotates; a reused refresh token is refused and revokes the family and its session', async () => {
    const first = await signIn(BOB, DEMO_PROJECT_ID, 3_600_000)
    const refresh = (refreshToken: string) =>
      call('POST', '/siwx/v1/token', { body: { refreshToken } })
    const secondResponse = await refresh(first.refreshToken)
    expect(secondResponse.status).toBe(200)
    // Tokens are never kept by a cache between the app and us.
    expect(secondResponse.headers.get('cache-control')).toBe('no-store')
    const second = (await secondResponse.json()) as Tokens
    expect(second.refreshToken).not.toBe(first.refreshToken)
    expect(second.tokenType).toBe('Bearer')
    // The family ends with the session's expirationTime, whatever the rotations.
    expect(second.refreshTokenExpiresAt).toBe(first.refreshTokenExpiresAt)
    expect(Date.parse(second.refreshTokenExpiresAt)).toBe(clock + 3_600_000)
    const stored = await service.server.db
      .selectFrom('siwx_refresh_tokens')
      .select('token_hash')
      .execute()
    expect(stored.map((r) => r.token_hash)).not.toContain(second.refreshToken)

    // Another project cannot use it; an unknown one is refused.
    await refused(
      await call('POST', '/siwx/v1/token', {
        body: { refreshToken: second.refreshToken },
        projectId: PROJECT_Q,
      }),
      siwxRefreshInvalid,
    )
    await refused(await refresh('not-a-token'), siwxRefreshInvalid)

    // The first token again: someone else holds a copy. Family and session are revoked.
    await refused(await refresh(first.refreshToken), siwxRefreshReused)
    await refused(await refresh(second.refreshToken), siwxRefreshInvalid)
    expect((await liveSessions(BOB)).map((s) => s.id)).not.toContain(first.session.id)

    // A fresh sign-in starts a new family.
    const again = await signIn(BOB)
    expect((await refresh(again.refreshToken)).status).toBe(200)
    // Bad bodies are 400s.
    expect((await call('POST', '/siwx/v1/token', { body: {} })).status).toBe(400)
    expect((await call('POST', '/siwx/v1/token', { body: { refreshToken: '' } })).status).toBe(400)
  })

  it('a refresh token dies with its session: revoked or expired', async () => {
    const tokens = await signIn(ALICE, DEMO_PROJECT_ID, 60_000)
    expect(Date.parse(tokens.accessTokenExpiresAt)).toBe(clock + 60_000)
    const revoked = await signIn(ALICE)
    const drop = await call('DELETE', `/siwx/v1/sessions/${revoked.session.id}`, {
      token: revoked.accessToken,
    })
    expect(drop.status).toBe(204)
    await refused(
      await call('POST', '/siwx/v1/token', { body: { refreshToken: revoked.refreshToken } }),
      siwxRefreshInvalid,
    )
    clock += 60_000
    await refused(
      await call('POST', '/siwx/v1/token', { body: { refreshToken: tokens.refreshToken } }),
      siwxRefreshInvalid,
    )
  })

  it('the JWKS verifies an access token offline with jose', async () => {
    const { accessToken, session } = await signIn(ALICE)
    const response = await service.request('/.well-known/jwks.json')
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toMatch(/^public, max-age=\d+$/)
    const jwks = (await response.json()) as { keys: { kid: string; d?: string }[] }
    expect(jwks.keys.every((key) => key.d === undefined)).toBe(true)

    const header = decodeProtectedHeader(accessToken)
    expect(header).toMatchObject({ alg: 'ES256', typ: 'JWT' })
    expect(jwks.keys.map((key) => key.kid)).toContain(header.kid)
    // What an app's backend does (README): the remote key set, the issuer and its project id.
    const { payload } = await jwtVerify(
      accessToken,
      createRemoteJWKSet(new URL('/.well-known/jwks.json', service.server.url)),
      { issuer: service.server.url, audience: DEMO_PROJECT_ID, currentDate: new Date(clock) },
    )
    expect(payload).toMatchObject({
      iss: service.server.url,
      aud: DEMO_PROJECT_ID,
      sub: caipAddress(ALICE),
      sid: session.id,
      iat: Math.floor(clock / 1000),
      exp: Math.floor((clock + SIWX_ACCESS_TOKEN_TTL_MS) / 1000),
    })
    // Another project's audience is not this token.
    await expect(
      jwtVerify(accessToken, createLocalJWKSet(jwks as never), {
        audience: PROJECT_Q,
        currentDate: new Date(clock),
      }),
    ).rejects.toThrow(/aud/)
  })

  it('a rotated signing key stays published until its tokens have expired', async () => {
    const before = await signIn(ALICE)
    const oldKid = decodeProtectedHeader(before.accessToken).kid
    const newKid = await rotateSigningKey(service.server.db, new Date(clock))
    const after = await signIn(ALICE)
    expect(decodeProtectedHeader(after.accessToken).kid).toBe(newKid)
    const kids = async () =>
      (
        (await (await service.request('/.well-known/jwks.json')).json()) as {
          keys: { kid: string }[]
        }
      ).keys.map((key) => key.kid)
    expect(await kids()).toEqual([newKid, oldKid])
    // The old key's token still works while it is valid.
    const list = (token: string) =>
      call('GET', '/siwx/v1/sessions', { query: account(ALICE), token })
    expect((await list(before.accessToken)).status).toBe(200)
    clock += SIWX_ACCESS_TOKEN_TTL_MS + 60_000 + 1
    expect(await kids()).toEqual([newKid])
  })

  it('documents the token routes and the bearer scheme in the OpenAPI document', async () => {
    const doc = (await (await service.request('/openapi.json')).json()) as {
      paths: Record<string, Record<string, { security?: unknown }>>
      components: { securitySchemes?: Record<string, unknown> }
    }
    expect(doc.paths['/siwx/v1/token']?.post).toBeDefined()
    expect(doc.paths['/.well-known/jwks.json']?.get).toBeDefined()
    expect(doc.paths['/siwx/v1/sessions']?.get?.security).toEqual([{ siwxBearer: [] }])
    expect(doc.components.securitySchemes?.siwxBearer).toEqual({
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'JWT',
      description: 'The access JWT of POST /siwx/v1/sessions or /siwx/v1/token',
    })
  })
})
