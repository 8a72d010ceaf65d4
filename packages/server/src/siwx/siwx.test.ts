// Sign-In with X, the server-verified provider (issue 7), against the real server and a real
// EVM devnet (for contract accounts), on every available database.
import { generateKeyPairSync, sign } from 'node:crypto'
import { encodeBase58, type SIWXMessageData, serializeSiwxMessage } from '@latchkey/core/shared'
import { type Devnet, findFreePort, startDevnet } from '@latchkey/devnet'
import { createTestClient, type Hex, http } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { foundry } from 'viem/chains'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_PROJECT_ID, SIWX_CLOCK_SKEW_MS, SIWX_NONCE_TTL_MS } from '../constants.ts'
import { invalidParameter } from '../errors/body.ts'
import {
  siwxDomainNotAllowed,
  siwxIssuedInFuture,
  siwxMessageExpired,
  siwxMessageMismatch,
  siwxMessageNotYetValid,
  siwxNonceExpired,
  siwxNonceUnknown,
  siwxNonceUsed,
  siwxSessionNotFound,
  siwxSignatureInvalid,
  siwxUnsupportedChain,
} from '../errors/siwx.ts'
import { upstreamUnavailable } from '../errors.ts'
import { addressReason } from '../routes/chainParams.ts'
import { availableDatabases, startTestServer, type TestServer } from '../testing/databases.ts'
import { decodeSolanaSignature } from './verify.ts'

/** anvil's first and second default keys */
const SIGNER = privateKeyToAccount(
  '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
)
const OTHER = privateKeyToAccount(
  '0x59c6995e5b01ac7e3f1f8da5a66b0bdaa7fde9bbd5eda6db5a2c4a6e7b5c2f6d' as Hex,
)
const ORIGIN = 'http://localhost:5173'
const DOMAIN = 'localhost:5173'
const OTHER_PROJECT = 'otherproject0000000000000000000000'
const UNCONFIGURED_EVM = 'eip155:1'
const SOLANA_CHAIN = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'

/** EIP-1271 wallets as runtime bytecode: isValidSignature answers the magic value, or not. */
const ACCEPTING_1271 = '0x631626ba7e60e01b60005260206000f3'
const REFUSING_1271 = '0x630000000060e01b60005260206000f3'
const WALLET_1271 = '0x00000000000000000000000000000000000a1271'
const WALLET_REFUSING = '0x00000000000000000000000000000000000b1271'

interface Session {
  id: string
  chainId: string
  address: string
  data: SIWXMessageData
  message: string
  signature: string
  createdAt: string
  expiresAt: string | null
}

function solanaKey() {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519')
  const raw = publicKey.export({ format: 'der', type: 'spki' }).subarray(-32)
  return { address: encodeBase58(raw), privateKey }
}

describe('decodeSolanaSignature', () => {
  const bytes = Buffer.alloc(64, 7)
  it('takes base58, 0x-hex and padded base64 of 64 bytes', () => {
    expect(decodeSolanaSignature(encodeBase58(bytes))).toEqual(new Uint8Array(bytes))
    expect(decodeSolanaSignature(`0x${bytes.toString('hex')}`)).toEqual(new Uint8Array(bytes))
    expect(decodeSolanaSignature(bytes.toString('base64'))).toEqual(new Uint8Array(bytes))
  })
  it('refuses other lengths and other text', () => {
    expect(decodeSolanaSignature(encodeBase58(Buffer.alloc(63, 7)))).toBeUndefined()
    expect(decodeSolanaSignature('0xzz')).toBeUndefined()
    expect(decodeSolanaSignature('not a signature')).toBeUndefined()
  })
})

