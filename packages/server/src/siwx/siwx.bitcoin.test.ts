// Sign-In with X on Bitcoin (bip122) against the real server, on every available database: the
// test wallet's real keys sign BIP-322 simple signatures (P2WPKH, P2TR) and legacy ones.
import { type SIWXMessageData, serializeSiwxMessage } from '@latchkey/core/shared'
import { hex } from '@scure/base'
import { Address, p2pkh, p2sh, p2wpkh } from '@scure/btc-signer'
import { decodeJwt } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { REGTEST_ADDRESS_PARAMS } from '../../../bitcoin/src/constants.ts'
import { signBip322 } from '../../../bitcoin/src/testing/bip322.ts'
import { type TestKey, testKey } from '../../../bitcoin/src/testing/keys.ts'
import { signLegacyMessage } from '../../../bitcoin/src/testing/legacyMessage.ts'
import { DEMO_PROJECT_ID } from '../constants.ts'
import { invalidParameter } from '../errors/body.ts'
import { siwxMessageMismatch, siwxSignatureInvalid, siwxUnsupportedChain } from '../errors/siwx.ts'
import { availableDatabases, startTestServer, type TestServer } from '../testing/databases.ts'

const ORIGIN = 'http://localhost:5173'
const REGTEST = 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328'
/** BIP-173's P2WPKH example on testnet: a valid address, of another network than regtest */
const TESTNET_ADDRESS = 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx'
/** A P2WSH on regtest: no single key signs for a script hash */
const REGTEST_P2WSH = Address(REGTEST_ADDRESS_PARAMS).encode({
  type: 'wsh',
  hash: new Uint8Array(32).fill(7),
})

/** Written out rather than computed, so that a changed text is noticed */
const REGTEST_REASON =
  'must be a Bitcoin Regtest address (bech32 bcrt1…, or base58): P2PKH, P2SH-P2WPKH, P2WPKH or P2TR'
const regtestReason = () => REGTEST_REASON

