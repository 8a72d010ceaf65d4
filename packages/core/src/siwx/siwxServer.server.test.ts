// ServerSIWX against the real server (packages/server): sign-in tokens, refresh, the tab's
// storage across a reload, and email capture that waits for the sign-in (issue 18 #10).
import { generateKeyPairSync, sign } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { encodeBase58 } from '../base58.ts'
import { MemoryStorage } from '../storage/memoryStorage.ts'
import { DEMO_PROJECT_ID, startRealServer } from '../testing/realServer.ts'
import { siwxMessageText } from './siwxMessage.ts'
import { ServerSIWX } from './siwxServer.ts'

const PAGE = 'http://127.0.0.1:5173'
const CHAIN = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
const ACCESS_TOKEN_MS = 15 * 60_000

let server: Awaited<ReturnType<typeof startRealServer>>
/** How far the server's clock runs ahead of the test's (to expire access tokens) */
let ahead = 0

beforeAll(async () => {
  vi.stubGlobal('location', new URL(`${PAGE}/`))
  server = await startRealServer({ allowedOrigins: [PAGE], now: () => Date.now() + ahead })
})
afterAll(async () => {
  await server?.close()
  vi.unstubAllGlobals()
})

function wallet() {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519')
  const address = encodeBase58(publicKey.export({ format: 'der', type: 'spki' }).subarray(-32))
  return {
    address,
    sign: (text: string) => encodeBase58(sign(null, Buffer.from(text), privateKey)),
  }
}

function client(tokenStorage: MemoryStorage | null = new MemoryStorage()) {
  return new ServerSIWX({ projectId: DEMO_PROJECT_ID, apiUrl: server.url, tokenStorage })
}

/** What the modal does: the message, the wallet's signature, addSession. */
async function signIn(siwx: ServerSIWX, account: ReturnType<typeof wallet>) {
  const data = await siwx.createMessage({ accountAddress: account.address, chainId: CHAIN })
  const message = siwxMessageText(data)
  await siwx.addSession({ data, message, signature: account.sign(message) })
}

function listWith(token: string | undefined, address: string) {
  const query = new URLSearchParams({ projectId: DEMO_PROJECT_ID, chainId: CHAIN, address })
  return fetch(`${server.url}/siwx/v1/sessions?${query}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  })
}

describe('ServerSIWX end to end', () => {
  it('before signing in the account has no session (the server answers 401, the modal asks to sign)', async () => {
    const account = wallet()
    expect(await client().getSessions(CHAIN, account.address)).toEqual([])
    expect((await listWith(undefined, account.address)).status).toBe(401)
    expect(await client().getAccessToken()).toBeUndefined()
  })

  it('signs in, lists and revokes with its access token, and hands that token to the app', async () => {
    const account = wallet()
    const siwx = client()
    await signIn(siwx, account)
    const sessions = await siwx.getSessions(CHAIN, account.address)
    expect(sessions.map((s) => s.data.accountAddress)).toEqual([account.address])
    // The app sends the token to its backend; it proves this account and no other.
    const token = await siwx.getAccessToken()
    expect(token).toBe(await siwx.getAccessToken(CHAIN, account.address))
    expect((await listWith(token, account.address)).status).toBe(200)
    expect((await listWith(token, wallet().address)).status).toBe(401)
    // Another page (no token) sees nothing and cannot sign the account out.
    expect(await client().getSessions(CHAIN, account.address)).toEqual([])
    await expect(
      client().setSessions([], { chainId: CHAIN, accountAddress: account.address }),
    ).rejects.toThrow('Sign-in required')

    await siwx.setSessions([], { chainId: CHAIN, accountAddress: account.address })
    expect(await siwx.getAccessToken(CHAIN, account.address)).toBeUndefined()
    expect(await siwx.getSessions(CHAIN, account.address)).toEqual([])
    expect(await (await listWith(token, account.address)).json()).toEqual({ sessions: [] })
  })

  it('refreshes once when the server says the access token expired, and keeps only the refresh token in the tab storage', async () => {
    const account = wallet()
    const tab = new MemoryStorage()
    const siwx = client(tab)
    await signIn(siwx, account)
    const first = await siwx.getAccessToken()
    const stored = [...tab.entries.values()].join('\n')
    expect(stored).toContain('refreshToken')
    expect(stored).not.toContain(first)

    ahead += ACCESS_TOKEN_MS
    expect((await listWith(first, account.address)).status).toBe(401)
    expect(await siwx.getSessions(CHAIN, account.address)).toHaveLength(1)
    const second = await siwx.getAccessToken()
    expect(second).not.toBe(first)

    // A reload: a new ServerSIWX over the same tab storage signs in with its refresh token.
    const reloaded = client(tab)
    expect(await reloaded.getSessions(CHAIN, account.address)).toHaveLength(1)
    // Memory only: a reload has nothing to refresh with.
    const memoryOnly = client(null)
    await signIn(memoryOnly, account)
    expect(await client(null).getSessions(CHAIN, account.address)).toEqual([])
  })

  it('email capture before the sign-in waits for it, then goes with its token', async () => {
    const account = wallet()
    const siwx = client()
    const caipAddress = `${CHAIN}:${account.address}`
    const emails = () =>
      server.db
        .selectFrom('captured_emails')
        .select(['caip_address', 'email'])
        .where('caip_address', '=', caipAddress)
        .execute()
    await siwx.captureEmail('ada@example.com', caipAddress)
    expect(await emails()).toEqual([])
    await signIn(siwx, account)
    expect(await emails()).toEqual([{ caip_address: caipAddress, email: 'ada@example.com' }])
    await siwx.captureEmail('grace@example.com', caipAddress)
    expect(await emails()).toEqual([{ caip_address: caipAddress, email: 'grace@example.com' }])
  })
})