describe.each(availableDatabases())('SIWX sessions on $name', (database) => {
  let service: TestServer
  let devnet: Devnet
  let evmChain: string
  let clock = Date.parse('2030-01-01T00:00:00.000Z')

  beforeAll(async () => {
    devnet = await startDevnet({ chains: [{ chainId: 31337, port: await findFreePort() }] })
    const [chain] = devnet.chains
    if (!chain) throw new Error('devnet has no chain')
    evmChain = `eip155:${chain.chainId}`
    const anvil = createTestClient({ mode: 'anvil', chain: foundry, transport: http(chain.rpcUrl) })
    await anvil.setCode({ address: WALLET_1271, bytecode: ACCEPTING_1271 })
    await anvil.setCode({ address: WALLET_REFUSING, bytecode: REFUSING_1271 })
    service = await startTestServer(database, {
      allowedOrigins: [ORIGIN, 'http://127.0.0.1:5173'],
      chains: [{ chainId: chain.chainId, rpcUrl: chain.rpcUrl }],
      rateLimit: { perAddress: { limit: 1_000_000, windowMs: 10_000 } },
      now: () => clock,
    })
  })
  afterAll(async () => {
    await service?.stop()
    await devnet?.stop()
  })

  function call(
    method: string,
    path: string,
    query: Record<string, string> = {},
    body?: unknown,
    token?: string,
  ) {
    const params = new URLSearchParams({ projectId: DEMO_PROJECT_ID, ...query })
    return service.request(`${path}?${params}`, {
      method,
      headers: {
        Origin: ORIGIN,
        ...(body !== undefined && { 'Content-Type': 'application/json' }),
        ...(token !== undefined && { Authorization: `Bearer ${token}` }),
      },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    })
  }

  async function nonce(): Promise<string> {
    const response = await call('POST', '/siwx/v1/nonce')
    expect(response.status).toBe(200)
    const body = (await response.json()) as { nonce: string; expiresAt: string }
    expect(body.nonce).toMatch(/^[A-Za-z0-9]{16,}$/)
    expect(Date.parse(body.expiresAt)).toBe(clock + SIWX_NONCE_TTL_MS)
    return body.nonce
  }

  async function messageData(overrides: Partial<SIWXMessageData> = {}): Promise<SIWXMessageData> {
    return {
      accountAddress: SIGNER.address,
      chainId: evmChain as SIWXMessageData['chainId'],
      domain: DOMAIN,
      uri: `${ORIGIN}/`,
      version: '1',
      nonce: await nonce(),
      statement: 'Sign in to the Latchkey demo',
      issuedAt: new Date(clock).toISOString(),
      ...overrides,
    }
  }

  async function signIn(data: SIWXMessageData, signer = SIGNER, message?: string) {
    const text = message ?? serializeSiwxMessage(data)
    const signature = await signer.signMessage({ message: text })
    return call('POST', '/siwx/v1/sessions', {}, { data, message: text, signature })
  }

  async function refused(response: Response, status: number, error: { error: string }) {
    expect(await response.json()).toEqual(error)
    expect(response.status).toBe(status)
  }

  /** A sign-in's access token (tokens.test.ts covers them): listing and revoking need one. */
  async function accessToken(response: Response): Promise<string> {
    expect(response.status).toBe(201)
    return ((await response.json()) as { accessToken: string }).accessToken
  }

  async function sessions(chainId: string, address: string, token: string): Promise<Session[]> {
    const response = await call('GET', '/siwx/v1/sessions', { chainId, address }, undefined, token)
    expect(response.status).toBe(200)
    return ((await response.json()) as { sessions: Session[] }).sessions
  }

  it('DataCapture: stores an email per account, a new one replaces it; bad input is a 400', async () => {
    const caipAddress = `${evmChain}:${SIGNER.address}`
    const token = await accessToken(await signIn(await messageData()))
    const email = (body: unknown) => call('POST', '/siwx/v1/email', {}, body, token)
    expect((await email({ caipAddress, email: 'a@b.co' })).status).toBe(204)
    expect((await email({ caipAddress, email: ' c@d.org ' })).status).toBe(204)
    const rows = await service.server.db
      .selectFrom('captured_emails')
      .selectAll()
      .where('caip_address', '=', caipAddress)
      .execute()
    expect(rows.map((r) => [r.project_id, r.email])).toEqual([[DEMO_PROJECT_ID, 'c@d.org']])
    const bad = await email({ caipAddress, email: 'nope' })
    expect(bad.status).toBe(400)
    expect(((await bad.json()) as { error: string }).error).toContain(
      'Please enter a valid email address',
    )
    expect((await email({ caipAddress: 'x', email: 'a@b.co' })).status).toBe(400)
    // Signed out again: the next test counts this account's sessions.
    const query = { chainId: evmChain, address: SIGNER.address }
    expect((await call('DELETE', '/siwx/v1/sessions', query, undefined, token)).status).toBe(204)
  })

  it('stores, lists and revokes a session signed by an EOA', async () => {
    const data = await messageData({ expirationTime: new Date(clock + 3_600_000).toISOString() })
    const response = await signIn(data)
    expect(response.status).toBe(201)
    expect(response.headers.get('access-control-allow-origin')).toBe(ORIGIN)
    const { session, accessToken: token } = (await response.json()) as {
      session: Session
      accessToken: string
    }
    expect(session).toMatchObject({
      chainId: evmChain,
      address: SIGNER.address,
      data,
      message: serializeSiwxMessage(data),
      createdAt: new Date(clock).toISOString(),
      expiresAt: data.expirationTime,
    })

    clock += 1000
    const second = await signIn(await messageData())
    expect(second.status).toBe(201)
    const newer = ((await second.json()) as { session: Session }).session
    expect(newer.expiresAt).toBeNull()

    // Newest first; a lowercase address finds the checksummed one, and so does one without 0x.
    const listed = await sessions(evmChain, SIGNER.address.toLowerCase(), token)
    expect(listed.map((s) => s.id)).toEqual([newer.id, session.id])
    const bare = await sessions(evmChain, SIGNER.address.slice(2), token)
    expect(bare.map((s) => s.id)).toEqual([newer.id, session.id])

    const remove = (id: string) => call('DELETE', `/siwx/v1/sessions/${id}`, {}, undefined, token)
    expect((await remove(session.id)).status).toBe(204)
    expect((await sessions(evmChain, SIGNER.address, token)).map((s) => s.id)).toEqual([newer.id])
    // Revoking again is fine; an unknown id is a 404; what is not an id at all (a NUL byte
    // reached the database and answered 500) is a 400.
    expect((await remove(session.id)).status).toBe(204)
    const unknown = '00000000-0000-4000-8000-000000000000'
    await refused(await remove(unknown), 404, siwxSessionNotFound)
    for (const id of ['nope', '%00', `${session.id}%00`]) {
      await refused(await remove(id), 400, invalidParameter('id', 'must be a session id'))
    }

    const all = await call(
      'DELETE',
      '/siwx/v1/sessions',
      { chainId: evmChain, address: SIGNER.address },
      undefined,
      token,
    )
    expect(all.status).toBe(204)
    expect(await sessions(evmChain, SIGNER.address, token)).toEqual([])
  })

  it('drops sessions from the list once their expirationTime passes', async () => {
    // Listed with the token of a session that does not expire (a token ends with its session).
    const lasting = await signIn(await messageData({ accountAddress: OTHER.address }), OTHER)
    const token = await accessToken(lasting)
    const data = await messageData({
      accountAddress: OTHER.address,
      expirationTime: new Date(clock + 60_000).toISOString(),
    })
    expect((await signIn(data, OTHER)).status).toBe(201)
    expect(await sessions(evmChain, OTHER.address, token)).toHaveLength(2)
    clock += 60_000
    expect(await sessions(evmChain, OTHER.address, token)).toHaveLength(1)
  })

  it('refuses a replayed nonce', async () => {
    const data = await messageData()
    expect((await signIn(data)).status).toBe(201)
    await refused(await signIn(data), 401, siwxNonceUsed)
  })

  // A nonce of another project: store.test.ts (the test server seeds one project).
  it('refuses unknown nonces; another project cannot ask for one here', async () => {
    await refused(
      await signIn(await messageData({ nonce: 'abcdefgh12345678' })),
      401,
      siwxNonceUnknown,
    )

    const params = new URLSearchParams({ projectId: OTHER_PROJECT })
    // The other project does not exist: its nonce cannot even be asked for.
    expect((await service.request(`/siwx/v1/nonce?${params}`, { method: 'POST' })).status).toBe(403)
  })

  it('refuses an expired nonce', async () => {
    const data = await messageData()
    clock += SIWX_NONCE_TTL_MS
    await refused(
      await signIn({ ...data, issuedAt: new Date(clock).toISOString() }),
      401,
      siwxNonceExpired,
    )
  })

  it('refuses a tampered message', async () => {
    const data = await messageData()
    const signed = serializeSiwxMessage(data)
    const signature = await SIGNER.signMessage({ message: signed })
    // The statement changed after signing: the text no longer matches the data.
    const changed = { ...data, statement: 'Give me everything' }
    await refused(
      await call('POST', '/siwx/v1/sessions', {}, { data: changed, message: signed, signature }),
      400,
      siwxMessageMismatch,
    )
    // Data and text changed together: the signature no longer matches.
    await refused(
      await call(
        'POST',
        '/siwx/v1/sessions',
        {},
        { data: changed, message: serializeSiwxMessage(changed), signature },
      ),
      401,
      siwxSignatureInvalid,
    )
  })

  it("takes a serializedMessage only when it is the data's own text", async () => {
    const data = await messageData()
    const text = serializeSiwxMessage(data)
    const signature = await SIGNER.signMessage({ message: text })
    const post = (body: unknown) => call('POST', '/siwx/v1/sessions', {}, body)
    const own = await post({ data: { ...data, serializedMessage: text }, message: text, signature })
    expect(own.status).toBe(201)

    const other = await messageData()
    const custom = `${serializeSiwxMessage(other)}\nGive me everything`
    const customSignature = await SIGNER.signMessage({ message: custom })
    await refused(
      await post({
        data: { ...other, serializedMessage: custom },
        message: custom,
        signature: customSignature,
      }),
      400,
      siwxMessageMismatch,
    )
    // The signed text is the data's own, but the data names another serializedMessage: refused.
    const third = await messageData()
    const thirdText = serializeSiwxMessage(third)
    await refused(
      await post({
        data: { ...third, serializedMessage: `${thirdText}\nGive me everything` },
        message: thirdText,
        signature: await SIGNER.signMessage({ message: thirdText }),
      }),
      400,
      siwxMessageMismatch,
    )
  })

  it('skips an allowed origin that is not a URL when it checks the domain', async () => {
    const main = service
    // Origins given in code are stored as given (the admin API normalises its own)
    service = await startTestServer(database, {
      allowedOrigins: ['not an origin', ORIGIN],
      now: () => clock,
    })
    try {
      const response = await signIn(await messageData())
      expect(response.status).toBe(201)
    } finally {
      await service.stop()
      service = main
    }
  })

  it("answers 502 when the chain's node does not answer, and stores nothing", async () => {
    const main = service
    // A server whose chain 31337 is a port nothing listens on
    service = await startTestServer(database, {
      allowedOrigins: [ORIGIN],
      chains: [{ chainId: 31337, rpcUrl: `http://127.0.0.1:${await findFreePort()}` }],
      now: () => clock,
    })
    try {
      // A contract account: only its code on the chain can say whether the signature is its own.
      const data = await messageData({ accountAddress: WALLET_1271 })
      await refused(await signIn(data), 502, upstreamUnavailable)
      const stored = await service.server.db.selectFrom('siwx_sessions').selectAll().execute()
      expect(stored).toEqual([])
    } finally {
      await service.stop()
      service = main
    }
  })

  it('refuses a signature by another key', async () => {
    await refused(await signIn(await messageData(), OTHER), 401, siwxSignatureInvalid)
  })

  it('refuses expired, not-yet-valid and future messages', async () => {
    const past = new Date(clock - 1000).toISOString()
    await refused(
      await signIn(await messageData({ expirationTime: past })),
      401,
      siwxMessageExpired,
    )
    const later = new Date(clock + 3_600_000).toISOString()
    await refused(
      await signIn(await messageData({ notBefore: later })),
      401,
      siwxMessageNotYetValid,
    )
    await refused(await signIn(await messageData({ issuedAt: later })), 401, siwxIssuedInFuture)
    // Expired at this very moment is expired.
    const now = new Date(clock).toISOString()
    await refused(await signIn(await messageData({ expirationTime: now })), 401, siwxMessageExpired)
  })

  it("allows a signer's clock to run up to a minute ahead of ours, not more", async () => {
    const ahead = (ms: number) => new Date(clock + ms).toISOString()
    for (const skew of [30_000, SIWX_CLOCK_SKEW_MS]) {
      const response = await signIn(
        await messageData({ issuedAt: ahead(skew), notBefore: ahead(skew) }),
      )
      expect(response.status, `${skew} ms ahead`).toBe(201)
    }
    const beyond = ahead(SIWX_CLOCK_SKEW_MS + 1)
    await refused(
      await signIn(await messageData({ notBefore: beyond })),
      401,
      siwxMessageNotYetValid,
    )
    await refused(await signIn(await messageData({ issuedAt: beyond })), 401, siwxIssuedInFuture)
  })

  it('refuses a domain that is not a host of the allowed origins', async () => {
    await refused(
      await signIn(await messageData({ domain: 'evil.example' })),
      400,
      siwxDomainNotAllowed('evil.example'),
    )
  })

  it('refuses other namespaces and addresses that do not fit the chain', async () => {
    const cosmos = await messageData({ chainId: 'cosmos:cosmoshub-4' })
    await refused(
      await signIn(cosmos, SIGNER, 'anything: the chain is refused before the text is built'),
      400,
      siwxUnsupportedChain('cosmos:cosmoshub-4'),
    )
    // Bitcoin accounts: siwx.bitcoin.test.ts
    const response = await signIn(await messageData({ chainId: SOLANA_CHAIN }))
    expect(response.status).toBe(400)
    expect(((await response.json()) as { error: string }).error).toContain('data.accountAddress')
    // An EVM account is written with its 0x (EIP-4361): without it, the address is refused.
    const bare = await messageData({ accountAddress: SIGNER.address.slice(2) })
    await refused(
      await signIn(bare, SIGNER, 'anything: the address is refused before the text is built'),
      400,
      invalidParameter('data.accountAddress', addressReason('eip155')),
    )
  })

  it('verifies EOAs by recovery on a chain the server has no node for', async () => {
    const response = await signIn(await messageData({ chainId: UNCONFIGURED_EVM }))
    expect(response.status).toBe(201)
    await refused(
      await signIn(await messageData({ chainId: UNCONFIGURED_EVM }), OTHER),
      401,
      siwxSignatureInvalid,
    )
  })

  it('verifies deployed contract accounts (EIP-1271) through the chain node', async () => {
    const accepted = await signIn(await messageData({ accountAddress: WALLET_1271 }))
    expect(accepted.status).toBe(201)
    await refused(
      await signIn(await messageData({ accountAddress: WALLET_REFUSING })),
      401,
      siwxSignatureInvalid,
    )
    // Without the node, a contract account cannot be verified.
    await refused(
      await signIn(await messageData({ accountAddress: WALLET_1271, chainId: UNCONFIGURED_EVM })),
      401,
      siwxSignatureInvalid,
    )
  })

  it('verifies Solana accounts (Ed25519 over the message text)', async () => {
    const key = solanaKey()
    const other = solanaKey()
    const data = await messageData({ chainId: SOLANA_CHAIN, accountAddress: key.address })
    const message = serializeSiwxMessage(data)
    expect(message).toContain('Solana account')
    const signature = encodeBase58(sign(null, Buffer.from(message), key.privateKey))
    const response = await call('POST', '/siwx/v1/sessions', {}, { data, message, signature })
    const token = await accessToken(response)
    const listed = await sessions(SOLANA_CHAIN, key.address, token)
    expect(listed.map((s) => s.signature)).toEqual([signature])

    const next = await messageData({ chainId: SOLANA_CHAIN, accountAddress: key.address })
    const nextMessage = serializeSiwxMessage(next)
    const wrong = encodeBase58(sign(null, Buffer.from(nextMessage), other.privateKey))
    await refused(
      await call(
        'POST',
        '/siwx/v1/sessions',
        {},
        { data: next, message: nextMessage, signature: wrong },
      ),
      401,
      siwxSignatureInvalid,
    )
  })

  it('documents the routes in the OpenAPI document', async () => {
    const doc = (await (await service.request('/openapi.json')).json()) as {
      paths: Record<string, Record<string, unknown>>
    }
    expect(Object.keys(doc.paths['/siwx/v1/sessions'] ?? {}).sort()).toEqual([
      'delete',
      'get',
      'post',
    ])
    expect(doc.paths['/siwx/v1/nonce']?.post).toBeDefined()
    expect(doc.paths['/siwx/v1/sessions/{id}']?.delete).toBeDefined()
  })

  it('answers preflights for DELETE from allowed origins only', async () => {
    const params = new URLSearchParams({ projectId: DEMO_PROJECT_ID })
    const preflight = (origin: string) =>
      service.request(`/siwx/v1/sessions?${params}`, {
        method: 'OPTIONS',
        headers: { Origin: origin, 'Access-Control-Request-Method': 'DELETE' },
      })
    const allowed = await preflight(ORIGIN)
    expect(allowed.status).toBe(204)
    expect(allowed.headers.get('access-control-allow-methods')).toContain('DELETE')
    const foreign = await preflight('https://evil.example')
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull()
  })
})
