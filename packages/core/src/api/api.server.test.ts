import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { DEFAULT_REMOTE_FEATURES, WALLET_PAGE_SIZE } from '../constants.ts'
import type { SetupAlertCode } from '../errors.ts'
import { realClient, startRealServer } from '../testing/realServer.ts'
import { ApiError } from './api.ts'
import { resolveFeatures } from './features.ts'
import { checkOrigin, fetchAllowedOrigins } from './origins.ts'
import { fetchRemoteFeatures } from './remoteConfig.ts'

// Against the real server (packages/server) with its seeded demo project and real wallets.

let server: Awaited<ReturnType<typeof startRealServer>>

beforeAll(async () => {
  server = await startRealServer()
})

afterAll(async () => {
  await server?.close()
})

describe('GET /getWallets', () => {
  it('pages through the whole directory: page 1, 2 and the last', async () => {
    const api = realClient(server.url)
    const first = await api.getWallets({ page: 1, entries: WALLET_PAGE_SIZE })
    expect(first.count).toBeGreaterThanOrEqual(100)
    expect(first.data).toHaveLength(WALLET_PAGE_SIZE)
    const second = await api.getWallets({ page: 2, entries: WALLET_PAGE_SIZE })
    expect(second.data).toHaveLength(WALLET_PAGE_SIZE)
    const lastPage = Math.ceil(first.count / WALLET_PAGE_SIZE)
    const last = await api.getWallets({ page: lastPage, entries: WALLET_PAGE_SIZE })
    expect(last.data).toHaveLength(first.count - (lastPage - 1) * WALLET_PAGE_SIZE)
    const beyond = await api.getWallets({ page: lastPage + 1, entries: WALLET_PAGE_SIZE })
    expect(beyond.data).toEqual([])
    const ids = [...first.data, ...second.data, ...last.data].map((w) => w.id)
    expect(new Set(ids).size).toBe(ids.length)
  })

  it('every item has the contract shape', async () => {
    const { data } = await realClient(server.url).getWallets({ entries: 100 })
    for (const wallet of data) {
      expect(wallet.id).toEqual(expect.any(String))
      expect(wallet.name).toEqual(expect.any(String))
      expect(['certified', 'none']).toContain(wallet.badge_type)
      expect(Array.isArray(wallet.chains)).toBe(true)
    }
  })

  it("search 'rain' gives Rainbow first", async () => {
    const { data } = await realClient(server.url).getWallets({ search: 'rain', entries: 100 })
    expect(data[0]?.name).toBe('Rainbow')
  })

  it('include gives only those wallets; exclude leaves them out', async () => {
    const api = realClient(server.url)
    const included = await api.getWallets({ include: ['phantom', 'rainbow'] })
    expect(included.data.map((w) => w.id).sort()).toEqual(['phantom', 'rainbow'])
    expect(included.count).toBe(2)
    const all = await api.getWallets()
    const excluded = await api.getWallets({ exclude: ['metamask', 'rainbow'] })
    expect(excluded.count).toBe(all.count - 2)
    expect(excluded.data.map((w) => w.id)).not.toContain('metamask')
  })

  it('filters by badge, rdns and chains', async () => {
    const api = realClient(server.url)
    const certified = await api.getWallets({ badge_type: 'certified', entries: 20 })
    expect(certified.data.length).toBeGreaterThan(0)
    expect(certified.data.every((w) => w.badge_type === 'certified')).toBe(true)
    const byRdns = await api.getWallets({ rdns: ['me.rainbow'] })
    expect(byRdns.data.map((w) => w.id)).toEqual(['rainbow'])
    const solana = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
    const onSolana = await api.getWallets({ chains: [solana], entries: 100 })
    expect(onSolana.data.length).toBeGreaterThan(0)
    expect(onSolana.data.every((w) => w.chains.includes(solana))).toBe(true)
  })

  it('the local chains of the demo find wallets (those adding any EVM network)', async () => {
    const { count } = await realClient(server.url).getWallets({
      chains: ['eip155:31337', 'eip155:31338'],
    })
    expect(count).toBeGreaterThan(0)
  })

  it('one request for concurrent identical calls, a new one after it settles', async () => {
    const api = realClient(server.url)
    const fetchSpy = vi.spyOn(globalThis, 'fetch')
    try {
      const [a, b] = await Promise.all([api.getWallets({ page: 1 }), api.getWallets({ page: 1 })])
      expect(a).toEqual(b)
      expect(fetchSpy).toHaveBeenCalledTimes(1)
      await api.getWallets({ page: 1 })
      expect(fetchSpy).toHaveBeenCalledTimes(2)
    } finally {
      fetchSpy.mockRestore()
    }
  })

  it('serves the wallet image at walletImageUrl', async () => {
    const api = realClient(server.url)
    const { data } = await api.getWallets({ include: ['rainbow'] })
    const response = await fetch(api.walletImageUrl(data[0]?.image_id ?? ''))
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^image\//)
  })
})

describe('GET /appkit/v1/config', () => {
  it('gives the §1 defaults for the demo project', async () => {
    const { features } = await realClient(server.url).getConfig()
    // This server runs no onramp, and says so; the rest are the §1 defaults.
    expect(features).toEqual({
      ...DEFAULT_REMOTE_FEATURES,
      socials: [...DEFAULT_REMOTE_FEATURES.socials],
      onramp: false,
    })
    expect(resolveFeatures(undefined, features)).toEqual({
      ...resolveFeatures(undefined, undefined),
      onramp: false,
    })
  })
})

describe('GET /projects/v1/origins', () => {
  it("lists the demo's origins; the demo page passes, another origin raises APKT002", async () => {
    const result = await fetchAllowedOrigins(realClient(server.url))
    expect(result).toEqual({ allowedOrigins: expect.arrayContaining(['http://127.0.0.1:5173']) })
    expect(checkOrigin('http://127.0.0.1:5173', result)).toBeUndefined()
    expect(checkOrigin('http://localhost:5173', result)).toBeUndefined()
    expect(checkOrigin('https://evil.example', result)).toBe('APKT002')
  })
})

describe('GET /getAnalyticsConfig', () => {
  it('answers a boolean', async () => {
    const config = await realClient(server.url).getAnalyticsConfig()
    expect(typeof config.isAnalyticsEnabled).toBe('boolean')
  })
})

describe('project errors (§8)', () => {
  it('an unknown project is a 403 with APKT007, raised as APKT007', async () => {
    const api = realClient(server.url, 'f'.repeat(32))
    const error = await api.getConfig().catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 403, code: 'APKT007', message: 'HTTP status code: 403' })
    const raised: SetupAlertCode[] = []
    await fetchRemoteFeatures({ api, raise: (code) => raised.push(code) })
    expect(raised).toEqual(['APKT007'])
    // §7: a failure other than 429/5xx gives an empty list, so no origin alert.
    expect(await fetchAllowedOrigins(api)).toEqual({ allowedOrigins: [] })
  })

  it('an empty project ID raises APKT008 without a request; the server agrees', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch')
    try {
      const raised: SetupAlertCode[] = []
      await fetchRemoteFeatures({ api: realClient(server.url, ''), raise: (c) => raised.push(c) })
      expect(raised).toEqual(['APKT008'])
      expect(fetchSpy).not.toHaveBeenCalled()
    } finally {
      fetchSpy.mockRestore()
    }
    const response = await fetch(`${server.url}/appkit/v1/config?projectId=&st=appkit&sv=x`)
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({ error: 'Project ID Missing', code: 'APKT008' })
  })
})
