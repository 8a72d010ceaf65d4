import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { MemoryStorage, type SIWXSession, siwxMessageText } from '@latchkey/core/internal'
import { localChainA } from '@latchkey/core/networks'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createAppKit } from '../createAppKit.ts'
import { SIWXErrorText } from './errors.ts'
import { ReownAuthentication } from './reownAuthentication.ts'
import { EVM_CHAIN, evmSigner } from './testing/signers.ts'

/**
 * A stand-in for the service's SIWX routes (packages/server has the real ones and their
 * checks): it records each request and keeps what it is given.
 */
interface Request {
  method: string
  path: string
  query: Record<string, string>
  body: unknown
}
const requests: Request[] = []
let stored: SIWXSession[] = []
let server: Server
let apiUrl: string

beforeAll(async () => {
  server = createServer((req, res) => {
    let text = ''
    req.on('data', (chunk) => {
      text += chunk
    })
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stand-in')
      const body = text ? JSON.parse(text) : undefined
      const path = url.pathname
      requests.push({
        method: req.method ?? '',
        path,
        query: Object.fromEntries(url.searchParams),
        body,
      })
      const json = (status: number, value: unknown) =>
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value))
      if (req.method === 'POST' && path === '/siwx/v1/nonce')
        return json(200, { nonce: 'StandInNonce0001' })
      if (req.method === 'POST' && path === '/siwx/v1/sessions') {
        stored.push(body)
        const later = (ms: number) => new Date(Date.now() + ms).toISOString()
        return json(201, {
          session: body,
          accessToken: 'stand-in-access-token',
          tokenType: 'Bearer',
          accessTokenExpiresAt: later(15 * 60_000),
          refreshToken: 'stand-in-refresh-token',
          refreshTokenExpiresAt: later(24 * 60 * 60_000),
        })
      }
      if (req.method === 'GET' && path === '/siwx/v1/sessions')
        return json(200, { sessions: stored })
      if (req.method === 'POST' && path === '/siwx/v1/email') {
        return req.headers.authorization === 'Bearer stand-in-access-token'
          ? res.writeHead(204).end()
          : json(401, { error: 'Sign-in required' })
      }
      if (req.method === 'DELETE' && path === '/siwx/v1/sessions') {
        stored = []
        return res.writeHead(204).end()
      }
      json(404, { error: 'not here' })
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise((resolve) => server.close(resolve)))
afterEach(() => {
  requests.length = 0
  stored = []
  document.head.innerHTML = ''
})

const siwxRequests = () => requests.filter((r) => r.path.startsWith('/siwx/'))
const input = { accountAddress: evmSigner().address, chainId: EVM_CHAIN }

describe('ReownAuthentication before any createAppKit', () => {
  it('without a projectId, says what it needs', async () => {
    await expect(new ReownAuthentication().createMessage(input)).rejects.toThrow(
      SIWXErrorText.noProjectId,
    )
  })

  it("takes the page's latchkey-api-url meta tag when no apiUrl is given", async () => {
    document.head.innerHTML = `<meta name="latchkey-api-url" content="${apiUrl}">`
    const data = await new ReownAuthentication({ projectId: 'meta' }).createMessage(input)
    expect(data.nonce).toBe('StandInNonce0001')
    expect(siwxRequests()[0]?.query.projectId).toBe('meta')
  })
})

describe('ReownAuthentication made as AppKit apps make it', () => {
  it("takes createAppKit's projectId and apiUrl, and signs in on the service", async () => {
    const siwx = new ReownAuthentication()
    expect(siwx.required).toBe(true)
    const appKit = createAppKit({
      networks: [localChainA],
      projectId: 'from-appkit',
      apiUrl,
      storage: new MemoryStorage(),
      siwx,
    })
    try {
      const changes: (SIWXSession | undefined)[] = []
      const stop = siwx.on('sessionChanged', (session) => changes.push(session))
      const signer = evmSigner()
      const data = await siwx.createMessage({ accountAddress: signer.address, chainId: EVM_CHAIN })
      expect(data).toMatchObject({ nonce: 'StandInNonce0001', domain: location.host })
      const message = siwxMessageText(data)
      const session = { data, message, signature: await signer.sign(message) }
      await siwx.addSession(session)
      expect(await siwx.getSessions(EVM_CHAIN, signer.address)).toEqual([session])
      await siwx.revokeSession(EVM_CHAIN, signer.address)
      stop()
      await siwx.addSession(session)

      expect(changes).toEqual([session, session, undefined])
      expect(siwxRequests().map((r) => `${r.method} ${r.path} ${r.query.projectId}`)).toEqual([
        'POST /siwx/v1/nonce from-appkit',
        'POST /siwx/v1/sessions from-appkit',
        'GET /siwx/v1/sessions from-appkit',
        'DELETE /siwx/v1/sessions from-appkit',
        'POST /siwx/v1/sessions from-appkit',
      ])
      expect(siwxRequests()[1]?.body).toEqual(session)
      expect(siwxRequests()[3]?.query).toMatchObject({
        chainId: EVM_CHAIN,
        address: signer.address,
      })
    } finally {
      appKit.destroy()
    }
  })

  it("hands the sign-in's access token to the app and saves DataCapture's email with it", async () => {
    const siwx = new ReownAuthentication({ projectId: 'p1', apiUrl })
    const signer = evmSigner()
    expect(await siwx.getAccessToken()).toBeUndefined()
    const data = await siwx.createMessage({ accountAddress: signer.address, chainId: EVM_CHAIN })
    const message = siwxMessageText(data)
    await siwx.addSession({ data, message, signature: await signer.sign(message) })

    expect(await siwx.getAccessToken(EVM_CHAIN, signer.address)).toBe('stand-in-access-token')
    await siwx.captureEmail('ada@example.com', `${EVM_CHAIN}:${signer.address}`)
    expect(siwxRequests().at(-1)).toMatchObject({
      method: 'POST',
      path: '/siwx/v1/email',
      body: { email: 'ada@example.com', caipAddress: `${EVM_CHAIN}:${signer.address}` },
    })
  })

  it("its own projectId and apiUrl win over createAppKit's", async () => {
    const appKit = createAppKit({
      networks: [localChainA],
      projectId: 'from-appkit',
      apiUrl: 'http://127.0.0.1:1',
      storage: new MemoryStorage(),
    })
    try {
      const siwx = new ReownAuthentication({ projectId: 'own', apiUrl, required: false })
      expect(siwx.getRequired()).toBe(false)
      await siwx.createMessage(input)
      expect(siwxRequests()[0]?.query.projectId).toBe('own')
    } finally {
      appKit.destroy()
    }
  })
})
