// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  DEFAULT_REQUEST_TIMEOUT_MS,
  EMBEDDED_REQUEST_TIMEOUT_MS,
  FRAME_LOAD_TIMEOUT_MS,
  SIGN_OUT_TIMEOUT_MS,
} from './constants.ts'
import {
  createFrameClient,
  type FrameClient,
  type FrameClientOptions,
  FrameError,
  requestTimeoutMs,
} from './host.ts'
import { APP_EVENT_TYPES, type AppEventType, errorType, successType } from './protocol/appEvents.ts'
import { type AppMessage, CHANNEL, PROTOCOL_VERSION } from './protocol/messages.ts'

// jsdom does not carry postMessage between windows the way browsers do, so the frame side is
// played here: its messages are MessageEvents dispatched on the host window with the frame's
// window as source, and what the host posts is read off a spy on the frame window.

const ORIGIN = 'http://127.0.0.1:5174'
const FRAME_URL = `${ORIGIN}/wallet/?theme=dark`
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
const ADDRESS = '0x90F79bf6EB2c4f870365E785982E1f101E93b906'
const USER = { address: ADDRESS, chainId: 1, accounts: [], smartAccountDeployed: false }

interface Posted {
  message: AppMessage
  targetOrigin: string
}

let client: FrameClient | undefined

function setup(overrides: Partial<FrameClientOptions> = {}) {
  const log = vi.fn()
  client = createFrameClient({
    frameUrl: FRAME_URL,
    projectId: 'project-1',
    chainId: 11155111,
    version: 'html-wagmi-4.2.2',
    log,
    ...overrides,
  })
  const frame = client.iframe.contentWindow
  if (!frame) throw new Error('jsdom gave the iframe no window')
  const posted: Posted[] = []
  vi.spyOn(frame, 'postMessage').mockImplementation(((
    message: AppMessage,
    targetOrigin: string,
  ) => {
    posted.push({ message, targetOrigin })
  }) as never)
  const send = (data: unknown, init: MessageEventInit = {}) =>
    window.dispatchEvent(
      new MessageEvent('message', { data, origin: ORIGIN, source: frame, ...init }),
    )
  const ready = (version = PROTOCOL_VERSION) =>
    send({ channel: CHANNEL, type: 'FRAME_READY', payload: { version } })
  const reply = (type: AppEventType, id: string, payload: unknown = {}) =>
    send({ channel: CHANNEL, type: successType(type), id, payload })
  const fail = (type: AppEventType, id: string, message: string, code?: number) =>
    send({ channel: CHANNEL, type: errorType(type), id, payload: { message, code } })
  return { client, frame, posted, log, send, ready, reply, fail }
}

/** Lets the promise callbacks run (requests post after ready() settles). */
const flush = () => vi.advanceTimersByTimeAsync(0)

/** A promise's state, without waiting for it. */
function track<T>(promise: Promise<T>) {
  const state: { status: 'pending' | 'resolved' | 'rejected'; value?: T; error?: unknown } = {
    status: 'pending',
  }
  promise.then(
    (value) => Object.assign(state, { status: 'resolved', value }),
    (error: unknown) => Object.assign(state, { status: 'rejected', error }),
  )
  return state
}

beforeEach(() => {
  vi.useFakeTimers()
})

afterEach(() => {
  client?.destroy()
  client = undefined
  vi.useRealTimers()
  vi.restoreAllMocks()
  document.body.replaceChildren()
})

