// Sign In With Farcaster against the real server, the devnet's Farcaster relay and a local chain
// with its IdRegistry stand-in, signed by the devnet's Farcaster test client, on every available
// database.
import { randomBytes } from 'node:crypto'
import {
  type AnvilInstance,
  type FarcasterRelay,
  farcasterTestClient,
  findFreePort,
  placeFarcasterIdRegistry,
  registerFarcasterFid,
  startAnvil,
  startFarcasterRelay,
  TEST_ACCOUNTS,
} from '@latchkey/devnet'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FARCASTER_CHANNEL_TTL_MS } from '../constants/auth.ts'
import { authCaller } from '../testing/authCaller.ts'
import { availableDatabases, startTestServer, type TestServer } from '../testing/databases.ts'
import { pkceChallenge } from './socialStates.ts'

const FRAME = 'http://127.0.0.1:5174'
const PAGE = 'http://127.0.0.1:5173'
const FAILED = { message: 'Failed to connect' }
const NOT_CONFIGURED = { message: 'Farcaster login is not configured' }
const [ALICE, BOB, CAROL] = TEST_ACCOUNTS.slice(1, 4)
if (!ALICE || !BOB || !CAROL) throw new Error('three test accounts')
const WALLET = {
  address: '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266',
  iv: randomBytes(12).toString('base64'),
  ciphertext: randomBytes(48).toString('base64'),
}

const newVerifier = () => randomBytes(32).toString('base64url')

interface Started {
  url: string
  channelToken: string
  expiresAt: string
  verifier: string
}

