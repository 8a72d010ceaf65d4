import { readFileSync } from 'node:fs'
// The wallet/config service (§7) against the real server, on every available database.
import { DEFAULT_REMOTE_FEATURES, DEFAULT_SOCIALS } from '@latchkey/core/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_PROJECT_ID } from './constants.ts'
import type { WalletItem } from './routes/wallets.ts'
import { BITCOIN, COSMOS_HUB, SUI } from './seed/chains.ts'
import { REAL_WALLETS, type SeedWallet } from './seed/wallets.ts'
import { availableDatabases, startTestServer, type TestServer } from './testing/databases.ts'
import { TEST_FRAME_ORIGIN } from './testing/emailLogin.ts'

const ORIGIN = 'http://localhost:5173'
const FOREIGN_ORIGIN = 'https://evil.example'

function fixture(id: string, name: string, rdns: string | null = null): SeedWallet {
  return {
    id,
    name,
    rdns,
    chains: ['eip155:1'],
    customEvmNetworks: false,
    homepage: `https://${id}.example`,
    mobileLink: null,
    universalLink: null,
    desktopLink: null,
    webappLink: null,
    appStore: null,
    playStore: null,
    chromeStore: null,
    certified: false,
  }
}

// Fictional wallets that make search ranking and escaping observable.
const FIXTURES: SeedWallet[] = [
  fixture('fixture-terrain', 'Terrain Keeper'),
  fixture('fixture-rain', 'Rain'),
  fixture('fixture-storm', 'Storm', 'io.brainstorm'),
  fixture('fixture-drain', 'Drainpipe'),
  fixture('fixture-markup', '<script>alert("x")</script> & \'Co\''),
]
const WALLETS = [...REAL_WALLETS, ...FIXTURES]
const TOTAL = WALLETS.length

interface WalletPage {
  data: WalletItem[]
  count: number
}