describe('the iframe', () => {
  it('loads the frame URL with the §7 query, hidden but not display:none', () => {
    const { client } = setup({ rpcUrl: 'https://rpc.test/', enableCloudAuthAccount: true })
    const { iframe } = client
    const src = new URL(iframe.src)
    expect(client.origin).toBe(ORIGIN)
    expect(src.origin + src.pathname).toBe(`${ORIGIN}/wallet/`)
    expect(Object.fromEntries(src.searchParams)).toEqual({
      theme: 'dark',
      projectId: 'project-1',
      chainId: '11155111',
      version: 'html-wagmi-4.2.2',
      enableLogger: 'false',
      rpcUrl: 'https://rpc.test/',
      enableCloudAuthAccount: 'true',
    })
    expect(iframe.parentElement).toBe(document.body)
    expect(iframe.title).toBe('Latchkey secure wallet')
    expect(iframe.hasAttribute('data-latchkey-frame')).toBe(true)
    expect(iframe.getAttribute('referrerpolicy')).toBe('origin')
    // Only WebAuthn (issue 30: its passkeys) and writing the clipboard (the exported key's Copy)
    // are delegated to the frame, no other power
    expect(iframe.getAttribute('allow')).toBe(
      'publickey-credentials-create; publickey-credentials-get; clipboard-write',
    )
    expect(iframe.hasAttribute('sandbox')).toBe(false)
    expect(iframe.style.display).not.toBe('none')
    expect(iframe.style.opacity).toBe('0')
    expect(iframe.style.pointerEvents).toBe('none')
    expect(iframe.style.width).toBe('1px')
    expect(iframe.hasAttribute('inert')).toBe(true)
  })

  it('leaves rpcUrl and enableCloudAuthAccount out unless set', () => {
    const { client } = setup({ enableLogger: true })
    const query = new URL(client.iframe.src).searchParams
    expect(query.get('enableLogger')).toBe('true')
    expect(query.has('rpcUrl')).toBe(false)
    expect(query.has('enableCloudAuthAccount')).toBe(false)
  })

  it('refuses a frame URL that is not http(s)', () => {
    expect(() => setup({ frameUrl: 'javascript:alert(1)' })).toThrow(FrameError)
    expect(document.querySelector('iframe')).toBeNull()
  })

  it('shows at a rect above everything and hides again without moving the element', () => {
    const { client } = setup()
    const { iframe } = client
    const src = iframe.src
    client.show({ top: 10, left: 20, width: 360, height: 600 })
    expect(iframe.style).toMatchObject({
      position: 'fixed',
      top: '10px',
      left: '20px',
      width: '360px',
      height: '600px',
      opacity: '1',
      pointerEvents: 'auto',
      zIndex: '2147483647',
    })
    expect(iframe.hasAttribute('inert')).toBe(false)
    expect(iframe.hasAttribute('aria-hidden')).toBe(false)
    client.hide()
    expect(iframe.style.opacity).toBe('0')
    expect(iframe.style.pointerEvents).toBe('none')
    expect(iframe.hasAttribute('inert')).toBe(true)
    expect(iframe.getAttribute('aria-hidden')).toBe('true')
    expect(iframe.parentElement).toBe(document.body)
    expect(iframe.src).toBe(src)
    expect(document.querySelectorAll('iframe')).toHaveLength(1)
  })

  it('is removed by destroy(), which rejects what is pending and stops listening', async () => {
    const { client, ready, reply, posted } = setup()
    ready()
    const pending = track(client.request('APP_GET_USER', {}))
    const signOut = track(client.request('APP_SIGN_OUT', {}))
    await flush()
    client.destroy()
    await flush()
    expect(document.querySelector('iframe')).toBeNull()
    expect(pending.status).toBe('rejected')
    expect(signOut.status).toBe('resolved')
    reply('APP_GET_USER', posted[0]?.message.id ?? '', USER)
    await expect(client.request('APP_GET_CHAIN_ID', {})).rejects.toBeInstanceOf(FrameError)
  })
})

