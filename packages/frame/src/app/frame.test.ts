// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { CHANNEL, PROTOCOL_VERSION } from '../protocol/messages.ts'
import { HEARTBEAT_MS, readConfig } from './config.ts'
import { composeFrame } from './frame.ts'
import { createFakeAuthServer } from './testing/fakeAuthServer.ts'
import { FAKE_API } from './testing/fakeAuthShared.ts'
import { createHarness, HOST } from './testing/harness.ts'

const OTHER_ALLOWED = 'http://localhost:5173'
const ready = { channel: CHANNEL, type: 'FRAME_READY', payload: { version: PROTOCOL_VERSION } }
const noSleep = () => Promise.resolve()

afterEach(() => {
  vi.useRealTimers()
})

describe('start: origins and FRAME_READY', () => {
  it('loads the origins and posts FRAME_READY once to each allowed origin', async () => {
    const h = await createHarness()
    expect(h.server.calls).toEqual(['GET /projects/v1/origins'])
    expect(h.posted).toEqual([
      { message: ready, targetOrigin: HOST },
      { message: ready, targetOrigin: OTHER_ALLOWED },
    ])
  })

  it('posts FRAME_READY only to location.ancestorOrigins[0] when the browser names it', async () => {
    const h = await createHarness({ ancestorOrigins: [OTHER_ALLOWED] })
    expect(h.posted).toEqual([{ message: ready, targetOrigin: OTHER_ALLOWED }])
    // and only that origin may speak
    expect(await h.send('APP_GET_CHAIN_ID', {}, { origin: HOST })).toBeUndefined()
    expect((await h.send('APP_GET_CHAIN_ID', {}, { origin: OTHER_ALLOWED }))?.targetOrigin).toBe(
      OTHER_ALLOWED,
    )
  })

  it('tells only a parent it does not allow that its domain is unverified, then stays silent', async () => {
    const h = await createHarness({ ancestorOrigins: ['https://evil.example'] })
    expect(h.posted).toEqual([
      {
        message: { channel: CHANNEL, type: 'FRAME_UNVERIFIED_DOMAIN', payload: {} },
        targetOrigin: 'https://evil.example',
      },
    ])
    expect(await h.send('APP_GET_CHAIN_ID', {}, { origin: 'https://evil.example' })).toBeUndefined()
    expect(
      h.log.entries().some((e) => e.level === 'warn' && /not an allowed origin/.test(e.message)),
    ).toBe(true)
  })

  it('stays silent when the origin list cannot be loaded (the host times out)', async () => {
    const server = createFakeAuthServer()
    server.down = true
    const h = await createHarness({ server, sleep: noSleep })
    expect(server.calls).toHaveLength(3)
    expect(h.posted).toEqual([])
    expect(await h.send('APP_GET_CHAIN_ID')).toBeUndefined()
    expect(h.log.entries().some((e) => e.level === 'warn' && /not loaded/.test(e.message))).toBe(
      true,
    )
  })

  it('does not retry an unknown project', async () => {
    const server = createFakeAuthServer()
    const h = await createHarness({
      server,
      search: '?projectId=unknownproject&chainId=1',
      sleep: noSleep,
    })
    expect(server.calls).toEqual(['GET /projects/v1/origins'])
    expect(h.posted).toEqual([])
  })

  it('retries a server that was briefly down', async () => {
    const server = createFakeAuthServer()
    server.failNext.set('GET /projects/v1/origins', { status: 503 })
    const h = await createHarness({ server, sleep: noSleep })
    expect(server.calls).toHaveLength(2)
    expect(h.posted).toHaveLength(2)
  })

  it('says nothing when it is not embedded (its parent is itself)', async () => {
    const server = createFakeAuthServer()
    const posted: unknown[] = []
    const win = { postMessage: (m: unknown) => posted.push(m) }
    const alone = composeFrame({
      config: readConfig(`?projectId=${server.projectId}`, FAKE_API),
      self: win,
      parent: win,
      document: document.implementation.createHTMLDocument('frame'),
      storage: undefined,
      fetch: server.fetch,
      reload: () => undefined,
    })
    expect(await alone.frame.start()).toBe(false)
    expect(posted).toEqual([])
    await alone.frame.onMessage({
      source: win,
      origin: HOST,
      data: { channel: CHANNEL, type: 'APP_GET_CHAIN_ID', id: crypto.randomUUID(), payload: {} },
    })
    expect(posted).toEqual([])
    expect(alone.log.entries().at(-1)?.message).toContain('not embedded')
  })
})