describe.each(availableDatabases())('wallet/config service on $name', (database) => {
  let service: TestServer

  beforeAll(async () => {
    service = await startTestServer(database, {
      wallets: WALLETS,
      allowedOrigins: ['http://127.0.0.1:5173', ORIGIN],
      frameOrigins: [TEST_FRAME_ORIGIN],
      rateLimit: { perAddress: { limit: 1_000_000, windowMs: 10_000 } },
    })
  })
  afterAll(() => service?.stop())

  async function get(path: string, query: Record<string, string> = {}, init?: RequestInit) {
    const params = new URLSearchParams({ projectId: DEMO_PROJECT_ID, ...query })
    return service.request(`${path}?${params}`, init)
  }

  async function wallets(query: Record<string, string> = {}): Promise<WalletPage> {
    const response = await get('/getWallets', query)
    expect(response.status).toBe(200)
    return (await response.json()) as WalletPage
  }

  async function badRequest(path: string, query: Record<string, string>): Promise<string> {
    const response = await get(path, query)
    expect(response.status).toBe(400)
    const body = (await response.json()) as { error: string; code?: string }
    expect(body.code).toBeUndefined()
    return body.error
  }

  const ids = (page: WalletPage) => page.data.map((wallet) => wallet.id)

  describe('GET /getWallets', () => {
    it('gives the first 40 wallets, certified first, and the total count', async () => {
      const page = await wallets()
      expect(page.count).toBe(TOTAL)
      expect(page.data).toHaveLength(40)
      const certified = WALLETS.filter((wallet) => wallet.certified).map((wallet) => wallet.id)
      expect(ids(page).slice(0, certified.length)).toEqual(certified)
      expect(page.data[certified.length]?.badge_type).toBe('none')
    })

    it('answers every WalletItem field', async () => {
      const [metamask] = (await wallets({ include: 'metamask' })).data
      expect(metamask).toEqual({
        id: 'metamask',
        name: 'MetaMask',
        image_id: 'metamask',
        rdns: 'io.metamask',
        chains: expect.arrayContaining(['eip155:1', 'eip155:8453']),
        homepage: 'https://metamask.io',
        mobile_link: 'metamask://',
        universal_link: 'https://metamask.app.link',
        desktop_link: null,
        webapp_link: null,
        app_store: 'https://apps.apple.com/app/id1438144202',
        play_store: 'https://play.google.com/store/apps/details?id=io.metamask',
        chrome_store: 'https://chromewebstore.google.com/detail/nkbihfbeogaeaoehlefnkodbefgpgknn',
        badge_type: 'certified',
      })
    })

    it('pages with page and entries over one stable order', async () => {
      const all = [
        ...(await wallets({ entries: '100' })).data,
        ...(await wallets({ entries: '100', page: '2' })).data,
      ]
      expect(all).toHaveLength(TOTAL)
      expect(new Set(all.map((wallet) => wallet.id)).size).toBe(TOTAL)
      const page = await wallets({ entries: '7', page: '3' })
      expect(ids(page)).toEqual(all.slice(14, 21).map((wallet) => wallet.id))
      expect(page.count).toBe(TOTAL)
    })

    it('serves the exact last page, then empty pages with the full count', async () => {
      const entries = 30
      const lastPage = Math.ceil(TOTAL / entries)
      const last = await wallets({ entries: String(entries), page: String(lastPage) })
      expect(last.data).toHaveLength(TOTAL - (lastPage - 1) * entries)
      expect(await wallets({ entries: String(entries), page: String(lastPage + 1) })).toEqual({
        data: [],
        count: TOTAL,
      })
      expect(await wallets({ page: '1000000' })).toEqual({ data: [], count: TOTAL })
    })

    it('treats entries=1 and entries=100 as the bounds', async () => {
      expect((await wallets({ entries: '1' })).data).toHaveLength(1)
      expect((await wallets({ entries: '100' })).data).toHaveLength(100)
    })

    it('include keeps only the listed ids (unknown ones are ignored)', async () => {
      const page = await wallets({ include: 'rainbow, metamask,,nope' })
      expect(ids(page)).toEqual(['metamask', 'rainbow'])
      expect(page.count).toBe(2)
    })

    it('exclude drops the listed ids', async () => {
      const page = await wallets({ exclude: 'metamask,trust', entries: '100' })
      expect(page.count).toBe(TOTAL - 2)
      expect(ids(page)).not.toContain('metamask')
      expect(ids(page)).not.toContain('trust')
    })

    it('include and exclude together', async () => {
      const page = await wallets({ include: 'metamask,rainbow,trust', exclude: 'rainbow' })
      expect(ids(page)).toEqual(['metamask', 'trust'])
      expect(page.count).toBe(2)
    })

    it('names matches whole names, case-insensitively', async () => {
      const page = await wallets({ names: 'METAMASK,rainbow,Meta' })
      expect(ids(page)).toEqual(['metamask', 'rainbow'])
    })

    it('rdns matches EIP-6963 ids, case-insensitively', async () => {
      const page = await wallets({ rdns: 'io.metamask,APP.PHANTOM,io.nope' })
      expect(ids(page)).toEqual(['metamask', 'phantom'])
    })

    it('chains keeps wallets supporting any of the networks', async () => {
      const expected = (chains: string[]) =>
        WALLETS.filter((wallet) => wallet.chains.some((chain) => chains.includes(chain))).length
      expect((await wallets({ chains: BITCOIN })).count).toBe(expected([BITCOIN]))
      const either = await wallets({ chains: `${COSMOS_HUB},${SUI}`, entries: '100' })
      expect(either.count).toBe(expected([COSMOS_HUB, SUI]))
      for (const wallet of either.data) {
        expect(wallet.chains.some((chain) => chain === COSMOS_HUB || chain === SUI)).toBe(true)
      }
    })

    it('chains: a wallet that adds any EVM network serves a chain it does not list', async () => {
      const page = await wallets({ chains: 'eip155:31337', entries: '100' })
      const expected = WALLETS.filter((wallet) => wallet.customEvmNetworks).map((w) => w.id)
      expect(ids(page).sort()).toEqual(expected.sort())
      expect(ids(page)).toContain('metamask')
      expect(ids(page)).not.toContain('phantom')
    })

    it('search ranks exact, then prefix, then substring (name or rdns)', async () => {
      const page = await wallets({ search: 'rain' })
      expect(ids(page)).toEqual([
        'fixture-rain',
        'rainbow',
        'fixture-terrain',
        'fixture-storm',
        'fixture-drain',
      ])
      expect(page.count).toBe(5)
      const second = await wallets({ search: 'rain', entries: '2', page: '2' })
      expect(second).toEqual({ data: page.data.slice(2, 4), count: 5 })
      expect(await wallets({ search: 'rain', page: '2' })).toEqual({ data: [], count: 5 })
    })

    it('search is trimmed and case-insensitive, and finds rdns', async () => {
      expect(ids(await wallets({ search: '  RAINBOW ' }))).toEqual(['rainbow'])
      expect(ids(await wallets({ search: 'io.rabby' }))).toEqual(['rabby'])
      expect(ids(await wallets({ search: 'METAMASK' }))[0]).toBe('metamask')
    })

    it('search takes its text literally (no LIKE wildcards, quotes are fine)', async () => {
      expect(await wallets({ search: '%' })).toEqual({ data: [], count: 0 })
      expect(await wallets({ search: '_' })).toEqual({ data: [], count: 0 })
      expect(ids(await wallets({ search: "d'cent" }))).toEqual(['dcent'])
    })

    it('search combines with the filters and pages', async () => {
      const page = await wallets({ search: 'wallet', badge_type: 'certified', entries: '2' })
      expect(page.data).toHaveLength(2)
      expect(page.data.every((wallet) => wallet.badge_type === 'certified')).toBe(true)
      const all = await wallets({ search: 'wallet', badge_type: 'certified', entries: '100' })
      expect(page.count).toBe(all.data.length)
      expect(ids(page)).toEqual(ids(all).slice(0, 2))
    })

    it('a blank search is no search', async () => {
      expect((await wallets({ search: '   ' })).count).toBe(TOTAL)
    })

    it('badge_type and its alias badge filter by badge', async () => {
      const certifiedCount = WALLETS.filter((wallet) => wallet.certified).length
      const certified = await wallets({ badge_type: 'certified', entries: '100' })
      expect(certified.count).toBe(certifiedCount)
      expect(certified.data.every((wallet) => wallet.badge_type === 'certified')).toBe(true)
      const none = await wallets({ badge: 'none' })
      expect(none.count).toBe(TOTAL - certifiedCount)
      expect(none.data.every((wallet) => wallet.badge_type === 'none')).toBe(true)
      expect((await wallets({ badge: 'certified', badge_type: 'certified' })).count).toBe(
        certifiedCount,
      )
    })

    it.each([
      [{ page: '0' }, "'page'"],
      [{ page: 'abc' }, "'page'"],
      [{ page: '1.5' }, "'page'"],
      [{ page: '-1' }, "'page'"],
      [{ page: '99999999999' }, "'page'"],
      [{ entries: '1000' }, "'entries'"],
      [{ entries: '0' }, "'entries'"],
      [{ chains: 'foo' }, "'chains': Invalid CAIP-2 network id: foo"],
      [{ chains: 'eip155:1,unknown:1' }, "'chains': Invalid CAIP-2 network id: unknown:1"],
      [{ search: 'x'.repeat(500) }, "'search': must be at most 100 characters"],
      [{ search: 'a\u0000b' }, "'search': must not contain control characters"],
      [{ badge_type: 'gold' }, "'badge_type': must be 'certified' or 'none'"],
      [{ badge: 'gold' }, "'badge'"],
      [{ badge: 'none', badge_type: 'certified' }, "'badge': disagrees with 'badge_type'"],
      [{ st: 'x'.repeat(65) }, "'st': must be at most 64 characters"],
      [{ sv: 'x'.repeat(65) }, "'sv'"],
      [{ include: `${'x'.repeat(300)}` }, "'include'"],
    ])('400 for %o naming the parameter', async (query, expected) => {
      expect(await badRequest('/getWallets', query)).toContain(`Invalid parameter ${expected}`)
    })

    it('400 when a parameter is repeated', async () => {
      const response = await service.request(
        `/getWallets?projectId=${DEMO_PROJECT_ID}&page=1&page=2`,
      )
      expect(response.status).toBe(400)
      expect(await response.json()).toEqual({
        error: "Invalid parameter 'page': must be given once",
      })
    })

    it('ignores parameters it does not know', async () => {
      expect((await wallets({ foo: 'bar', st: 'appkit', sv: 'html-wagmi-4.2.2' })).count).toBe(
        TOTAL,
      )
    })
  })

  describe('project id (§8 APKT007, APKT008)', () => {
    it.each([
      '/getWallets',
      '/getWalletImage/metamask',
      '/public/getAssetImage/eip155:1',
      '/appkit/v1/config',
      '/appkit/v1/version',
      '/projects/v1/origins',
      '/getAnalyticsConfig',
    ])('%s: missing -> 400 APKT008, unknown -> 403 APKT007', async (path) => {
      const missing = await service.request(path)
      expect(missing.status).toBe(400)
      expect(await missing.json()).toEqual({ error: 'Project ID Missing', code: 'APKT008' })
      const empty = await service.request(`${path}?projectId=`)
      expect(empty.status).toBe(400)
      const unknown = await service.request(`${path}?projectId=0123456789abcdef`)
      expect(unknown.status).toBe(403)
      expect(await unknown.json()).toEqual({ error: 'Invalid Project ID', code: 'APKT007' })
    })

    it('a project id over 64 characters is a 400 naming projectId', async () => {
      const response = await service.request(`/getWallets?projectId=${'a'.repeat(65)}`)
      expect(response.status).toBe(400)
      expect(((await response.json()) as { error: string }).error).toContain("'projectId'")
    })
  })

  describe('config routes', () => {
    it('GET /appkit/v1/config gives the default remote features (§1); onramp only where one runs', async () => {
      const response = await get('/appkit/v1/config')
      expect(response.status).toBe(200)
      expect(response.headers.get('x-content-type-options')).toBe('nosniff')
      expect(await response.json()).toEqual({
        features: {
          swaps: true,
          // This server runs no onramp: it says so rather than send apps to a route it lacks.
          onramp: false,
          email: true,
          socials: [...DEFAULT_SOCIALS],
          activity: true,
          emailCapture: false,
        },
        // README "Names": the zone names are registered in
        nameZone: 'latchkey.id',
      })
      expect(DEFAULT_REMOTE_FEATURES.emailCapture).toBe(false)
      expect(DEFAULT_REMOTE_FEATURES.onramp).toBe(true)
    })

    it('GET /appkit/v1/version gives the version this server was built with', async () => {
      const response = await get('/appkit/v1/version')
      expect(response.status).toBe(200)
      const manifest = JSON.parse(
        readFileSync(new URL('../package.json', import.meta.url), 'utf8'),
      ) as { version: string }
      expect(await response.json()).toEqual({ version: manifest.version })
    })

    it('GET /projects/v1/origins gives the allowed origins', async () => {
      const response = await get('/projects/v1/origins')
      expect(await response.json()).toEqual({
        allowedOrigins: ['http://127.0.0.1:5173', ORIGIN],
      })
    })

    it('GET /getAnalyticsConfig says analytics is on', async () => {
      const response = await get('/getAnalyticsConfig')
      expect(await response.json()).toEqual({ isAnalyticsEnabled: true })
    })
  })

  describe('CORS', () => {
    it('echoes an allowed origin', async () => {
      const response = await get('/getWallets', {}, { headers: { Origin: ORIGIN } })
      expect(response.status).toBe(200)
      expect(response.headers.get('access-control-allow-origin')).toBe(ORIGIN)
      expect(response.headers.get('vary')).toContain('Origin')
    })

    it('sends no CORS header to a foreign origin', async () => {
      const response = await get('/getWallets', {}, { headers: { Origin: FOREIGN_ORIGIN } })
      expect(response.headers.get('access-control-allow-origin')).toBeNull()
    })

    it('serves requests without Origin (server to server)', async () => {
      const response = await get('/appkit/v1/config')
      expect(response.status).toBe(200)
      expect(response.headers.get('access-control-allow-origin')).toBeNull()
    })

    it('answers an allowed preflight with 204 and the allowed method and headers', async () => {
      const response = await get(
        '/getWallets',
        {},
        {
          method: 'OPTIONS',
          headers: {
            Origin: ORIGIN,
            'Access-Control-Request-Method': 'GET',
            'Access-Control-Request-Headers': 'x-sdk-version',
          },
        },
      )
      expect(response.status).toBe(204)
      expect(response.headers.get('access-control-allow-origin')).toBe(ORIGIN)
      expect(response.headers.get('access-control-allow-methods')).toContain('GET')
      expect(response.headers.get('access-control-allow-headers')).toBe('x-sdk-version')
    })

    it("lets the embedded wallet's frame read balances (wallet_getAssets), and no other project route", async () => {
      const preflight = (path: string) =>
        get(path, {}, { method: 'OPTIONS', headers: { Origin: TEST_FRAME_ORIGIN } })
      const balances = await preflight(`/v1/account/0x${'1'.repeat(40)}/balance`)
      expect(balances.headers.get('access-control-allow-origin')).toBe(TEST_FRAME_ORIGIN)
      for (const path of ['/getWallets', `/v1/account/0x${'1'.repeat(40)}/history`]) {
        expect((await preflight(path)).headers.get('access-control-allow-origin')).toBeNull()
      }
    })

    it('answers a foreign preflight without CORS headers', async () => {
      const response = await get(
        '/getWalletImage/metamask',
        {},
        { method: 'OPTIONS', headers: { Origin: FOREIGN_ORIGIN } },
      )
      expect(response.status).toBe(204)
      expect(response.headers.get('access-control-allow-origin')).toBeNull()
    })

    it('answers a repeated query from memory through the same project and CORS checks', async () => {
      // The second and third requests of a query string get the body kept for it
      // (routes/wallets.ts): the guards before it still decide for each request.
      const query = { search: 'rain', entries: '3' }
      const answers = []
      for (const origin of [ORIGIN, FOREIGN_ORIGIN, ORIGIN]) {
        const response = await get('/getWallets', query, { headers: { Origin: origin } })
        expect(response.status).toBe(200)
        expect(response.headers.get('content-type')).toBe('application/json')
        expect(response.headers.get('x-content-type-options')).toBe('nosniff')
        expect(response.headers.get('access-control-allow-origin')).toBe(
          origin === ORIGIN ? ORIGIN : null,
        )
        answers.push(await response.text())
      }
      expect(new Set(answers).size).toBe(1)
      expect(ids(JSON.parse(answers[0] as string))).toEqual([
        'fixture-rain',
        'rainbow',
        'fixture-terrain',
      ])
      const unknown = await service.request('/getWallets?projectId=unknown&search=rain&entries=3')
      expect(unknown.status).toBe(403)
    })

    it('lets any origin read a project-id error', async () => {
      const response = await service.request('/getWallets?projectId=unknown', {
        headers: { Origin: FOREIGN_ORIGIN },
      })
      expect(response.status).toBe(403)
      expect(response.headers.get('access-control-allow-origin')).toBe('*')
    })
  })

  describe('the rest of the app', () => {
    it('serves its OpenAPI document listing every route', async () => {
      const response = await service.request('/openapi.json')
      expect(response.status).toBe(200)
      const document = (await response.json()) as {
        openapi: string
        paths: Record<string, { get?: { parameters?: Array<{ name: string }> } }>
      }
      expect(document.openapi).toBe('3.1.0')
      expect(Object.keys(document.paths).sort()).toEqual(
        [
          '/appkit/v1/config',
          '/batch',
          '/e',
          '/appkit/v1/version',
          '/auth/v1/device',
          '/auth/v1/device/approve',
          '/auth/v1/email',
          '/auth/v1/email/change',
          '/auth/v1/email/change/primary',
          '/auth/v1/email/change/secondary',
          '/auth/v1/farcaster/connect',
          '/auth/v1/farcaster/start',
          '/auth/v1/otp',
          '/auth/v1/passkeys',
          '/auth/v1/passkeys/login/options',
          '/auth/v1/passkeys/login/verify',
          '/auth/v1/passkeys/registration/options',
          '/auth/v1/passkeys/registration/verify',
          '/auth/v1/passkeys/{credentialId}',
          '/auth/v1/session',
          '/auth/v1/session/reverify',
          '/auth/v1/session/reverify/otp',
          '/auth/v1/sessions',
          '/auth/v1/social/connect',
          '/auth/v1/social/start',
          '/auth/v1/telegram/connect',
          '/auth/v1/user',
          '/auth/v1/wallet',
          '/auth/v1/wallet/exports',
          '/auth/v1/wallet/rotate',
          '/auth/v1/wallet/rotation',
          '/getAnalyticsConfig',
          '/getWalletImage/{id}',
          '/getWallets',
          '/projects/v1/origins',
          '/public/getAssetImage/{id}',
          '/public/getCurrencyImage/{id}',
          '/public/getSocialImage/{id}',
          '/public/getTokenImage/{id}',
          '/siwx/v1/email',
          '/siwx/v1/nonce',
          '/siwx/v1/sessions',
          '/siwx/v1/sessions/{id}',
          '/siwx/v1/token',
          '/.well-known/jwks.json',
          '/v1/account/{address}/balance',
          '/v1/analytics/summary',
          '/v1/account/{address}/history',
          '/v1/convert/allowance',
          '/v1/convert/build-approve',
          '/v1/convert/build-transaction',
          '/v1/convert/gas-price',
          '/v1/convert/quotes',
          '/v1/convert/tokens',
          '/v1/fungible/price',
          '/v1/identity/{address}',
          '/v1/supported-chains',
          '/v1/profile/account',
          '/v1/profile/account/{name}',
          '/v1/profile/reverse/{address}',
          '/v1/profile/suggestions/{name}',
          '/v1/sessions',
          '/v1/sessions/{id}',
          '/v1/sessions/{id}/revoke',
        ].sort(),
      )
      const parameters = document.paths['/getWallets']?.get?.parameters?.map((p) => p.name)
      expect(parameters).toEqual(
        expect.arrayContaining([
          'projectId',
          'st',
          'sv',
          'page',
          'entries',
          'include',
          'exclude',
          'names',
          'rdns',
          'chains',
          'search',
          'badge_type',
          'badge',
        ]),
      )
    })

    it('answers unknown paths and methods with a JSON 404', async () => {
      const unknown = await service.request('/nope')
      expect(unknown.status).toBe(404)
      expect(await unknown.json()).toEqual({ error: 'Not found' })
      const post = await get('/getWallets', {}, { method: 'POST', body: '{}' })
      expect(post.status).toBe(404)
    })
  })
})