describe('ready()', () => {
  it('resolves on FRAME_READY of our protocol version and tells signal listeners', async () => {
    const { client, ready } = setup()
    const signals: string[] = []
    client.onSignal((type) => signals.push(type))
    const state = track(client.ready())
    await flush()
    expect(state.status).toBe('pending')
    ready()
    await flush()
    expect(state.status).toBe('resolved')
    expect(signals).toEqual(['FRAME_READY'])
  })

  it('rejects after 20 s with the §8 text', async () => {
    const { client, log } = setup()
    const state = track(client.ready())
    await vi.advanceTimersByTimeAsync(FRAME_LOAD_TIMEOUT_MS - 1)
    expect(state.status).toBe('pending')
    await vi.advanceTimersByTimeAsync(1)
    expect(state.status).toBe('rejected')
    expect(state.error).toBeInstanceOf(FrameError)
    expect((state.error as Error).message).toBe('Unable to load email login dependency')
    expect(log).toHaveBeenCalled()
  })

  it('fails at once and reports the trouble when the frame refuses this page (§8 APKT005)', async () => {
    const onTrouble = vi.fn()
    const { client, send } = setup({ onTrouble })
    const state = track(client.ready())
    send({ channel: CHANNEL, type: 'FRAME_UNVERIFIED_DOMAIN', payload: {} })
    await flush()
    expect((state.error as Error).message).toBe('Unable to load email login dependency')
    expect(onTrouble).toHaveBeenCalledExactlyOnceWith('unverified-domain')
    // from another origin the signal is nobody's word
    const other = setup({ onTrouble: vi.fn() })
    other.send(
      { channel: CHANNEL, type: 'FRAME_UNVERIFIED_DOMAIN', payload: {} },
      { origin: 'https://evil.example' },
    )
    other.ready()
    await expect(other.client.ready()).resolves.toBeUndefined()
  })

  it("fails at once (APKT005) when the page's origin is known not allowed: the frame's frame-ancestors keeps it from loading to say so", async () => {
    const onTrouble = vi.fn()
    const { client } = setup({ onTrouble, originRefused: Promise.resolve(true) })
    const state = track(client.ready())
    await flush()
    expect((state.error as Error).message).toBe('Unable to load email login dependency')
    expect(onTrouble).toHaveBeenCalledExactlyOnceWith('unverified-domain')
    const allowed = setup({ onTrouble: vi.fn(), originRefused: Promise.resolve(false) })
    allowed.ready()
    await expect(allowed.client.ready()).resolves.toBeUndefined()
  })

  it('takes loadTimeoutMs', async () => {
    const { client } = setup({ loadTimeoutMs: 500 })
    const state = track(client.ready())
    await vi.advanceTimersByTimeAsync(500)
    expect(state.status).toBe('rejected')
  })

  it('rejects a frame of another protocol version', async () => {
    const { client, ready } = setup()
    const state = track(client.ready())
    ready(PROTOCOL_VERSION + 1)
    await flush()
    expect((state.error as Error).message).toBe('Unable to load email login dependency')
  })

  it('recovers when a late frame becomes ready after the timeout', async () => {
    const { client, ready } = setup()
    await vi.advanceTimersByTimeAsync(FRAME_LOAD_TIMEOUT_MS)
    await expect(client.ready()).rejects.toThrow('Unable to load email login dependency')
    ready()
    await expect(client.ready()).resolves.toBeUndefined()
  })

  it('fails requests made while the frame never loads', async () => {
    const { client, posted } = setup()
    const state = track(client.request('APP_RPC_REQUEST', { method: 'eth_blockNumber' }))
    await vi.advanceTimersByTimeAsync(FRAME_LOAD_TIMEOUT_MS)
    expect((state.error as Error).message).toBe('Unable to load email login dependency')
    expect(posted).toEqual([])
  })
})