describe.each(availableDatabases())('Farcaster login on $name', (database) => {
  let chain: AnvilInstance
  let relay: FarcasterRelay
  let failingRelay: FarcasterRelay
  let service: TestServer
  let relayDown: TestServer
  let unconfigured: TestServer
  let failingRelayUp = true
  const fids = { alice: 0, bob: 0, carol: 0 }
  /** Added to the real clock: SIWF messages' expiry is checked against real time */
  let skew = 0

  beforeAll(async () => {
    ;[chain, relay, failingRelay] = await Promise.all([
      findFreePort().then((port) => startAnvil({ port, chainId: 31337 })),
      startFarcasterRelay({ port: 0 }),
      startFarcasterRelay({ port: 0 }),
    ])
    await placeFarcasterIdRegistry(chain.rpcUrl)
    for (const [name, account] of [
      ['alice', ALICE],
      ['bob', BOB],
      ['carol', CAROL],
    ] as const) {
      fids[name] = await registerFarcasterFid({
        rpcUrl: chain.rpcUrl,
        privateKey: account.privateKey,
      })
    }
    const options = {
      mail: { host: '127.0.0.1', port: 9 },
      frameOrigins: [FRAME],
      allowedOrigins: [PAGE, FRAME],
      rateLimit: {
        perAddress: { limit: 1_000_000, windowMs: 10_000 },
        authPerAddress: { limit: 1_000_000, windowMs: 10_000 },
      },
      now: () => Date.now() + skew,
    }
    ;[service, relayDown, unconfigured] = await Promise.all([
      startTestServer(database, {
        ...options,
        farcaster: { relayUrl: relay.url, rpcUrl: chain.rpcUrl },
      }),
      startTestServer(database, {
        ...options,
        farcaster: { relayUrl: failingRelay.url, rpcUrl: chain.rpcUrl },
      }),
      startTestServer(database, options),
    ])
  })
  afterAll(async () => {
    await Promise.all([service?.stop(), relayDown?.stop(), unconfigured?.stop()])
    await Promise.all([relay?.stop(), failingRelayUp && failingRelay?.stop(), chain?.stop()])
  })

  const callerOf = (server: () => TestServer) =>
    authCaller((path, init) => server().request(path, init), FRAME, {
      url: () => server().server.url,
      now: () => Date.now() + skew,
    })
  const call = callerOf(() => service)

  async function start(caller = call): Promise<Started> {
    const verifier = newVerifier()
    const response = await caller('POST', '/auth/v1/farcaster/start', {
      body: { codeChallenge: pkceChallenge(verifier) },
    })
    expect(response.status).toBe(200)
    return { ...response.body, verifier }
  }
  const connect = (started: Started, codeVerifier = started.verifier, caller = call) =>
    caller('POST', '/auth/v1/farcaster/connect', {
      body: { channelToken: started.channelToken, codeVerifier },
    })
  const farcaster = (account: { privateKey: `0x${string}` }, fid: number, username?: string) =>
    farcasterTestClient({
      relayUrl: relay.url,
      authKey: relay.authKey,
      privateKey: account.privateKey,
      fid,
      ...(username && { username }),
    })

  it('signs a fid in once its custody address signed; the same fid is the same user', async () => {
    const started = await start()
    expect(started.url).toEqual(expect.any(String))
    expect(Date.parse(started.expiresAt) - Date.now()).toBeGreaterThan(
      FARCASTER_CHANNEL_TTL_MS - 60_000,
    )
    expect(await connect(started)).toMatchObject({ status: 202, body: { state: 'pending' } })

    const alice = farcaster(ALICE, fids.alice, 'alice')
    await alice.signIn(started.url)
    const first = await connect(started)
    expect(first.status).toBe(200)
    expect(first.body.token).toEqual(expect.any(String))
    expect(first.body.user).toMatchObject({
      email: null,
      address: null,
      userName: 'alice',
      socialProvider: 'farcaster',
    })
    const token = first.body.token
    expect((await call('PUT', '/auth/v1/wallet', { token, body: WALLET })).status).toBe(201)

    const again = await start()
    await alice.signIn(again.url)
    const second = await connect(again)
    expect(second.status).toBe(200)
    expect(second.body.token).not.toBe(token)
    expect(second.body.user).toMatchObject({
      address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
      userName: 'alice',
      socialProvider: 'farcaster',
    })
    const me = await call('GET', '/auth/v1/session', { token: second.body.token })
    expect(me).toMatchObject({ status: 200, body: { user: second.body.user } })
  })

  it('completes a sign-in once, however often or concurrently connect is asked', async () => {
    const started = await start()
    await farcaster(BOB, fids.bob).signIn(started.url)
    const answers = await Promise.all([connect(started), connect(started)])
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 410])
    expect(answers.find((answer) => answer.status === 410)?.body).toEqual(FAILED)
    expect(answers.find((answer) => answer.status === 200)?.body.user).toMatchObject({
      userName: null,
      socialProvider: 'farcaster',
    })
    expect(await connect(started)).toMatchObject({ status: 410, body: FAILED })
  })

  it('takes the sign-in only with its PKCE verifier, and not for another project', async () => {
    const started = await start()
    expect(await connect(started, newVerifier())).toMatchObject({ status: 410, body: FAILED })
    const otherProject = await call('POST', '/auth/v1/farcaster/connect', {
      projectId: 'another-project',
      body: { channelToken: started.channelToken, codeVerifier: started.verifier },
    })
    expect(otherProject.status).toBe(403)
    expect(await connect(started)).toMatchObject({ status: 202, body: { state: 'pending' } })
    await farcaster(CAROL, fids.carol).signIn(started.url)
    expect(await connect(started, newVerifier())).toMatchObject({ status: 410, body: FAILED })
    expect((await connect(started)).status).toBe(200)
  })

  it('refuses a sign-in that has expired', async () => {
    const started = await start()
    await farcaster(CAROL, fids.carol).signIn(started.url)
    skew = FARCASTER_CHANNEL_TTL_MS + 1_000
    try {
      expect(await connect(started)).toMatchObject({ status: 410, body: FAILED })
    } finally {
      skew = 0
    }
  })

  it('refuses a message the fid did not sign, or for another domain, nonce or time', async () => {
    const refusals = [
      { signWith: BOB.privateKey },
      { domain: 'wallet.example.com' },
      { nonce: 'abcdefgh12345678' },
      { expirationTime: new Date(Date.now() - 60_000).toISOString() },
    ]
    for (const tamper of refusals) {
      const started = await start()
      await farcaster(ALICE, fids.alice).signIn(started.url, tamper)
      expect(await connect(started), JSON.stringify(tamper)).toMatchObject({
        status: 401,
        body: FAILED,
      })
      // Refused is used up: the sign-in starts again
      expect(await connect(started)).toMatchObject({ status: 410, body: FAILED })
    }
  })

  it('needs a proof of possession to connect, and the frame to start', async () => {
    const started = await start()
    const withoutProof = await call('POST', '/auth/v1/farcaster/connect', {
      dpop: false,
      body: { channelToken: started.channelToken, codeVerifier: started.verifier },
    })
    expect(withoutProof.status).toBe(401)
    const fromPage = await call('POST', '/auth/v1/farcaster/start', {
      origin: PAGE,
      body: { codeChallenge: pkceChallenge(newVerifier()) },
    })
    expect(fromPage).toMatchObject({
      status: 400,
      body: { message: "Farcaster login must be started from the embedded wallet's own origin" },
    })
    const badChallenge = await call('POST', '/auth/v1/farcaster/start', {
      body: { codeChallenge: 'short' },
    })
    expect(badChallenge.status).toBe(400)
  })

  it('answers 502 while the relay is down', async () => {
    const down = callerOf(() => relayDown)
    const started = await start(down)
    failingRelayUp = false
    await failingRelay.stop()
    const relayFailed = { message: 'Could not reach the Farcaster relay. Try again.' }
    expect(await connect(started, started.verifier, down)).toMatchObject({
      status: 502,
      body: relayFailed,
    })
    const restart = await down('POST', '/auth/v1/farcaster/start', {
      body: { codeChallenge: pkceChallenge(newVerifier()) },
    })
    expect(restart).toMatchObject({ status: 502, body: relayFailed })
  })

  it('answers 400 on a server without Farcaster login', async () => {
    const bare = callerOf(() => unconfigured)
    const started = await bare('POST', '/auth/v1/farcaster/start', {
      body: { codeChallenge: pkceChallenge(newVerifier()) },
    })
    expect(started).toMatchObject({ status: 400, body: NOT_CONFIGURED })
    const connected = await bare('POST', '/auth/v1/farcaster/connect', {
      body: { channelToken: 'x', codeVerifier: newVerifier() },
    })
    expect(connected).toMatchObject({ status: 400, body: NOT_CONFIGURED })
  })
})
