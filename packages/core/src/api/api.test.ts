import { describe, expect, it } from 'vitest'
import { ApiError, setupAlertCodeFor } from './api.ts'
import { createApiClient } from './apiClient.ts'
import {
  toAnalyticsConfig,
  toOrigins,
  toRemoteConfig,
  toWalletItem,
  toWalletsPage,
} from './apiShapes.ts'

const BASE = {
  apiUrl: 'http://127.0.0.1:8787',
  projectId: 'p1',
  sdkType: 'appkit',
  sdkVersion: 'html-wagmi-4.2.2',
}

const WALLET = {
  id: 'w1',
  name: 'One',
  image_id: 'img1',
  rdns: 'io.one',
  chains: ['eip155:1'],
  homepage: 'https://one.io',
  mobile_link: 'one://',
  desktop_link: null,
  webapp_link: null,
  app_store: null,
  play_store: null,
  chrome_store: null,
  badge_type: 'certified',
}

/**
 * FETCH STAND-IN, for the dedupe and error-mapping tests of this module only: it answers
 * with a status and body the test forces (a real server cannot be made to answer 429 or 503
 * on demand) and records the URLs asked for. Answers stay pending until `release()`.
 */
function fetchStandIn(answer: (url: string) => Response | Promise<Response>) {
  const urls: string[] = []
  const waiting: (() => void)[] = []
  const fetch = (url: string) => {
    urls.push(url)
    return new Promise<Response>((resolve, reject) => {
      waiting.push(() =>
        Promise.resolve()
          .then(() => answer(url))
          .then(resolve, reject),
      )
    })
  }
  const release = () => {
    for (const go of waiting.splice(0)) go()
  }
  return { fetch, urls, release }
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError)
    return error as ApiError
  }
  throw new Error('expected a rejection')
}

