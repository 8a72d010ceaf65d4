// @vitest-environment jsdom
// 2,000 random and mutated messages into the frame's message handler, from the parent and from
// elsewhere. Nothing may throw; only valid requests from the host get an answer, and every
// answer is well-formed; no session or key ever appears. Seeded: a failure names its seed.
import { afterAll, describe, expect, it } from 'vitest'
import { APP_EVENT_TYPES, type AppEventType } from '../protocol/appEvents.ts'
import { CHANNEL, parseAppMessage, parseFrameMessage } from '../protocol/messages.ts'
import { createFakeAuthServer } from './testing/fakeAuthServer.ts'
import { FAKE_API } from './testing/fakeAuthShared.ts'
import { createHarness, HOST } from './testing/harness.ts'

const SEED = Number(process.env.FRAME_FUZZ_SEED ?? 20_261_122)
const MESSAGES = 2_000

function mulberry32(seed: number) {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}

const random = mulberry32(SEED)
const int = (n: number) => Math.floor(random() * n)
const pick = <T>(items: readonly T[]): T => items[int(items.length)] as T
const chance = (p: number) => random() < p

const KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'channel',
  'type',
  'id',
  'payload',
  'then',
  'valueOf',
  'otp',
  'email',
  'method',
  'params',
  '',
]
const STRINGS = [
  '',
  'a',
  '0x',
  '0x00',
  '123456',
  'visitor@example.com',
  'APP_GET_USER',
  'FRAME_READY',
  '__proto__',
  '\u202e',
  '\u0000',
  'null',
  'undefined',
  '{"__proto__":{"x":1}}',
  '😀'.repeat(10),
  '<script>alert(1)</script>',
]

function junkString(): string {
  if (chance(0.02)) return 'x'.repeat(200_000 + int(200_000))
  if (chance(0.4)) return pick(STRINGS)
  const length = int(40)
  let text = ''
  for (let i = 0; i < length; i++) text += String.fromCharCode(int(chance(0.8) ? 128 : 0xffff))
  return text
}

function junk(depth = 0): unknown {
  const roll = int(depth > 3 ? 6 : 9)
  switch (roll) {
    case 0:
      return pick([0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53, -0, 31337, 1e308])
    case 1:
      return junkString()
    case 2:
      return pick([true, false, null, undefined])
    case 3:
      return chance(0.5) ? BigInt(int(1000)) : Symbol.for('x')
    case 4:
      return pick([() => 1, new Date(0), /re/, new Map(), new Uint8Array(4)])
    case 5:
      return int(10)
    case 6:
      return Array.from({ length: int(5) }, () => junk(depth + 1))
    default: {
      // JSON.parse makes __proto__ an own key, as structured clone would
      const object = JSON.parse('{"__proto__":{"polluted":true}}') as Record<string, unknown>
      if (chance(0.5)) Reflect.deleteProperty(object, '__proto__')
      for (let i = int(5); i > 0; i--) object[pick(KEYS)] = junk(depth + 1)
      return object
    }
  }
}

function deep(levels: number): unknown {
  let value: unknown = 'bottom'
  for (let i = 0; i < levels; i++) value = chance(0.5) ? [value] : { a: value }
  return value
}

const uuid = () => crypto.randomUUID()
const RPC = `${FAKE_API}/rpc`

