// Bodies and slow clients against the real server: nothing large is buffered, nothing deep is
// parsed, and a client that never finishes its request does not hold a socket.
import { connect } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_PROJECT_ID, MAX_BODY_BYTES, MAX_JSON_DEPTH } from '../constants.ts'
import { availableDatabases, startTestServer, type TestServer } from '../testing/databases.ts'
import { jsonDepth } from './bodyGuard.ts'

const [pglite] = availableDatabases()
const query = `?projectId=${DEMO_PROJECT_ID}`
const json = { 'Content-Type': 'application/json' }
let server: TestServer

beforeAll(async () => {
  server = await startTestServer(pglite as NonNullable<typeof pglite>, {
    timeouts: { headersMs: 300, requestMs: 600, checkMs: 100 },
  })
})
afterAll(() => server?.stop())

const priceBody = (padding = '') => JSON.stringify({ currency: 'usd', addresses: [], padding })

/** A body sent as a stream: chunked, with no Content-Length to refuse it by. */
function streamed(bytes: number): ReadableStream<Uint8Array> {
  let sent = 0
  return new ReadableStream({
    pull(controller) {
      if (sent >= bytes) return controller.close()
      const chunk = new Uint8Array(Math.min(16 * 1024, bytes - sent)).fill(0x20)
      sent += chunk.length
      controller.enqueue(chunk)
    },
  })
}

describe('request bodies', () => {
  it('a body over 64 KiB is refused with 413 in the route group’s error shape', async () => {
    const big = priceBody('x'.repeat(MAX_BODY_BYTES))
    const data = await server.request(`/v1/fungible/price${query}`, {
      method: 'POST',
      headers: json,
      body: big,
    })
    expect(data.status).toBe(413)
    expect(await data.json()).toEqual({ error: 'Request body too large' })

    const auth = await server.request(`/auth/v1/email${query}`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ email: `${'a'.repeat(700 * 1024)}@example.com`, deviceId: 'x' }),
    })
    expect(auth.status).toBe(413)
    expect(await auth.json()).toEqual({ message: 'Request body too large' })
  })

  it('a streamed body is cut off once it passes 64 KiB', async () => {
    const response = await server.request(`/v1/fungible/price${query}`, {
      method: 'POST',
      headers: json,
      body: streamed(8 * 1024 * 1024),
      duplex: 'half',
    } as RequestInit)
    expect(response.status).toBe(413)
  })

  it(`JSON nested deeper than ${MAX_JSON_DEPTH} levels is refused before it is parsed`, async () => {
    const deep = `{"currency":"usd","addresses":[],"x":${'['.repeat(5_000)}${']'.repeat(5_000)}}`
    const response = await server.request(`/v1/fungible/price${query}`, {
      method: 'POST',
      headers: json,
      body: deep,
    })
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({
      error: `Request body nested deeper than ${MAX_JSON_DEPTH} levels`,
    })
  })

  it('a body within the limits reaches its route', async () => {
    const response = await server.request(`/v1/fungible/price${query}`, {
      method: 'POST',
      headers: json,
      body: priceBody('x'.repeat(MAX_BODY_BYTES - 200)),
    })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ fungibles: [] })
  })
})

describe('slow clients', () => {
  it('a client that never finishes its headers is answered 408 and its socket closed', async () => {
    const socket = connect(server.server.port, '127.0.0.1')
    let answer = ''
    socket.on('data', (chunk) => {
      answer += chunk.toString()
    })
    socket.write('POST /v1/fungible/price HTTP/1.1\r\nHost: 127.0.0.1\r\n')
    await new Promise((resolve) => socket.once('close', resolve))
    expect(answer).toMatch(/^HTTP\/1\.1 408/)
  })
})

describe('jsonDepth', () => {
  it('counts nesting outside strings only, escapes included', () => {
    expect(jsonDepth('{"a":[1,{"b":[]}]}', 32)).toBe(4)
    expect(jsonDepth('{"a":"[[[{{{"}', 32)).toBe(1)
    expect(jsonDepth('{"a":"\\"[[[["}', 32)).toBe(1)
    expect(jsonDepth('"plain"', 32)).toBe(0)
    expect(jsonDepth('['.repeat(100), 32)).toBe(33)
  })
})
