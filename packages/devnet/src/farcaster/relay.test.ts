// The relay over HTTP: the three routes auth-client uses, their codes and bodies, and the
// Farcaster test client authenticating a channel.
import type { CreateChannelAPIResponse, StatusAPIResponse } from '@farcaster/auth-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TEST_ACCOUNTS } from '../accounts.ts'
import { FARCASTER_SIGN_IN_URL } from './channels.ts'
import {
  DEFAULT_FARCASTER_CHANNEL_TTL_MS,
  type FarcasterRelay,
  LOCAL_FARCASTER_RELAY_KEY,
  startFarcasterRelay,
} from './relay.ts'
import { farcasterTestClient } from './testClient.ts'

const [, custody] = TEST_ACCOUNTS
if (!custody) throw new Error('missing test account')
const SIWE_URI = 'https://dapp.example/login'
const DOMAIN = 'dapp.example'
const SIGNATURE = `0x${'ab'.repeat(65)}`

let clock = Date.parse('2030-01-01T00:00:00Z')
let relay: FarcasterRelay

beforeAll(async () => {
  relay = await startFarcasterRelay({ port: 0, now: () => clock })
})

afterAll(async () => {
  await relay?.stop()
})

function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${relay.url}/v1/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
}

async function createChannel(body: object = {}): Promise<CreateChannelAPIResponse> {
  const response = await post('channel', { siweUri: SIWE_URI, domain: DOMAIN, ...body })
  expect(response.status).toBe(201)
  return (await response.json()) as CreateChannelAPIResponse
}

function status(channelToken: string) {
  return fetch(`${relay.url}/v1/channel/status`, {
    headers: { authorization: `Bearer ${channelToken}` },
  })
}

function authenticate(channelToken: string, body: object = {}, authKey = relay.authKey) {
  return post(
    'channel/authenticate',
    { message: 'signed', signature: SIGNATURE, fid: 7, ...body },
    { authorization: `Bearer ${channelToken}`, 'x-farcaster-auth-relay-key': authKey },
  )
}

const app = () =>
  farcasterTestClient({
    relayUrl: relay.url,
    authKey: relay.authKey,
    privateKey: custody.privateKey,
    fid: 7,
    username: 'alice',
    displayName: 'Alice',
    pfpUrl: 'https://dapp.example/alice.png',
  })