describe.each(availableDatabases())('SIWX sessions of Bitcoin accounts on $name', (database) => {
  let service: TestServer
  const clock = Date.parse('2030-01-01T00:00:00.000Z')

  beforeAll(async () => {
    service = await startTestServer(database, { allowedOrigins: [ORIGIN], now: () => clock })
  })
  afterAll(async () => {
    await service?.stop()
  })

  function call(method: string, path: string, query: Record<string, string>, body?: unknown) {
    const { token, ...rest } = query
    const params = new URLSearchParams({ projectId: DEMO_PROJECT_ID, ...rest })
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

  async function messageData(accountAddress: string, chainId = REGTEST): Promise<SIWXMessageData> {
    const response = await call('POST', '/siwx/v1/nonce', {})
    const { nonce } = (await response.json()) as { nonce: string }
    return {
      accountAddress,
      chainId: chainId as SIWXMessageData['chainId'],
      domain: 'localhost:5173',
      uri: `${ORIGIN}/`,
      version: '1',
      nonce,
      statement: 'Sign in to the Latchkey demo',
      issuedAt: new Date(clock).toISOString(),
    }
  }

  const bip322 = (key: TestKey, message: string) =>
    signBip322(key.privateKey, key.address, message, REGTEST_ADDRESS_PARAMS)
  const legacy = (key: TestKey, message: string) =>
    signLegacyMessage(key.privateKey, message, 'p2wpkh')

  /** Signs the data's text with `sign` (the key's BIP-322 signature by default) and posts it. */
  async function signIn(
    data: SIWXMessageData,
    sign: (message: string) => string,
    message = serializeSiwxMessage(data),
  ) {
    return call('POST', '/siwx/v1/sessions', {}, { data, message, signature: sign(message) })
  }

  async function refused(response: Response, status: number, error: { error: string }) {
    expect(await response.json()).toEqual(error)
    expect(response.status).toBe(status)
  }

  it.each([
    ['P2WPKH', 'BIP-322', 'p2wpkh', bip322],
    ['P2TR', 'BIP-322', 'p2tr', bip322],
    ['P2WPKH', 'a legacy signed message', 'p2wpkh', legacy],
  ] as const)(
    'signs in a %s account with %s; its token lists, captures and revokes',
    async (_, __, kind, sign) => {
      const key = testKey(kind)
      const data = await messageData(key.address)
      const message = serializeSiwxMessage(data)
      expect(message).toContain('wants you to sign in with your Bitcoin account:')
      const response = await signIn(data, (text) => sign(key, text))
      expect(response.status).toBe(201)
      const body = (await response.json()) as {
        session: { id: string; chainId: string; address: string }
        accessToken: string
      }
      expect(body.session).toMatchObject({ chainId: REGTEST, address: key.address })
      const token = body.accessToken
      expect(decodeJwt(token).sub).toBe(`${REGTEST}:${key.address}`)

      const account = { chainId: REGTEST, address: key.address, token }
      const listed = await call('GET', '/siwx/v1/sessions', account)
      expect(listed.status).toBe(200)
      const { sessions } = (await listed.json()) as { sessions: { id: string }[] }
      expect(sessions.map((s) => s.id)).toEqual([body.session.id])

      const email = { caipAddress: `${REGTEST}:${key.address}`, email: 'satoshi@example.com' }
      expect((await call('POST', '/siwx/v1/email', { token }, email)).status).toBe(204)
      // Another account's token proves nothing of this one.
      const other = { ...account, address: testKey(kind).address }
      expect((await call('GET', '/siwx/v1/sessions', other)).status).toBe(401)

      expect((await call('DELETE', '/siwx/v1/sessions', account)).status).toBe(204)
      const after = await call('GET', '/siwx/v1/sessions', account)
      expect(((await after.json()) as { sessions: unknown[] }).sessions).toEqual([])
    },
  )

  it.each([
    ['P2PKH', 'p2pkh'],
    ['P2SH-P2WPKH', 'p2sh-p2wpkh'],
  ] as const)('signs in a %s account with a legacy signed message', async (_, form) => {
    const key = testKey('p2wpkh')
    const publicKey = hex.decode(key.publicKey)
    const address =
      form === 'p2pkh'
        ? p2pkh(publicKey, REGTEST_ADDRESS_PARAMS).address
        : p2sh(p2wpkh(publicKey, REGTEST_ADDRESS_PARAMS), REGTEST_ADDRESS_PARAMS).address
    if (!address) throw new Error('no address')
    const response = await signIn(await messageData(address), (text) =>
      signLegacyMessage(key.privateKey, text, form),
    )
    expect(response.status).toBe(201)
    const { session } = (await response.json()) as { session: { address: string } }
    expect(session.address).toBe(address)
  })

  it('refuses a signature by another key, in either form, and one that is not base64', async () => {
    const key = testKey('p2wpkh')
    const other = testKey('p2wpkh')
    for (const sign of [
      (text: string) => bip322(other, text),
      (text: string) => signLegacyMessage(other.privateKey, text, 'p2wpkh'),
      () => 'not base64!',
    ]) {
      await refused(await signIn(await messageData(key.address), sign), 401, siwxSignatureInvalid)
    }
  })

  it('refuses a tampered message', async () => {
    const key = testKey('p2tr')
    const data = await messageData(key.address)
    const signed = serializeSiwxMessage(data)
    const signature = bip322(key, signed)
    const changed = { ...data, statement: 'Give me everything' }
    const post = (message: string) =>
      call('POST', '/siwx/v1/sessions', {}, { data: changed, message, signature })
    await refused(await post(signed), 400, siwxMessageMismatch)
    await refused(await post(serializeSiwxMessage(changed)), 401, siwxSignatureInvalid)
  })

  it('refuses an address of another network or no single key, and an unknown network', async () => {
    const key = testKey('p2wpkh')
    const sign = (text: string) => bip322(key, text)
    for (const address of [TESTNET_ADDRESS, REGTEST_P2WSH, key.address.slice(0, -1)]) {
      await refused(
        await signIn(await messageData(address), sign, 'refused before the text is built'),
        400,
        invalidParameter('data.accountAddress', regtestReason()),
      )
    }
    const unknown = `bip122:${'ab'.repeat(16)}`
    await refused(
      await signIn(await messageData(key.address, unknown), sign, 'refused first'),
      400,
      siwxUnsupportedChain(unknown),
    )
    const query = { chainId: REGTEST, address: TESTNET_ADDRESS }
    await refused(
      await call('GET', '/siwx/v1/sessions', query),
      400,
      invalidParameter('address', regtestReason()),
    )
  })
  it('refuses a chain that is no CAIP-2 id, saying what one looks like; the document says it too', async () => {
    await refused(
      await call('GET', '/siwx/v1/sessions', { chainId: 'bip122:not-hex', address: 'x' }),
      400,
      invalidParameter(
        'chainId',
        'must be a CAIP-2 id like eip155:31337, solana:<32 base58 characters> or a known bip122:<32 hex digits>',
      ),
    )
    const document = (await (await service.request('/openapi.json')).json()) as {
      paths: Record<string, { get?: { parameters?: { name: string; schema?: object }[] } }>
    }
    const chainId = document.paths['/siwx/v1/sessions']?.get?.parameters?.find(
      (p) => p.name === 'chainId',
    )
    expect(chainId?.schema).toMatchObject({
      type: 'string',
      example: 'eip155:31337',
      description: expect.stringMatching(
        /^eip155:<chain id>, solana:<genesis reference> or bip122:<genesis reference> \(bip122:000000000019d6689c085ae165831e93 /,
      ),
    })
  })
})
