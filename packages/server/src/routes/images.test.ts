// The §7 image routes and our social marks against the real server, on every available database:
// logos byte for byte as the icon packages ship them, with headers that keep an SVG inert.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_PROJECT_ID, DIRECTORY_SEED } from '../constants.ts'
import { seedDirectory } from '../db/seed.ts'
import { tokenBadgeSvg } from '../images/catalog.ts'
import { generateWallets } from '../seed/generate.ts'
import { NETWORK_ICONS, SOCIAL_ICONS, TOKEN_ICONS, WALLET_ICONS } from '../seed/icons.ts'
import { REAL_WALLETS } from '../seed/wallets.ts'
import { availableDatabases, startTestServer, type TestServer } from '../testing/databases.ts'
import { simpleIconFile, web3IconFile } from '../testing/iconFiles.ts'

const GENERATED = 3

type Expected = [path: string, body: string | undefined]

// What each route must answer: the package's file, or (undefined) 404; a token the package
// lacks, its badge (the data API gives every token an icon URL).
const wallets: Expected[] = Object.entries(WALLET_ICONS).map(([id, ref]) => [
  `/getWalletImage/${id}`,
  ref ? web3IconFile(ref) : undefined,
])
const networks: Expected[] = Object.entries(NETWORK_ICONS).map(([id, ref]) => [
  `/public/getAssetImage/${id}`,
  ref ? web3IconFile(ref) : undefined,
])
const tokens: Expected[] = Object.entries(TOKEN_ICONS).flatMap(([symbol, ref]) =>
  [symbol, symbol.toLowerCase()].map(
    (id): Expected => [
      `/public/getTokenImage/${id}`,
      ref ? web3IconFile(ref) : tokenBadgeSvg(symbol),
    ],
  ),
)
const socials: Expected[] = Object.entries(SOCIAL_ICONS).map(([provider, slug]) => [
  `/public/getSocialImage/${provider}`,
  simpleIconFile(slug),
])

describe.each(availableDatabases())('image routes on $name', (database) => {
  let service: TestServer

  beforeAll(async () => {
    service = await startTestServer(database, {
      directorySize: GENERATED,
      rateLimit: { perAddress: { limit: 1_000_000, windowMs: 10_000 } },
    })
  })
  afterAll(() => service?.stop())

  const get = (path: string, init?: RequestInit) =>
    service.request(`${path}?projectId=${DEMO_PROJECT_ID}`, init)

  async function expectImage(path: string, body: string | undefined) {
    const response = await get(path)
    if (body === undefined) {
      expect(response.status, path).toBe(404)
      expect(await response.json(), path).toEqual({ error: 'Image not found' })
      return
    }
    expect(response.status, path).toBe(200)
    expect(response.headers.get('content-type'), path).toBe('image/svg+xml; charset=utf-8')
    // Opened as a page, the SVG may load and run nothing; no browser guesses another type.
    expect(response.headers.get('content-security-policy'), path).toBe(
      "default-src 'none'; style-src 'unsafe-inline'",
    )
    expect(response.headers.get('x-content-type-options'), path).toBe('nosniff')
    expect(response.headers.get('cache-control'), path).toBe('public, max-age=86400, immutable')
    expect(response.headers.get('etag'), path).toMatch(/^"[\w-]+"$/)
    expect(await response.text(), path).toBe(body)
  }

  it.each([
    ['wallet', wallets],
    ['network', networks],
    ['token', tokens],
    ['social', socials],
  ])(
    "serves each %s's logo from its package, or 404 where the package has none",
    async (_kind, expected) => {
      for (const [path, body] of expected) await expectImage(path, body)
    },
  )

  it('answers 404 for a directory wallet that has no logo', async () => {
    const generated = generateWallets(GENERATED, DIRECTORY_SEED)
    for (const wallet of generated) await expectImage(`/getWalletImage/${wallet.id}`, undefined)
  })

  it('gives a database seeded before the logos its logos on the next seed', async () => {
    const { db } = service.server
    await db.updateTable('wallets').set({ image_svg: null }).where('id', '=', 'metamask').execute()
    await expectImage('/getWalletImage/metamask', undefined)
    await seedDirectory(db, { wallets: REAL_WALLETS, directorySize: GENERATED })
    await expectImage('/getWalletImage/metamask', web3IconFile('wallets/background/metamask'))
  })

  it('answers 304 to If-None-Match with the ETag', async () => {
    const first = await get('/getWalletImage/rainbow')
    const etag = first.headers.get('etag') as string
    const again = await get('/getWalletImage/rainbow', { headers: { 'If-None-Match': etag } })
    expect(again.status).toBe(304)
    expect(again.headers.get('etag')).toBe(etag)
    expect(await again.text()).toBe('')
    const weak = await get('/getWalletImage/rainbow', {
      headers: { 'If-None-Match': `"other", W/${etag}` },
    })
    expect(weak.status).toBe(304)
    const stale = await get('/getWalletImage/rainbow', { headers: { 'If-None-Match': '"x"' } })
    expect(stale.status).toBe(200)
  })

  it.each([
    ['/public/getCurrencyImage/USD', 'US Dollar'],
    ['/public/getCurrencyImage/eur', 'Euro'],
  ])('%s is our drawn badge of %s (the packages have no fiat)', async (path, title) => {
    const response = await get(path)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8')
    expect(await response.text()).toContain(`<title>${title}</title>`)
  })

  it.each([
    '/getWalletImage/nope',
    '/getWalletImage/%3Cscript%3E',
    `/getWalletImage/${'a'.repeat(300)}`,
    '/public/getAssetImage/eip155:999999',
    '/public/getAssetImage/EIP155:1',
    '/public/getAssetImage/constructor',
    '/public/getCurrencyImage/XXX',
    '/public/getTokenImage/toString',
    '/public/getTokenImage/__proto__',
    '/public/getSocialImage/constructor',
    '/public/getSocialImage/google.svg',
    '/public/getSocialImage/linkedin',
  ])('%s -> 404 Image not found', async (path) => {
    const response = await get(path)
    expect(response.status).toBe(404)
    expect(await response.json()).toEqual({ error: 'Image not found' })
  })

  it('asks for a project on the social route as on the others (APKT008, APKT007)', async () => {
    const missing = await service.request('/public/getSocialImage/google')
    expect(missing.status).toBe(400)
    expect(await missing.json()).toEqual({ error: 'Project ID Missing', code: 'APKT008' })
    const unknown = await service.request(
      '/public/getSocialImage/google?projectId=0123456789abcdef',
    )
    expect(unknown.status).toBe(403)
  })
})