describe('the gate in the frame', () => {
  it('answers a valid request through window.parent to the event origin', async () => {
    const h = await createHarness()
    const reply = await h.send('APP_GET_CHAIN_ID', {}, { origin: OTHER_ALLOWED })
    expect(reply).toEqual({
      targetOrigin: OTHER_ALLOWED,
      message: {
        channel: CHANNEL,
        type: 'FRAME_GET_CHAIN_ID_SUCCESS',
        id: reply?.message.id,
        payload: { chainId: 31337 },
      },
    })
  })

  it.each<[string, { source?: unknown; origin?: string }]>([
    ['wrong source', { source: {} }],
    ['the frame itself as source', { source: 'self' }],
    ['foreign origin', { origin: 'https://evil.example' }],
    ['no origin', { origin: '' }],
  ])('ignores %s: no reply, a warning in the log', async (_, over) => {
    const h = await createHarness()
    const before = h.posted.length
    const source = over.source === 'self' ? h.self : over.source
    const reply = await h.send(
      'APP_GET_CHAIN_ID',
      {},
      {
        ...(over.origin !== undefined && { origin: over.origin }),
        ...(source !== undefined && { source }),
      },
    )
    expect(reply).toBeUndefined()
    expect(h.posted).toHaveLength(before)
    const last = h.log.entries().at(-1)
    expect(last?.level).toBe('warn')
    expect(last?.message).toMatch(/^ignored a message: /)
  })

  it('ignores everything before the origins are loaded', async () => {
    const h = await createHarness({ noStart: true })
    expect(await h.send('APP_GET_CHAIN_ID')).toBeUndefined()
    expect(h.log.entries().at(-1)?.message).toContain('allowed origins not loaded')
    await h.frame.start()
    expect((await h.send('APP_GET_CHAIN_ID'))?.message.type).toBe('FRAME_GET_CHAIN_ID_SUCCESS')
  })

  it('once a host has spoken, another allowed origin is refused', async () => {
    const h = await createHarness()
    expect(await h.send('APP_GET_CHAIN_ID', {}, { origin: HOST })).toBeDefined()
    expect(await h.send('APP_GET_CHAIN_ID', {}, { origin: OTHER_ALLOWED })).toBeUndefined()
    expect(h.log.entries().at(-1)?.message).toContain("not the host's")
  })

  it('ignores malformed envelopes with a warning, and logs no payload', async () => {
    const h = await createHarness()
    const before = h.posted.length
    for (const data of [
      null,
      'APP_GET_CHAIN_ID',
      {
        channel: CHANNEL,
        type: 'APP_CONNECT_OTP',
        id: crypto.randomUUID(),
        payload: { otp: 'secret-token' },
      },
      { channel: CHANNEL, type: 'APP_GET_CHAIN_ID' },
      { channel: 'other', type: 'APP_GET_CHAIN_ID', id: crypto.randomUUID() },
    ]) {
      await h.frame.onMessage({ source: h.parent, origin: HOST, data })
    }
    expect(h.posted).toHaveLength(before)
    const warnings = h.log.entries().filter((e) => e.message.startsWith('ignored a message'))
    expect(warnings).toHaveLength(5)
    expect(JSON.stringify(h.log.entries())).not.toContain('secret-token')
  })
})

describe('heartbeat (§9 every 5 s)', () => {
  it('beats to the host origin every 5 s once the host has spoken', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
    const h = await createHarness()
    vi.advanceTimersByTime(HEARTBEAT_MS * 3)
    const beats = () => h.posted.filter((p) => p.message.type === 'FRAME_HEARTBEAT')
    expect(beats()).toHaveLength(0)
    await h.send('APP_GET_CHAIN_ID', {}, { origin: OTHER_ALLOWED })
    vi.advanceTimersByTime(HEARTBEAT_MS - 1)
    expect(beats()).toHaveLength(0)
    vi.advanceTimersByTime(1)
    expect(beats()).toEqual([
      {
        message: { channel: CHANNEL, type: 'FRAME_HEARTBEAT', payload: {} },
        targetOrigin: OTHER_ALLOWED,
      },
    ])
    await h.send('APP_GET_CHAIN_ID', {}, { origin: OTHER_ALLOWED })
    vi.advanceTimersByTime(HEARTBEAT_MS * 2)
    expect(beats()).toHaveLength(3)
    h.frame.stop()
    vi.advanceTimersByTime(HEARTBEAT_MS * 2)
    expect(beats()).toHaveLength(3)
  })
})