/** A valid payload for each event (the frame is signed out, so none can reach a key). */
const VALID: Record<AppEventType, () => unknown> = {
  APP_SWITCH_NETWORK: () => ({
    chainId: pick([1, 31337, '137']),
    ...(chance(0.5) && { rpcUrl: RPC }),
  }),
  APP_CONNECT_EMAIL: () => ({ email: pick(['a@b.co', 'visitor@example.com', 'bad', '']) }),
  APP_CONNECT_DEVICE: () => ({}),
  APP_CONNECT_OTP: () => ({ otp: pick(['123456', '0000', '9999999999']) }),
  APP_CONNECT_SOCIAL: () => ({ uri: 'https://example.com/cb' }),
  APP_CONNECT_TELEGRAM: () => ({ initData: pick(['hash=00', 'user=%7B%7D', 'x']) }),
  APP_GET_FARCASTER_URI: () => ({}),
  APP_CONNECT_FARCASTER: () => ({}),
  APP_CONNECT_PASSKEY: () => ({}),
  APP_GET_PASSKEYS: () => ({}),
  APP_ADD_PASSKEY: () => ({}),
  APP_CANCEL_PASSKEY: () => ({}),
  APP_EXPORT_KEY: () => ({ namespace: pick(['eip155', 'solana', 'bip122']) }),
  APP_CANCEL_EXPORT: () => ({}),
  APP_REMOVE_PASSKEY: () => ({ id: pick(['a', 'cred_1', '']) }),
  APP_GET_USER: () => ({}),
  APP_GET_SOCIAL_REDIRECT_URI: () => ({ provider: 'google' }),
  APP_SIGN_OUT: () => ({}),
  APP_SIGN_OUT_EVERYWHERE: () => ({}),
  APP_IS_CONNECTED: () => ({ token: 'abc' }),
  APP_GET_CHAIN_ID: () => ({}),
  APP_GET_SMART_ACCOUNT_ENABLED_NETWORKS: () => ({}),
  APP_INIT_SMART_ACCOUNT: () => ({}),
  APP_SET_PREFERRED_ACCOUNT: () => ({ type: pick(['eoa', 'smartAccount']) }),
  APP_RPC_REQUEST: () => ({
    method: pick([
      'personal_sign',
      'eth_sendTransaction',
      'eth_signTypedData_v4',
      'eth_accounts',
      'eth_chainId',
      'eth_getBalance',
      'eth_sign',
      'solana_signMessage',
      'wallet_getCapabilities',
    ]),
    params: junk(1),
    ...(chance(0.5) && { rpcUrl: RPC }),
    ...(chance(0.3) && { chainNamespace: pick(['eip155', 'solana']) }),
  }),
  APP_UPDATE_EMAIL: () => ({ email: 'new@example.com' }),
  APP_UPDATE_EMAIL_PRIMARY_OTP: () => ({ otp: '123456' }),
  APP_UPDATE_EMAIL_SECONDARY_OTP: () => ({ otp: '123456' }),
  APP_SYNC_THEME: () => ({
    themeMode: pick(['dark', 'light']),
    themeVariables: JSON.parse(
      '{"__proto__":"x","--w3m-accent":"#123456","--lk-accent":"url(evil)"}',
    ),
  }),
  APP_SYNC_DAPP_DATA: () => ({
    metadata: { name: junkString().slice(0, 200), icons: ['https://x.example/i.png'] },
  }),
  APP_RELOAD: () => ({}),
  APP_RPC_ABORT: () => ({}),
}

