// Every answer carries the security headers, whichever way it was made: a JSON route, a body
// written by hand, an image, a refusal, a validation error, a route that does not exist, a CORS
// preflight, the health check.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_PROJECT_ID } from './constants.ts'
import { availableDatabases, startTestServer, type TestServer } from './testing/databases.ts'

const [database] = availableDatabases()

describe('security headers', () => {
  let service: TestServer

  beforeAll(async () => {
    service = await startTestServer(database as NonNullable<typeof database>)
  })
  afterAll(() => service?.stop())

  const answers: [string, string, RequestInit?][] = [
    ['the wallet directory (a prepared JSON body)', `/getWallets?projectId=${DEMO_PROJECT_ID}`],
    ['the remote config (c.json)', `/appkit/v1/config?projectId=${DEMO_PROJECT_ID}`],
    ['a wallet logo (an image)', '/getWalletImage/metamask'],
    ['no project id (a refusal)', '/getWallets'],
    ['a bad page number (a validation error)', `/getWallets?projectId=${DEMO_PROJECT_ID}&page=x`],
    ['a route that does not exist', '/no/such/route'],
    [
      'a CORS preflight',
      '/getWallets',
      {
        method: 'OPTIONS',
        headers: { Origin: 'http://127.0.0.1:5173', 'Access-Control-Request-Method': 'GET' },
      },
    ],
    ['the health check', '/healthz'],
  ]

  it.each(answers)('%s', async (_kind, path, init) => {
    const response = await service.request(path, init)
    await response.arrayBuffer()
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(response.headers.get('referrer-policy')).toBe('no-referrer')
  })
})
