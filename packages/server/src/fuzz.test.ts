// 2,000 random query strings against the real server: bad input is never a 5xx.
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_PROJECT_ID } from './constants.ts'
import { GetWalletsQuery } from './routes/wallets.ts'
import { availableDatabases, startTestServer, type TestServer } from './testing/databases.ts'

const KNOWN_KEYS = Object.keys(GetWalletsQuery.shape)

const PATHS = [
  '/getWallets',
  '/getWalletImage/',
  '/public/getAssetImage/',
  '/public/getCurrencyImage/',
  '/public/getTokenImage/',
  '/appkit/v1/config',
  '/projects/v1/origins',
  '/getAnalyticsConfig',
]

const interestingValue = fc.constantFrom(
  '',
  ' ',
  '0',
  '-1',
  '1',
  '40',
  '100',
  '101',
  '1e3',
  '0x10',
  '9007199254740993',
  'NaN',
  'eip155:1',
  'eip155:1,solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  'eip155:',
  ':',
  ',,,',
  'certified',
  'none',
  'metamask,rainbow',
  "'; drop table wallets; --",
  '%',
  '_',
  '\\',
  '\u0000',
  '\uD800',
  '🦊',
  DEMO_PROJECT_ID,
)

const value = fc.oneof(
  { weight: 3, arbitrary: interestingValue },
  { weight: 3, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary-ascii', maxLength: 20 }) },
  { weight: 1, arbitrary: fc.integer().map(String) },
  { weight: 1, arbitrary: fc.string({ minLength: 200, maxLength: 4000 }) },
)

const key = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...KNOWN_KEYS) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 12 }) },
)

const [WALLETS_PATH, ...OTHER_PATHS] = PATHS as [string, ...string[]]

const request = fc.record({
  // Most runs go to /getWallets, with a valid project: that is where the parameters are.
  path: fc.oneof(
    { weight: 6, arbitrary: fc.constant(WALLETS_PATH) },
    { weight: 4, arbitrary: fc.constantFrom(...OTHER_PATHS) },
  ),
  imageId: value,
  withProject: fc.integer({ min: 0, max: 9 }).map((n) => n < 8),
  pairs: fc.array(fc.tuple(key, value), { maxLength: 8 }),
  rawSuffix: fc.option(fc.constantFrom('&%', '&%zz=1', '&page=%E0%A4%A', '&&&', '&=x', '#frag')),
})

/** encodeURIComponent throws on lone surrogates; a URL would carry U+FFFD instead. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g
const wellFormed = (text: string) => text.replace(LONE_SURROGATE, '\uFFFD')

describe.each(availableDatabases())('fuzzing the query string on $name', (database) => {
  let service: TestServer

  beforeAll(async () => {
    service = await startTestServer(database, {
      rateLimit: { perAddress: { limit: 1_000_000, windowMs: 10_000 } },
    })
  })
  afterAll(() => service?.stop())

  it('never answers 5xx to 2,000 random query strings', async () => {
    const failures: string[] = []
    await fc.assert(
      fc.asyncProperty(request, async ({ path, imageId, withProject, pairs, rawSuffix }) => {
        const params = new URLSearchParams()
        if (withProject) params.append('projectId', DEMO_PROJECT_ID)
        for (const [k, v] of pairs) params.append(wellFormed(k), wellFormed(v))
        const id = path.endsWith('/') ? encodeURIComponent(wellFormed(imageId)) || 'x' : ''
        const url = `${path}${id}?${params}${rawSuffix ?? ''}`
        const response = await service.request(url)
        await response.arrayBuffer()
        if (response.status >= 500) failures.push(`${response.status} ${url}`)
        return response.status < 500
      }),
      { numRuns: 2000, seed: 20_240_601 },
    )
    expect(failures).toEqual([])
  })
})