describe('startFarcasterRelay', () => {
  it('listens on 127.0.0.1 with the local relay key unless given another', () => {
    expect(relay.url).toBe(`http://127.0.0.1:${relay.port}`)
    expect(relay.authKey).toBe(LOCAL_FARCASTER_RELAY_KEY)
  })

  it("opens a channel whose URL carries the sign-in parameters, with the request's nonce", async () => {
    const channel = await createChannel({
      nonce: 'abcdef123456',
      notBefore: '2030-01-01T00:00:00.000Z',
      expirationTime: '2030-01-01T00:10:00.000Z',
      requestId: 'request-1',
    })

    expect(channel.nonce).toBe('abcdef123456')
    const url = new URL(channel.url)
    expect(`${url.origin}${url.pathname}`).toBe(FARCASTER_SIGN_IN_URL)
    expect(Object.fromEntries(url.searchParams)).toEqual({
      channelToken: channel.channelToken,
      nonce: 'abcdef123456',
      siweUri: SIWE_URI,
      domain: DOMAIN,
      notBefore: '2030-01-01T00:00:00.000Z',
      expirationTime: '2030-01-01T00:10:00.000Z',
      requestId: 'request-1',
    })
  })

  it('generates a nonce when the request has none, a new one per channel', async () => {
    const [a, b] = [await createChannel(), await createChannel()]

    expect(a.nonce).toMatch(/^[a-zA-Z0-9]{8,}$/)
    expect(b.nonce).not.toBe(a.nonce)
    expect(b.channelToken).not.toBe(a.channelToken)
    expect(new URL(a.url).searchParams.get('nonce')).toBe(a.nonce)
  })

  it('runs a channel: 202 pending, authenticated by the Farcaster app, 200 completed once', async () => {
    const channel = await createChannel()
    const pending = await status(channel.channelToken)
    expect(pending.status).toBe(202)
    expect(await pending.json()).toEqual({
      state: 'pending',
      nonce: channel.nonce,
      url: channel.url,
      signatureParams: { siweUri: SIWE_URI, domain: DOMAIN, nonce: channel.nonce },
      metadata: { ip: '127.0.0.1', userAgent: expect.any(String) },
      acceptAuthAddress: false,
    })

    const signedIn = await app().signIn(channel.url)
    expect(signedIn.status).toMatchObject({ state: 'completed', fid: 7 })

    const completed = await status(channel.channelToken)
    expect(completed.status).toBe(200)
    const body = (await completed.json()) as StatusAPIResponse
    expect(body).toMatchObject({
      state: 'completed',
      nonce: channel.nonce,
      message: signedIn.message,
      signature: signedIn.signature,
      authMethod: 'custody',
      fid: 7,
      username: 'alice',
      displayName: 'Alice',
      pfpUrl: 'https://dapp.example/alice.png',
      custody: custody.address,
      verifications: [],
    })
    expect(body.message).toContain(`${DOMAIN} wants you to sign in with your Ethereum account:`)
    expect(body.message).toContain(`Nonce: ${channel.nonce}`)
    expect(body.message).toContain('- farcaster://fid/7')
    // The real relay closes a channel once the app has read it completed.
    expect((await status(channel.channelToken)).status).toBe(401)
  })

  it('answers 401 to an unknown or missing channel token', async () => {
    const unknown = await status('not-a-channel')
    expect(unknown.status).toBe(401)
    expect(await unknown.json()).toEqual({ error: 'Unauthorized' })
    expect((await fetch(`${relay.url}/v1/channel/status`)).status).toBe(401)
    expect((await authenticate('not-a-channel')).status).toBe(401)
  })

  it('answers 401 to a wrong or missing relay key, and the channel stays pending', async () => {
    const { channelToken } = await createChannel()

    expect((await authenticate(channelToken, {}, 'not-the-key')).status).toBe(401)
    const withoutKey = await post(
      'channel/authenticate',
      { message: 'signed', signature: SIGNATURE, fid: 7 },
      { authorization: `Bearer ${channelToken}` },
    )
    expect(withoutKey.status).toBe(401)
    expect((await status(channelToken)).status).toBe(202)
  })

  it('answers 409 to a second authenticate and keeps the first', async () => {
    const { channelToken } = await createChannel()
    expect((await authenticate(channelToken, { username: 'first' })).status).toBe(201)

    const second = await authenticate(channelToken, { username: 'second' })

    expect(second.status).toBe(409)
    expect(await second.json()).toEqual({ error: 'Channel already authenticated' })
    expect(await (await status(channelToken)).json()).toMatchObject({ username: 'first' })
  })

  it('expires a channel channelTtlMs after its last change, then answers 401', async () => {
    const pending = await createChannel()
    const authenticated = await createChannel()
    clock += DEFAULT_FARCASTER_CHANNEL_TTL_MS - 1
    expect((await status(pending.channelToken)).status).toBe(202)
    expect((await authenticate(authenticated.channelToken)).status).toBe(201)

    clock += 1
    expect((await status(pending.channelToken)).status).toBe(401)
    expect((await authenticate(pending.channelToken)).status).toBe(401)
    expect((await status(authenticated.channelToken)).status).toBe(200)
  })

  it.each([
    ['no JSON', '{', 'the body is not JSON'],
    ['an array', [], 'the body must be a JSON object'],
    ['no siweUri', { domain: DOMAIN }, 'siweUri must be a URL'],
    ['a siweUri that is not a URL', { siweUri: 'login', domain: DOMAIN }, 'siweUri must be a URL'],
    ['no domain', { siweUri: SIWE_URI }, 'domain must be a non-empty string'],
    ['a nonce that is no string', { siweUri: SIWE_URI, domain: DOMAIN, nonce: 1 }, 'nonce must'],
    [
      'acceptAuthAddress that is no boolean',
      { siweUri: SIWE_URI, domain: DOMAIN, acceptAuthAddress: 'yes' },
      'acceptAuthAddress must be a boolean',
    ],
  ])('answers 400 to a channel request with %s', async (_, body, error) => {
    const response = await post('channel', body)

    expect(response.status).toBe(400)
    expect(((await response.json()) as { error: string }).error).toContain(error)
  })

  it.each([
    ['no message', { message: undefined }, 'message must be a non-empty string'],
    ['a short signature', { signature: '0xabcd' }, 'signature must be a 65-byte hex string'],
    ['a zero fid', { fid: 0 }, 'fid must be a positive integer'],
    ['an fid in a string', { fid: '7' }, 'fid must be a positive integer'],
    ['an unknown authMethod', { authMethod: 'password' }, 'authMethod must be one of'],
    ['a username that is no string', { username: 7 }, 'username must be a string'],
  ])(
    'answers 400 to an authenticate with %s, and the channel stays pending',
    async (_, body, error) => {
      const { channelToken } = await createChannel()

      const response = await authenticate(channelToken, body)

      expect(response.status).toBe(400)
      expect(((await response.json()) as { error: string }).error).toContain(error)
      expect((await status(channelToken)).status).toBe(202)
    },
  )

  it('lets any origin call it, and answers 404 elsewhere', async () => {
    const preflight = await fetch(`${relay.url}/v1/channel/authenticate`, { method: 'OPTIONS' })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*')
    expect(preflight.headers.get('access-control-allow-headers')).toContain(
      'x-farcaster-auth-relay-key',
    )
    expect((await fetch(`${relay.url}/v1/channel`)).status).toBe(404)
    expect((await fetch(`${relay.url}/v2/channel/status`)).status).toBe(404)
  })

  it('takes the given relay key, and fails clearly when its port is taken', async () => {
    const other = await startFarcasterRelay({ port: 0, authKey: 'another-key' })
    try {
      expect(other.authKey).toBe('another-key')
      await expect(startFarcasterRelay({ port: other.port })).rejects.toThrow(
        `port ${other.port} is already in use`,
      )
    } finally {
      await other.stop()
    }
  })
})