describe('createApiClient URLs', () => {
  it('carries projectId, st and sv, then the params in a fixed order', async () => {
    const standIn = fetchStandIn(() => json({ data: [], count: 0 }))
    const api = createApiClient({ ...BASE, fetch: standIn.fetch })
    const pending = api.getWallets({
      search: 'rain',
      page: 2,
      entries: 40,
      include: ['a', 'b'],
      exclude: ['c'],
      chains: ['eip155:1', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'],
      badge_type: 'certified',
      rdns: ['io.one'],
    })
    standIn.release()
    await pending
    const url = new URL(standIn.urls[0] ?? '')
    expect(url.origin + url.pathname).toBe('http://127.0.0.1:8787/getWallets')
    expect([...url.searchParams.keys()]).toEqual([
      'projectId',
      'st',
      'sv',
      'page',
      'entries',
      'include',
      'exclude',
      'chains',
      'search',
      'badge_type',
      'rdns',
    ])
    expect(url.searchParams.get('projectId')).toBe('p1')
    expect(url.searchParams.get('st')).toBe('appkit')
    expect(url.searchParams.get('sv')).toBe('html-wagmi-4.2.2')
    expect(url.searchParams.get('include')).toBe('a,b')
    expect(url.searchParams.get('chains')).toBe('eip155:1,solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')
  })

  it('leaves out empty lists, empty strings and undefined params', async () => {
    const standIn = fetchStandIn(() => json({ data: [], count: 0 }))
    const api = createApiClient({ ...BASE, fetch: standIn.fetch })
    const pending = api.getWallets({ include: [], exclude: [''], search: '', page: undefined })
    standIn.release()
    await pending
    expect([...new URL(standIn.urls[0] ?? '').searchParams.keys()]).toEqual([
      'projectId',
      'st',
      'sv',
    ])
  })

  it('keeps a path prefix of apiUrl and drops its trailing slash', () => {
    const api = createApiClient({ ...BASE, apiUrl: 'https://example.com/api/' })
    expect(api.walletImageUrl('img 1')).toBe(
      'https://example.com/api/getWalletImage/img%201?projectId=p1&st=appkit&sv=html-wagmi-4.2.2',
    )
    expect(api.assetImageUrl('a1')).toBe(
      'https://example.com/api/public/getAssetImage/a1?projectId=p1&st=appkit&sv=html-wagmi-4.2.2',
    )
    expect(api.socialImageUrl('google')).toBe(
      'https://example.com/api/public/getSocialImage/google?projectId=p1&st=appkit&sv=html-wagmi-4.2.2',
    )
  })
})

describe('createApiClient in-flight dedupe', () => {
  it('one request for the same URL while it is pending', async () => {
    const standIn = fetchStandIn(() => json({ data: [WALLET], count: 1 }))
    const api = createApiClient({ ...BASE, fetch: standIn.fetch })
    const first = api.getWallets({ page: 1 })
    const second = api.getWallets({ page: 1 })
    expect(standIn.urls).toHaveLength(1)
    standIn.release()
    const [a, b] = await Promise.all([first, second])
    expect(a).toEqual(b)
    // Each caller has its own copy: changing one answer does not change the other.
    a.data.pop()
    expect(b.data).toHaveLength(1)
  })

  it('a new request once the first has settled', async () => {
    const standIn = fetchStandIn(() => json({ data: [], count: 0 }))
    const api = createApiClient({ ...BASE, fetch: standIn.fetch })
    const first = api.getConfig()
    standIn.release()
    await expect(first).rejects.toBeInstanceOf(ApiError)
    const second = api.getConfig()
    expect(standIn.urls).toHaveLength(2)
    standIn.release()
    await second.catch(() => undefined)
  })

  it('a new request after a failure', async () => {
    let status = 503
    const standIn = fetchStandIn(() => json({ error: 'down' }, status))
    const api = createApiClient({ ...BASE, fetch: standIn.fetch })
    const first = api.getOrigins()
    standIn.release()
    expect((await failure(first)).status).toBe(503)
    status = 200
    const second = api.getOrigins()
    standIn.release()
    expect(standIn.urls).toHaveLength(2)
    await expect(second).rejects.toThrow('Malformed response from /projects/v1/origins')
  })

  it('separate requests for different URLs', () => {
    const standIn = fetchStandIn(() => json({ data: [], count: 0 }))
    const api = createApiClient({ ...BASE, fetch: standIn.fetch })
    void api.getWallets({ page: 1 })
    void api.getWallets({ page: 2 })
    void api.getConfig().catch(() => undefined)
    expect(standIn.urls).toHaveLength(3)
    standIn.release()
  })

  it('two clients never share a pending request', () => {
    const standIn = fetchStandIn(() => json({ data: [], count: 0 }))
    const a = createApiClient({ ...BASE, fetch: standIn.fetch })
    const b = createApiClient({ ...BASE, fetch: standIn.fetch })
    void a.getWallets()
    void b.getWallets()
    expect(standIn.urls).toHaveLength(2)
    standIn.release()
  })
})

describe('createApiClient errors', () => {
  it("a non-OK answer is 'HTTP status code: N' with the body's code", async () => {
    const standIn = fetchStandIn(() => json({ error: 'Invalid Project ID', code: 'APKT007' }, 403))
    const api = createApiClient({ ...BASE, fetch: standIn.fetch })
    const pending = api.getConfig()
    standIn.release()
    const error = await failure(pending)
    expect(error.message).toBe('HTTP status code: 403')
    expect(error.status).toBe(403)
    expect(error.code).toBe('APKT007')
    expect(error.path).toBe('/appkit/v1/config')
    expect(error.reason).toBe('Invalid Project ID')
  })

  it("keeps the service's reason (at most 300 characters), a plain-text body gives none", async () => {
    const long = 'x'.repeat(400)
    for (const [answer, reason] of [
      [json({ error: 'Insufficient liquidity' }, 400), 'Insufficient liquidity'],
      [json({ error: long }, 400), long.slice(0, 300)],
      [json({ error: 7 }, 400), undefined],
      [new Response('Insufficient liquidity', { status: 400 }), undefined],
    ] as const) {
      const standIn = fetchStandIn(() => answer)
      const api = createApiClient({ ...BASE, fetch: standIn.fetch })
      const pending = api.convert.tokens('eip155:1')
      standIn.release()
      const error = await failure(pending)
      expect(error.message).toBe('HTTP status code: 400')
      expect(error.reason).toBe(reason)
    }
  })

  it('a non-OK answer without a JSON body has no code', async () => {
    const standIn = fetchStandIn(() => new Response('Bad Gateway', { status: 502 }))
    const api = createApiClient({ ...BASE, fetch: standIn.fetch })
    const pending = api.getWallets()
    standIn.release()
    const error = await failure(pending)
    expect(error.message).toBe('HTTP status code: 502')
    expect(error.status).toBe(502)
    expect(error.code).toBeUndefined()
  })

  it('a §8 provider text in the answer (JSON or plain) gives its alert code', async () => {
    const answers = [
      json({ error: 'Unauthorized: origin not allowed' }, 403),
      json({ message: 'JWT validation error: JWT Token is not yet valid' }, 401),
      new Response('Unauthorized: invalid key', { status: 401 }),
    ]
    const codes: (string | undefined)[] = []
    for (const answer of answers) {
      const standIn = fetchStandIn(() => answer)
      const pending = createApiClient({ ...BASE, fetch: standIn.fetch }).getWallets()
      standIn.release()
      codes.push((await failure(pending)).code)
    }
    expect(codes).toEqual(['APKT002', 'APKT006', 'APKT007'])
  })

  it('429 with its code', async () => {
    const standIn = fetchStandIn(() => json({ error: 'Rate Limited', code: 'APKT010' }, 429))
    const api = createApiClient({ ...BASE, fetch: standIn.fetch })
    const pending = api.getAnalyticsConfig()
    standIn.release()
    const error = await failure(pending)
    expect([error.status, error.code, error.message]).toEqual([
      429,
      'APKT010',
      'HTTP status code: 429',
    ])
  })

  it('a fetch that throws is status 0 with the cause kept', async () => {
    const cause = new TypeError('fetch failed')
    const standIn = fetchStandIn(() => {
      throw cause
    })
    const api = createApiClient({ ...BASE, fetch: standIn.fetch })
    const pending = api.getWallets()
    standIn.release()
    const error = await failure(pending)
    expect(error.message).toBe('Request to /getWallets failed')
    expect(error.status).toBe(0)
    expect(error.cause).toBe(cause)
  })

  it('a body that is not JSON is malformed', async () => {
    const standIn = fetchStandIn(() => new Response('<html>', { status: 200 }))
    const api = createApiClient({ ...BASE, fetch: standIn.fetch })
    const pending = api.getWallets()
    standIn.release()
    await expect(pending).rejects.toThrow('Malformed response from /getWallets')
  })

  it('a JSON body of the wrong shape is malformed, never a crash', async () => {
    for (const body of [null, [], 'x', { data: 'no', count: 1 }, { data: [], count: -1 }]) {
      const standIn = fetchStandIn(() => json(body))
      const api = createApiClient({ ...BASE, fetch: standIn.fetch })
      const pending = api.getWallets()
      standIn.release()
      const error = await failure(pending)
      expect(error.message).toBe('Malformed response from /getWallets')
      expect(error.status).toBe(200)
    }
  })

  it('drops malformed wallet items and keeps the rest', async () => {
    const body = {
      data: [WALLET, { id: 'x' }, 42, { ...WALLET, id: 'w2', chains: 'eip155:1' }],
      count: 4,
    }
    const standIn = fetchStandIn(() => json(body))
    const api = createApiClient({ ...BASE, fetch: standIn.fetch })
    const pending = api.getWallets()
    standIn.release()
    const page = await pending
    expect(page.data.map((w) => w.id)).toEqual(['w1'])
    expect(page.count).toBe(4)
  })

  it('an empty project ID gives APKT008 without any request', async () => {
    for (const projectId of ['', '   ']) {
      const standIn = fetchStandIn(() => json({}))
      const api = createApiClient({ ...BASE, projectId, fetch: standIn.fetch })
      const error = await failure(api.getConfig())
      expect(error.code).toBe('APKT008')
      expect(error.message).toBe('Project ID Missing')
      expect(error.status).toBe(0)
      await failure(api.getWallets())
      const post = await failure(
        api.getTokenPrices(['eip155:1:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee']),
      )
      expect(post.code).toBe('APKT008')
      expect(standIn.urls).toEqual([])
    }
  })
})

describe('setupAlertCodeFor', () => {
  const error = (status: number, code?: string) =>
    new ApiError('x', { status, path: '/p', ...(code ? { code } : {}) })

  it('maps the service codes and statuses to §8 alerts', () => {
    expect(setupAlertCodeFor(error(403, 'APKT007'), 'APKT009')).toBe('APKT007')
    expect(setupAlertCodeFor(error(403), 'APKT009')).toBe('APKT007')
    expect(setupAlertCodeFor(error(0, 'APKT008'), 'APKT009')).toBe('APKT008')
    expect(setupAlertCodeFor(error(400, 'APKT008'), 'APKT003')).toBe('APKT008')
    expect(setupAlertCodeFor(error(429), 'APKT009')).toBe('APKT010')
    expect(setupAlertCodeFor(error(429, 'APKT010'), 'APKT003')).toBe('APKT010')
  })

  it('keeps APKT002 and APKT006 read from an answer', () => {
    expect(setupAlertCodeFor(error(403, 'APKT002'), 'APKT003')).toBe('APKT002')
    expect(setupAlertCodeFor(error(401, 'APKT006'), 'APKT009')).toBe('APKT006')
  })

  it('falls back for anything else', () => {
    expect(setupAlertCodeFor(error(500), 'APKT009')).toBe('APKT009')
    expect(setupAlertCodeFor(error(0), 'APKT003')).toBe('APKT003')
    expect(setupAlertCodeFor(error(400), 'APKT003')).toBe('APKT003')
    expect(setupAlertCodeFor(new Error('x'), 'APKT009')).toBe('APKT009')
    expect(setupAlertCodeFor(undefined, 'APKT003')).toBe('APKT003')
  })
})

describe('shape checks', () => {
  it('toWalletItem fills absent optional fields', () => {
    expect(toWalletItem({ id: 'w', name: 'W' })).toEqual({
      id: 'w',
      name: 'W',
      image_id: null,
      rdns: null,
      chains: [],
      homepage: null,
      mobile_link: null,
      desktop_link: null,
      webapp_link: null,
      app_store: null,
      play_store: null,
      chrome_store: null,
      badge_type: 'none',
    })
  })

  it('toWalletItem reads an empty link as none', () => {
    expect(toWalletItem({ ...WALLET, mobile_link: '' })?.mobile_link).toBeNull()
  })

  it('toWalletItem rejects wrong types', () => {
    expect(toWalletItem({ ...WALLET, id: '' })).toBeUndefined()
    expect(toWalletItem({ ...WALLET, name: 3 })).toBeUndefined()
    expect(toWalletItem({ ...WALLET, rdns: 1 })).toBeUndefined()
    expect(toWalletItem({ ...WALLET, mobile_link: {} })).toBeUndefined()
    expect(toWalletItem({ ...WALLET, chains: [1] })).toBeUndefined()
    expect(toWalletItem({ ...WALLET, badge_type: 'gold' })).toBeUndefined()
    expect(toWalletItem(null)).toBeUndefined()
  })

  it('toWalletsPage needs data and a count', () => {
    expect(toWalletsPage({ data: [], count: 0 })).toEqual({ data: [], count: 0 })
    expect(toWalletsPage({ data: [] })).toBeUndefined()
    expect(toWalletsPage({ count: 1 })).toBeUndefined()
    expect(toWalletsPage({ data: [], count: 1.5 })).toBeUndefined()
  })

  it('toRemoteConfig keeps well-typed features and leaves the rest out', () => {
    expect(
      toRemoteConfig({
        features: { swaps: false, onramp: 'yes', email: true, socials: ['google', 7], activity: 1 },
      }),
    ).toEqual({ features: { swaps: false, email: true } })
    expect(toRemoteConfig({ features: { socials: false, emailCapture: true } })).toEqual({
      features: { socials: false, emailCapture: true },
    })
    expect(toRemoteConfig({ features: { socials: ['x', 'google'] } })).toEqual({
      features: { socials: ['x', 'google'] },
    })
    expect(toRemoteConfig({})).toBeUndefined()
    expect(toRemoteConfig({ features: [] })).toBeUndefined()
  })

  it('toOrigins keeps the non-empty strings', () => {
    expect(toOrigins({ allowedOrigins: ['https://a.io', '', 3] })).toEqual({
      allowedOrigins: ['https://a.io'],
    })
    expect(toOrigins({ allowedOrigins: 'https://a.io' })).toBeUndefined()
  })

  it('toAnalyticsConfig needs a boolean', () => {
    expect(toAnalyticsConfig({ isAnalyticsEnabled: false })).toEqual({ isAnalyticsEnabled: false })
    expect(toAnalyticsConfig({ isAnalyticsEnabled: 'true' })).toBeUndefined()
  })
})