describe('request()', () => {
  it('waits for ready, then posts to the frame origin only, with a fresh uuid', async () => {
    const { client, ready, posted } = setup()
    track(client.request('APP_CONNECT_EMAIL', { email: 'a@b.co' }))
    await flush()
    expect(posted).toEqual([])
    ready()
    await flush()
    expect(posted).toHaveLength(1)
    const [first] = posted
    expect(first?.targetOrigin).toBe(ORIGIN)
    expect(first?.message).toMatchObject({
      channel: CHANNEL,
      type: 'APP_CONNECT_EMAIL',
      payload: { email: 'a@b.co' },
    })
    expect(first?.message.id).toMatch(UUID)
    track(client.request('APP_CONNECT_EMAIL', { email: 'a@b.co' }))
    await flush()
    expect(posted[1]?.message.id).not.toBe(first?.message.id)
  })

  it('matches replies to requests by id, in any order', async () => {
    const { client, ready, reply, posted } = setup()
    ready()
    const a = client.request('APP_GET_CHAIN_ID', {})
    const b = client.request('APP_GET_CHAIN_ID', {})
    await flush()
    const [idA, idB] = posted.map((p) => p.message.id)
    reply('APP_GET_CHAIN_ID', idB ?? '', { chainId: 10 })
    reply('APP_GET_CHAIN_ID', idA ?? '', { chainId: 1 })
    await expect(a).resolves.toEqual({ chainId: 1 })
    await expect(b).resolves.toEqual({ chainId: 10 })
  })

  it('ignores a reply shaped for another pending type, and a second reply', async () => {
    const { client, ready, reply, posted, log } = setup()
    ready()
    const email = track(client.request('APP_CONNECT_EMAIL', { email: 'a@b.co' }))
    await flush()
    const id = posted[0]?.message.id ?? ''
    reply('APP_GET_USER', id, USER)
    reply('APP_CONNECT_EMAIL', id, { action: 'NOT_AN_ACTION' })
    await flush()
    expect(email.status).toBe('pending')
    expect(log).toHaveBeenCalledWith(expect.stringContaining('Invalid frame event'))
    reply('APP_CONNECT_EMAIL', id, { action: 'VERIFY_OTP' })
    reply('APP_CONNECT_EMAIL', id, { action: 'CONNECT' })
    await flush()
    expect(email).toMatchObject({ status: 'resolved', value: { action: 'VERIFY_OTP' } })
  })

  it('ignores replies from another origin or another window', async () => {
    const { client, ready, send, posted, log } = setup()
    ready()
    const user = track(client.request('APP_GET_USER', {}))
    await flush()
    const data = {
      channel: CHANNEL,
      type: 'FRAME_GET_USER_SUCCESS',
      id: posted[0]?.message.id,
      payload: USER,
    }
    const other = document.createElement('iframe')
    document.body.appendChild(other)
    send(data, { origin: 'http://evil.test' })
    send(data, { origin: `${ORIGIN}.evil.test` })
    send(data, { source: window })
    send(data, { source: other.contentWindow })
    send(data, { source: null })
    await flush()
    expect(user.status).toBe('pending')
    expect(log).toHaveBeenCalledTimes(5)
    send(data)
    await flush()
    expect(user).toMatchObject({ status: 'resolved', value: USER })
  })

  it('says nothing about unrelated window traffic', async () => {
    const { ready, send, log } = setup()
    ready()
    send({ type: 'metamask:provider', data: {} })
    send('hello')
    send(null)
    send({ channel: 'someone-else', type: 'FRAME_READY' }, { origin: 'http://evil.test' })
    await flush()
    expect(log).not.toHaveBeenCalled()
  })

  it('rejects with FrameError(message, code) on an error reply', async () => {
    const { client, ready, fail, posted } = setup()
    ready()
    const sign = client.request('APP_RPC_REQUEST', { method: 'personal_sign', params: ['0x00'] })
    const email = client.request('APP_CONNECT_OTP', { otp: '123456' })
    await flush()
    fail('APP_RPC_REQUEST', posted[0]?.message.id ?? '', 'User rejected the request', 4001)
    fail('APP_CONNECT_OTP', posted[1]?.message.id ?? '', 'Invalid code')
    await expect(sign).rejects.toMatchObject({
      name: 'FrameError',
      message: 'User rejected the request',
      code: 4001,
    })
    const error = await email.catch((e: unknown) => e)
    expect(error).toBeInstanceOf(FrameError)
    expect(error).toMatchObject({ message: 'Invalid code' })
    expect((error as FrameError).code).toBeUndefined()
  })

  it('checks its own payload before posting', async () => {
    const { client, ready, posted } = setup()
    ready()
    await expect(client.request('APP_CONNECT_OTP', { otp: 'abc' })).rejects.toThrow(
      'invalid APP_CONNECT_OTP payload',
    )
    await expect(
      client.request('APP_SWITCH_NETWORK', { chainId: 1, rpcUrl: 'javascript:alert(1)' }),
    ).rejects.toBeInstanceOf(FrameError)
    await flush()
    expect(posted).toEqual([])
  })

  it('stops waiting when its signal aborts', async () => {
    const { client, ready } = setup()
    ready()
    const controller = new AbortController()
    const state = track(
      client.request(
        'APP_RPC_REQUEST',
        { method: 'eth_sendTransaction' },
        { signal: controller.signal },
      ),
    )
    await flush()
    controller.abort()
    await flush()
    expect((state.error as Error).message).toBe('Request was aborted')
    await expect(
      client.request('APP_GET_USER', {}, { signal: AbortSignal.abort() }),
    ).rejects.toThrow('Request was aborted')
  })

  it('drops what is pending when the frame reloads, and goes on with the new page', async () => {
    const { client, ready, reply, posted, log } = setup()
    ready()
    const before = track(client.request('APP_RPC_REQUEST', { method: 'personal_sign' }))
    await flush()
    ready()
    await flush()
    expect((before.error as Error).message).toBe('The wallet frame reloaded')
    expect(log).toHaveBeenCalledWith(expect.stringContaining('reloaded'), { pending: 1 })
    const after = client.request('APP_GET_CHAIN_ID', {})
    await flush()
    reply('APP_GET_CHAIN_ID', posted[1]?.message.id ?? '', { chainId: 1 })
    await expect(after).resolves.toEqual({ chainId: 1 })
  })
})

