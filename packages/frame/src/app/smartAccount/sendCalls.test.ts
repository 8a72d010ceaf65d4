import { describe, expect, it } from 'vitest'
import { detailText } from '../approval.ts'
import { createLanguage } from '../i18n/language.ts'
import { inEnglish } from '../testing/inEnglish.ts'
import { CALL_DATA_INVALID, CALL_TO_INVALID, MAX_CALLS } from './constants.ts'
import { parseSendCalls } from './sendCalls.ts'

const FROM = '0x1111111111111111111111111111111111111111'
const TO = '0x2222222222222222222222222222222222222222'
const at = { address: FROM, chainId: 31337 }
const request = (patch: Record<string, unknown> = {}) => [
  { version: '2.0.0', chainId: '0x7a69', calls: [{ to: TO }], ...patch },
]
const refusal = (params: unknown) => {
  try {
    parseSendCalls(params, at)
  } catch (error) {
    return { message: (error as Error).message, code: (error as { code?: number }).code }
  }
  throw new Error('accepted')
}

describe('wallet_sendCalls as the page sends it', () => {
  it('reads the calls: receiver, value (0 when left out), data (none for "0x")', () => {
    const parsed = parseSendCalls(
      request({
        from: FROM.toUpperCase().replace('0X', '0x'),
        calls: [
          { to: TO, value: '0xde0b6b3a7640000' },
          { to: TO, data: '0xa9059cbb00' },
          { to: TO, data: '0x' },
        ],
      }),
      at,
    )
    expect(parsed.chainId).toBe(31337)
    expect(parsed.calls).toEqual([
      { to: TO, value: 10n ** 18n },
      { to: TO, value: 0n, data: '0xa9059cbb00' },
      { to: TO, value: 0n },
    ])
  })

  it('describes each call on the card, then the batch', () => {
    const { details } = parseSendCalls(
      request({
        calls: [
          { to: TO, value: '0x2386f26fc10000' },
          { to: TO, data: '0xa9059cbb00' },
          { to: TO, data: '0x1234' },
        ],
      }),
      at,
    )
    expect(inEnglish(details)).toEqual([
      { label: 'Call 1 of 3', value: `To: ${TO}\nValue: 0.01 ETH\nData: none`, block: true },
      {
        label: 'Call 2 of 3',
        value: `To: ${TO}\nValue: 0 ETH\nData: 5 bytes (function 0xa9059cbb)`,
        block: true,
      },
      { label: 'Call 3 of 3', value: `To: ${TO}\nValue: 0 ETH\nData: 2 bytes`, block: true },
      { label: 'All or nothing', value: 'Every call runs, or none does' },
      { label: 'Network', value: 'Chain 31337' },
      { label: 'From', value: FROM, mono: true },
    ])
  })

  it("says each call's lines in the card's language; the receiver stays as written", async () => {
    const german = createLanguage()
    await german.set('de')
    const [call] = parseSendCalls(
      request({ calls: [{ to: TO, data: '0xa9059cbb00' }] }),
      at,
    ).details
    if (!call) throw new Error('no call described')
    expect(german.say(call.label)).toBe('Aufruf 1 von 1')
    expect(detailText(german, call.value)).toBe(
      `An: ${TO}\nBetrag: 0 ETH\nDaten: 5 Byte (Funktion 0xa9059cbb)`,
    )
  })

  it("refuses a 'to' or 'data' that does not start with 0x (§5), and other bad calls", () => {
    expect(refusal(request({ calls: [{ to: TO.slice(2) }] }))).toEqual({
      message: CALL_TO_INVALID,
      code: -32602,
    })
    expect(refusal(request({ calls: [{}] })).message).toBe(CALL_TO_INVALID)
    expect(refusal(request({ calls: [{ to: `${TO}00` }] })).message).toBe(CALL_TO_INVALID)
    expect(refusal(request({ calls: [{ to: TO, data: 'a9059cbb' }] }))).toEqual({
      message: CALL_DATA_INVALID,
      code: -32602,
    })
    expect(refusal(request({ calls: [{ to: TO, data: '0xabc' }] })).message).toBe(CALL_DATA_INVALID)
    expect(refusal(request({ calls: [{ to: TO, value: '12' }] })).message).toBe(
      'Invalid call value',
    )
    expect(refusal(request({ calls: [] })).message).toBe(`Between 1 and ${MAX_CALLS} calls`)
    const many = Array.from({ length: MAX_CALLS + 1 }, () => ({ to: TO }))
    expect(refusal(request({ calls: many })).message).toBe(`Between 1 and ${MAX_CALLS} calls`)
    expect(parseSendCalls(request({ calls: many.slice(1) }), at).calls).toHaveLength(MAX_CALLS)
  })

  it('refuses another account, another chain, and a request that is not one', () => {
    expect(refusal(request({ from: TO }))).toEqual({
      message: 'The requested account is not the connected account',
      code: 4100,
    })
    expect(refusal(request({ chainId: '0x1' }))).toEqual({
      message: 'The calls are for chain 1, not chain 31337',
      code: 5710,
    })
    for (const params of [
      undefined,
      [],
      [null],
      [{ calls: [{ to: TO }] }],
      request({ chainId: 1 }),
    ]) {
      expect(refusal(params)).toEqual({ message: 'Invalid calls', code: -32602 })
    }
  })
})
