import { describe, expect, it } from 'vitest'
import { CHANNEL, parseAppMessage, parseFrameMessage } from '../protocol/messages.ts'
import { admit, type GateState, normalizeOrigins, readyTargets } from './gate.ts'

const HOST = 'http://127.0.0.1:5173'
const parent = { name: 'parent' }
const self = { name: 'frame' }
const ID = '123e4567-e89b-42d3-a456-426614174000'

const valid = { channel: CHANNEL, type: 'APP_GET_CHAIN_ID', id: ID, payload: {} }
const state = (over: Partial<GateState> = {}): GateState => ({
  self,
  parent,
  allowedOrigins: [HOST, 'http://localhost:5173'],
  hostOrigin: null,
  ...over,
})

describe('admit: the origin gate', () => {
  it('admits a valid request from the parent on an allowed origin, with that origin', () => {
    const result = admit({ source: parent, origin: HOST, data: valid }, state())
    expect(result).toEqual({
      ok: true,
      origin: HOST,
      message: { channel: CHANNEL, type: 'APP_GET_CHAIN_ID', id: ID, payload: {} },
    })
  })

  it.each([
    [
      'origins not loaded',
      { source: parent, origin: HOST },
      { allowedOrigins: null },
      'not loaded',
    ],
    [
      'empty origin list',
      { source: parent, origin: HOST },
      { allowedOrigins: [] },
      'Untrusted Origin',
    ],
    ['frame not embedded', { source: self, origin: HOST }, { parent: self }, 'not embedded'],
    ['another window', { source: { other: true }, origin: HOST }, {}, 'not from the parent'],
    ['no source', { source: null, origin: HOST }, {}, 'not from the parent'],
    ['the frame itself', { source: self, origin: HOST }, {}, 'not from the parent'],
    ['foreign origin', { source: parent, origin: 'https://evil.example' }, {}, 'Untrusted Origin'],
    [
      'look-alike origin',
      { source: parent, origin: 'http://127.0.0.1:51730' },
      {},
      'Untrusted Origin',
    ],
    ['origin with a slash', { source: parent, origin: `${HOST}/` }, {}, 'Untrusted Origin'],
    ['upper-case origin', { source: parent, origin: HOST.toUpperCase() }, {}, 'Untrusted Origin'],
    ['null origin', { source: parent, origin: 'null' }, {}, 'Untrusted Origin'],
    ['missing origin', { source: parent, origin: undefined }, {}, 'Untrusted Origin'],
    ['non-string origin', { source: parent, origin: [HOST] }, {}, 'Untrusted Origin'],
    [
      'another allowed origin after the host spoke',
      { source: parent, origin: 'http://localhost:5173' },
      { hostOrigin: HOST },
      "Untrusted Origin: http://localhost:5173 is not the host's",
    ],
  ])('refuses: %s', (_, event, over, reason) => {
    const result = admit({ data: valid, ...event }, state(over))
    expect(result.ok).toBe(false)
    if (!result.ok) expect(result.reason).toContain(reason)
  })

  it.each([
    ['not an object', 'APP_GET_CHAIN_ID'],
    ['null', null],
    ['another channel', { ...valid, channel: 'wagmi' }],
    ['no channel', { type: 'APP_GET_CHAIN_ID', id: ID }],
    ['unknown type', { ...valid, type: 'APP_STEAL_KEYS' }],
    ['a frame event', { ...valid, type: 'FRAME_READY' }],
    ['an inherited key as type: constructor', { ...valid, type: 'constructor' }],
    ['an inherited key as type: toString', { ...valid, type: 'toString' }],
    ['an inherited key as type: __proto__', { ...valid, type: '__proto__' }],
    ['no id', { channel: CHANNEL, type: 'APP_GET_CHAIN_ID', payload: {} }],
    ['a malformed id', { ...valid, id: '1' }],
    ['an id that is not a string', { ...valid, id: 42 }],
    ['a bad payload', { ...valid, type: 'APP_CONNECT_OTP', payload: { otp: 'abc' } }],
    ['a payload of the wrong kind', { ...valid, type: 'APP_CONNECT_EMAIL', payload: 'x' }],
    ['a huge message', { ...valid, payload: { junk: 'x'.repeat(300 * 1024) } }],
    ['a bigint', { ...valid, payload: { n: 1n } }],
  ])('refuses a malformed envelope: %s', (_, data) => {
    expect(admit({ source: parent, origin: HOST, data }, state()).ok).toBe(false)
  })

  it('protocol: inherited keys are no event on either side (regression)', () => {
    for (const type of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) {
      expect(() => parseAppMessage({ ...valid, type })).not.toThrow()
      expect(parseAppMessage({ ...valid, type }).ok).toBe(false)
      expect(() => parseFrameMessage({ channel: CHANNEL, type, id: ID, payload: {} })).not.toThrow()
      expect(parseFrameMessage({ channel: CHANNEL, type, id: ID, payload: {} }).ok).toBe(false)
    }
  })

  it('never throws, even on data whose getters throw', () => {
    const hostile = {
      get channel(): string {
        throw new Error('boom')
      },
    }
    const proxy = new Proxy(
      {},
      {
        get() {
          throw new Error('trap')
        },
        ownKeys() {
          throw new Error('trap')
        },
      },
    )
    expect(admit({ source: parent, origin: HOST, data: hostile }, state()).ok).toBe(false)
    expect(admit({ source: parent, origin: HOST, data: proxy }, state()).ok).toBe(false)
  })

  it('strips keys it does not know, __proto__ included, and pollutes nothing', () => {
    const data = JSON.parse(
      `{"channel":"${CHANNEL}","type":"APP_SYNC_THEME","id":"${ID}","payload":{"themeMode":"light","__proto__":{"polluted":1},"themeVariables":{"__proto__":"x","--w3m-accent":"#fff"}}}`,
    )
    const result = admit({ source: parent, origin: HOST, data }, state())
    expect(result.ok).toBe(true)
    if (result.ok) {
      expect(Object.keys(result.message.payload)).toEqual(['themeMode', 'themeVariables'])
      expect((result.message.payload as Record<string, unknown>).polluted).toBeUndefined()
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })
})

describe('normalizeOrigins', () => {
  it('keeps exact http(s) origins and drops everything else', () => {
    expect(
      normalizeOrigins([
        'http://127.0.0.1:5173',
        'http://127.0.0.1:5173/',
        'https://App.Example.com/path?q=1',
        'https://example.com:443',
        '*',
        'null',
        'javascript:alert(1)',
        'file:///etc/passwd',
        'https://user:pw@example.com',
        '',
        42,
        null,
      ]),
    ).toEqual(['http://127.0.0.1:5173', 'https://app.example.com', 'https://example.com'])
    expect(normalizeOrigins('http://127.0.0.1:5173')).toEqual([])
    expect(normalizeOrigins(undefined)).toEqual([])
  })
})

describe('readyTargets', () => {
  const allowed = [HOST, 'http://localhost:5173']
  it('posts to every allowed origin when the browser does not name the parent', () => {
    expect(readyTargets(allowed, undefined)).toEqual(allowed)
    expect(readyTargets(allowed, [])).toEqual(allowed)
  })
  it('posts only to the named parent, and only if it is allowed', () => {
    expect(readyTargets(allowed, ['http://localhost:5173', 'https://top.example'])).toEqual([
      'http://localhost:5173',
    ])
    expect(readyTargets(allowed, ['https://evil.example'])).toEqual([])
  })
  it('posts nowhere without origins', () => {
    expect(readyTargets([], undefined)).toEqual([])
  })
})

describe('the gate at its edges', () => {
  it('an event whose fields cannot be read is refused as unreadable', () => {
    const hostile = {
      get source(): unknown {
        throw new Error('boom')
      },
      origin: HOST,
      data: valid,
    }
    expect(admit(hostile, state())).toEqual({ ok: false, reason: 'unreadable message' })
  })

  it('says which origin it refused, cut to 256 characters', () => {
    const origin = `https://${'a'.repeat(400)}.example`
    const result = admit({ source: parent, origin, data: valid }, state())
    expect(result).toEqual({
      ok: false,
      reason: `Untrusted Origin: ${origin.slice(0, 256)}`,
    })
  })

  it('says why a message did not parse', () => {
    const type = `APP_${'X'.repeat(60)}`
    const result = admit({ source: parent, origin: HOST, data: { ...valid, type } }, state())
    expect(result).toEqual({ ok: false, reason: `unknown app event ${type}` })
    const data = { ...valid, type: 'APP_CONNECT_OTP', payload: { otp: '1' } }
    expect(admit({ source: parent, origin: HOST, data }, state())).toEqual({
      ok: false,
      reason: 'invalid APP_CONNECT_OTP payload',
    })
  })

  it('drops origins that carry only a user name or only a password', () => {
    expect(normalizeOrigins(['https://user@example.com', 'https://:pw@example.com'])).toEqual([])
  })

  it('keeps an origin entry of up to 2,048 characters, and drops a longer one', () => {
    const entry = (length: number) => {
      const start = 'https://example.com/'
      return `${start}${'p'.repeat(length - start.length)}`
    }
    expect(normalizeOrigins([entry(2048)])).toEqual(['https://example.com'])
    expect(normalizeOrigins([entry(2049)])).toEqual([])
  })

  it('admits the host once it has spoken from its origin', () => {
    const result = admit({ source: parent, origin: HOST, data: valid }, state({ hostOrigin: HOST }))
    expect(result.ok).toBe(true)
  })
})