describe('timeouts', () => {
  it('follow §9 per type: 120 s visitor-paced, 3 s sign-out, none for RPC and key export, 30 s else', () => {
    const long = [
      'APP_CONNECT_EMAIL',
      'APP_CONNECT_DEVICE',
      'APP_CONNECT_OTP',
      'APP_CONNECT_SOCIAL',
      'APP_CONNECT_FARCASTER',
      'APP_CONNECT_PASSKEY',
      'APP_ADD_PASSKEY',
      'APP_UPDATE_EMAIL',
      'APP_UPDATE_EMAIL_PRIMARY_OTP',
      'APP_UPDATE_EMAIL_SECONDARY_OTP',
    ]
    for (const type of APP_EVENT_TYPES) {
      const expected =
        type === 'APP_RPC_REQUEST' || type === 'APP_EXPORT_KEY'
          ? undefined
          : type === 'APP_SIGN_OUT'
            ? SIGN_OUT_TIMEOUT_MS
            : long.includes(type)
              ? EMBEDDED_REQUEST_TIMEOUT_MS
              : DEFAULT_REQUEST_TIMEOUT_MS
      expect([type, requestTimeoutMs(type)]).toEqual([type, expected])
    }
    expect([EMBEDDED_REQUEST_TIMEOUT_MS, SIGN_OUT_TIMEOUT_MS]).toEqual([120_000, 3_000])
  })

  it.each([
    ['APP_CONNECT_EMAIL', { email: 'a@b.co' }, 120_000],
    ['APP_CONNECT_SOCIAL', { uri: 'https://x.test/cb' }, 120_000],
    ['APP_UPDATE_EMAIL_SECONDARY_OTP', { otp: '1234' }, 120_000],
    ['APP_GET_USER', {}, 30_000],
    ['APP_SWITCH_NETWORK', { chainId: 10 }, 30_000],
  ] as const)('%s rejects with "Request timed out" after %#', async (type, payload, ms) => {
    const { client, ready } = setup()
    ready()
    const state = track(client.request(type, payload as never))
    await vi.advanceTimersByTimeAsync(ms - 1)
    expect(state.status).toBe('pending')
    await vi.advanceTimersByTimeAsync(1)
    expect(state.status).toBe('rejected')
    expect(state.error).toBeInstanceOf(FrameError)
    expect((state.error as Error).message).toBe('Request timed out')
  })

  it('drops a late answer to a timed-out or aborted request quietly', async () => {
    const { client, ready, reply, fail, posted, log } = setup()
    ready()
    const controller = new AbortController()
    const slow = track(client.request('APP_GET_USER', {}))
    const aborted = track(
      client.request('APP_RPC_REQUEST', { method: 'personal_sign' }, { signal: controller.signal }),
    )
    await flush()
    controller.abort()
    await vi.advanceTimersByTimeAsync(DEFAULT_REQUEST_TIMEOUT_MS)
    expect([slow.status, aborted.status]).toEqual(['rejected', 'rejected'])
    reply('APP_GET_USER', posted[0]?.message.id ?? '', USER)
    fail('APP_RPC_REQUEST', posted[1]?.message.id ?? '', 'Request was aborted')
    expect(log).not.toHaveBeenCalled()
    reply('APP_GET_USER', posted[0]?.message.id ?? '', USER)
    expect(log).toHaveBeenCalledOnce()
  })

  it('takes timeoutMs per request, and reports each timeout (§8 APKT004)', async () => {
    const onTrouble = vi.fn()
    const { client, ready } = setup({ onTrouble })
    ready()
    const state = track(client.request('APP_GET_USER', {}, { timeoutMs: 100 }))
    await vi.advanceTimersByTimeAsync(99)
    expect(onTrouble).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    expect((state.error as Error).message).toBe('Request timed out')
    expect(onTrouble).toHaveBeenCalledExactlyOnceWith('request-timeout')
  })

  it('lets an RPC request wait for the visitor as long as it takes', async () => {
    const { client, ready, reply, posted } = setup()
    ready()
    const state = track(client.request('APP_RPC_REQUEST', { method: 'eth_sendTransaction' }))
    await vi.advanceTimersByTimeAsync(60 * 60 * 1000)
    expect(state.status).toBe('pending')
    reply('APP_RPC_REQUEST', posted[0]?.message.id ?? '', { result: '0xabc' })
    await flush()
    expect(state).toMatchObject({ status: 'resolved', value: { result: '0xabc' } })
  })

  it('sign-out stops waiting after 3 s and resolves (the host signs out anyway)', async () => {
    const { client, ready, log } = setup()
    ready()
    const state = track(client.request('APP_SIGN_OUT', {}))
    await vi.advanceTimersByTimeAsync(SIGN_OUT_TIMEOUT_MS - 1)
    expect(state.status).toBe('pending')
    await vi.advanceTimersByTimeAsync(1)
    expect(state).toMatchObject({ status: 'resolved', value: {} })
    expect(log).toHaveBeenCalledWith(expect.stringContaining('sign-out'), expect.any(FrameError))
  })

  it('sign-out resolves on an error reply, and within 3 s when the frame never loads', async () => {
    const { client, ready, fail, posted } = setup()
    const unloaded = track(client.request('APP_SIGN_OUT', {}))
    await vi.advanceTimersByTimeAsync(SIGN_OUT_TIMEOUT_MS)
    expect(unloaded.status).toBe('resolved')
    ready()
    const failed = client.request('APP_SIGN_OUT', {})
    await flush()
    fail('APP_SIGN_OUT', posted[0]?.message.id ?? '', 'Storage unavailable')
    await expect(failed).resolves.toEqual({})
  })
})