function mutate(message: Record<string, unknown>): unknown {
  const copy: Record<string, unknown> = { ...message }
  switch (int(10)) {
    case 0:
      delete copy[pick(['channel', 'type', 'id', 'payload'])]
      return copy
    case 1:
      copy[pick(['channel', 'type', 'id', 'payload'])] = junk()
      return copy
    case 2:
      copy.id = pick(['', '1', 'not-a-uuid', `${uuid()}x`, uuid().toUpperCase(), 42])
      return copy
    case 3:
      copy.type = pick([
        `${String(copy.type)}_`,
        String(copy.type).toLowerCase(),
        'APP_',
        'FRAME_GET_USER_SUCCESS',
        'APP_DELETE_EVERYTHING',
        'constructor',
        '__proto__',
        'toString',
      ])
      return copy
    case 4:
      copy.payload = { ...(copy.payload as object), [pick(KEYS)]: junk() }
      return copy
    case 5:
      copy.payload = junk()
      return copy
    case 6:
      copy.payload = { junk: deep(50 + int(3000)) }
      return copy
    case 7:
      return [copy]
    case 8:
      copy.channel = pick(['Latchkey-frame', `${CHANNEL} `, '', null])
      return copy
    default: {
      // an own "__proto__" key next to the real ones, as JSON.parse and structured clone make it
      let text = '{}'
      try {
        text = JSON.stringify(copy) ?? '{}'
      } catch {
        // bigint somewhere: start from nothing
      }
      const polluted = '{"__proto__":{"polluted":true}'
      return JSON.parse(text === '{}' ? `${polluted}}` : text.replace(/^\{/, `${polluted},`))
    }
  }
}

function message(): unknown {
  const roll = random()
  if (roll < 0.1) return junk()
  const type = chance(0.9) ? pick(APP_EVENT_TYPES) : junkString()
  const valid = {
    channel: CHANNEL,
    type,
    id: uuid(),
    payload: Object.hasOwn(VALID, type) ? VALID[type as AppEventType]() : junk(),
  }
  return roll < 0.55 ? valid : mutate(valid)
}

describe(`fuzzing the frame's message handler (seed ${SEED})`, () => {
  const server = createFakeAuthServer()
  // No network from here: only the fake API (and its /rpc, which answers 400)
  const fakeFetch = server.fetch
  server.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input))
    if (url.origin !== FAKE_API) return Promise.reject(new TypeError('no network in the fuzz test'))
    return fakeFetch(input, init)
  }) as typeof fetch
  const protoBefore = Object.getOwnPropertyNames(Object.prototype).sort()

  afterAll(() => {
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(protoBefore)
  })

  it(`${MESSAGES} messages: no throw, replies only to valid host requests, no session or key`, async () => {
    const h = await createHarness({ server })
    // the host speaks first, from HOST: that origin is now the only one heard
    expect((await h.send('APP_GET_CHAIN_ID'))?.targetOrigin).toBe(HOST)
    const stranger = {}
    let expected = 1
    let answered = 1
    const kinds = new Set<string>()

    for (let i = 0; i < MESSAGES; i++) {
      const data = message()
      const source = chance(0.8) ? h.parent : pick([stranger, h.self, null, undefined, window])
      const origin = chance(0.8)
        ? HOST
        : pick(['http://localhost:5173', 'https://evil.example', 'null', '', `${HOST}/`, undefined])
      const parsed = parseAppMessage(data)
      const admissible = source === h.parent && origin === HOST && parsed.ok
      const before = h.posted.length
      let outcome: Promise<void> | undefined
      expect(() => {
        outcome = h.frame.onMessage({ source, origin, data })
      }, `message ${i}`).not.toThrow()
      await outcome
      const replies = h.posted.slice(before)
      if (!admissible) {
        expect(replies, `message ${i} must get no reply`).toEqual([])
        continue
      }
      expected++
      if (!parsed.ok) continue
      // an RPC waiting on something may answer later; everything here answers at once
      expect(replies, `message ${i} (${parsed.value.type}) gets exactly one reply`).toHaveLength(1)
      const [reply] = replies
      answered++
      kinds.add(String(reply?.message.type))
      expect(reply?.targetOrigin).toBe(HOST)
      expect(reply?.message.id).toBe(parsed.value.id)
      const check = parseFrameMessage(reply?.message, () => parsed.value.type)
      expect(
        check.ok,
        `reply to ${parsed.value.type}: ${JSON.stringify(reply?.message).slice(0, 300)}`,
      ).toBe(true)
    }

    expect(answered).toBe(expected)
    // the valid requests covered most events, with successes and errors
    expect(kinds.size).toBeGreaterThanOrEqual(20)
    // a good share of each kind was exercised
    expect(expected).toBeGreaterThan(MESSAGES * 0.2)
    expect(expected).toBeLessThan(MESSAGES * 0.8)
    // no state: no session, no key, nothing stored but the device id
    expect(h.wallet.token()).toBeNull()
    expect(h.wallet.account()).toBeNull()
    expect(server.sessionCount()).toBe(0)
    expect([...h.storage.map.keys()].filter((k) => k !== 'latchkey-frame:deviceId')).toEqual([])
    expect(h.doc.querySelector<HTMLElement>('.lk-approval')?.hidden).toBe(true)
    // everything refused was logged as a warning
    expect(
      h.log.entries().some((e) => e.level === 'warn' && e.message.startsWith('ignored a message')),
    ).toBe(true)
    expect(h.log.bytes()).toBeLessThanOrEqual(1024 * 1024)
  })
})