describe('signals', () => {
  it('tracks the last heartbeat and lets listeners go', async () => {
    const { client, send } = setup()
    const heard: string[] = []
    const stop = client.onSignal((type) => heard.push(type))
    expect(client.lastHeartbeat).toBeUndefined()
    vi.setSystemTime(1_000_000)
    send({ channel: CHANNEL, type: 'FRAME_HEARTBEAT' })
    expect(client.lastHeartbeat).toBe(1_000_000)
    stop()
    send({ channel: CHANNEL, type: 'FRAME_HEARTBEAT' })
    expect(heard).toEqual(['FRAME_HEARTBEAT'])
  })

  it('survives a listener that throws', () => {
    const { client, send, log } = setup()
    client.onSignal(() => {
      throw new Error('boom')
    })
    const after = vi.fn()
    client.onSignal(after)
    send({ channel: CHANNEL, type: 'FRAME_HEARTBEAT' })
    expect(after).toHaveBeenCalledOnce()
    expect(log).toHaveBeenCalledWith(expect.any(String), expect.any(Error))
  })
})

/** mulberry32: a small seeded PRNG, so a failing run can be replayed. */
function prng(seed: number) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

describe('fuzzed frame traffic', () => {
  it('2,000 random messages: nothing throws, nothing pending settles wrongly', async () => {
    const random = prng(0x1a7c4)
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T
    const { client, frame, send, ready, reply, posted } = setup()
    const errors: unknown[] = []
    const onError = (event: ErrorEvent) => errors.push(event.error)
    window.addEventListener('error', onError)
    ready()
    const requests = [
      ['APP_GET_USER', {}, USER],
      ['APP_CONNECT_EMAIL', { email: 'a@b.co' }, { action: 'VERIFY_DEVICE' }],
      ['APP_RPC_REQUEST', { method: 'personal_sign', params: ['0x00', ADDRESS] }, { result: '0x' }],
      ['APP_SWITCH_NETWORK', { chainId: 10 }, { chainId: 10 }],
    ] as const
    const states = requests.map(([type, payload]) => track(client.request(type, payload as never)))
    await flush()
    const ids = posted.map((p) => p.message.id)
    const typeOf = new Map(ids.map((id, i) => [id, requests[i]?.[0]]))
    const other = document.createElement('iframe')
    document.body.appendChild(other)

    const types = [
      ...APP_EVENT_TYPES.flatMap((t) => [successType(t), errorType(t)]),
      'FRAME_READY',
      'FRAME_HEARTBEAT',
      'FRAME_',
      'FRAME__SUCCESS',
      'APP_GET_USER',
      'FRAME_NOPE_SUCCESS',
      'x'.repeat(65),
    ]
    const randomValue = (depth = 0): unknown => {
      switch (Math.floor(random() * (depth > 2 ? 6 : 9))) {
        case 0:
          return random() * 1e12 - 5e11
        case 1:
          return 'x'.repeat(Math.floor(random() * 40))
        case 2:
          return null
        case 3:
          return undefined
        case 4:
          return random() < 0.5
        case 5:
          return pick([ADDRESS, '0xabc', 'VERIFY_OTP', CHANNEL, '__proto__', 'constructor'])
        case 6:
          return Array.from({ length: Math.floor(random() * 4) }, () => randomValue(depth + 1))
        case 7:
          return Object.fromEntries(
            Array.from({ length: Math.floor(random() * 4) }, () => [
              pick(['address', 'chainId', 'accounts', 'result', 'action', 'message', 'code', 'x']),
              randomValue(depth + 1),
            ]),
          )
        default:
          return pick([USER, { chainId: 10 }, { result: '0x1' }, { message: 'nope', code: 4001 }])
      }
    }
    const randomPayload = () =>
      random() < 0.05 ? { result: 'x'.repeat(300 * 1024) } : randomValue()
    const randomId = () =>
      pick([
        ...ids,
        ...ids,
        crypto.randomUUID(),
        'not-a-uuid',
        '',
        42,
        undefined,
        ids[0]?.toUpperCase(),
      ])

    let trusted = 0
    for (let i = 0; i < 2000; i++) {
      let data: unknown
      const shape = random()
      if (shape < 0.1) data = randomValue()
      else if (shape < 0.2) data = { type: pick(types), id: randomId(), payload: randomPayload() }
      else {
        data = {
          channel: random() < 0.95 ? CHANNEL : 'latchkey-frame ',
          type: pick(types),
          id: randomId(),
          payload: randomPayload(),
        }
      }
      const source = random() < 0.7 ? frame : pick([window, other.contentWindow, null])
      const origin =
        random() < 0.7
          ? ORIGIN
          : pick(['http://evil.test', 'null', '', `${ORIGIN}.evil.test`, 'http://127.0.0.1:5175'])
      if (source === frame && origin === ORIGIN && typeof data === 'object' && data !== null) {
        const message = data as { type?: unknown; id?: unknown }
        // What a trusted frame may legitimately do is left out: answer a pending request with its
        // own type, or announce a (re)load, which drops pending requests by design.
        const pendingType = typeOf.get(message.id as string)
        if (
          (pendingType &&
            (message.type === successType(pendingType) ||
              message.type === errorType(pendingType))) ||
          message.type === 'FRAME_READY'
        ) {
          message.type = 'FRAME_HEARTBEAT'
        }
        trusted++
      }
      send(data, { origin, source })
    }
    await flush()

    expect(trusted).toBeGreaterThan(500)
    expect(errors).toEqual([])
    expect(states.map((s) => s.status)).toEqual(['pending', 'pending', 'pending', 'pending'])
    expect(posted).toHaveLength(requests.length)

    requests.forEach(([type, , answer], i) => {
      reply(type, ids[i] ?? '', answer)
    })
    await flush()
    expect(states.map((s) => s.value)).toEqual(requests.map(([, , answer]) => answer))
    window.removeEventListener('error', onError)
  })
})
