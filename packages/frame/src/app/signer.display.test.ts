// What the approval card is given to show for each request, and what is refused before it shows.
import { describe, expect, it } from 'vitest'
import { prepareSigning } from './signer.ts'
import { shorten, visible } from './signingText.ts'
import { inEnglish } from './testing/inEnglish.ts'

const address = '0x00000000000000000000000000000000000000aA'
const context = { address, chainId: 31337, rpcUrl: 'http://127.0.0.1:1' }
const shown = (method: string, params: unknown) =>
  Object.fromEntries(
    inEnglish(prepareSigning(method, params, context).details).map((d) => [d.label, d.value]),
  )
const hex = (text: string) => `0x${Buffer.from(text).toString('hex')}`

describe('hidden characters in a message', () => {
  it.each([
    ['NUL', 0x00],
    ['unit separator', 0x1f],
    ['DEL', 0x7f],
    ['C1 control', 0x85],
    ['last C1 control', 0x9f],
    ['left-to-right mark', 0x200e],
    ['right-to-left mark', 0x200f],
    ['left-to-right embedding', 0x202a],
    ['right-to-left override', 0x202e],
    ['left-to-right isolate', 0x2066],
    ['pop directional isolate', 0x2069],
  ])('%s is shown escaped, and its bytes as hex', (_, code) => {
    const text = `pay ${String.fromCodePoint(code)}me`
    expect(visible(text)).toBe(`pay \\u{${code.toString(16)}}me`)
    expect(shown('personal_sign', [text, address]).Message).toBe(visible(text))
    expect(shown('personal_sign', [hex(text), address])).toEqual({
      'Message (hex)': hex(text),
      Account: address,
    })
  })

  it.each([
    ['tab', '\t'],
    ['line feed', '\n'],
    ['carriage return', '\r'],
    ['space', ' '],
    ['tilde', '~'],
    ['no-break space', '\u00a0'],
    ['zero-width joiner', '\u200d'],
    ['narrow no-break space after the embeddings', '\u202f'],
    ['zero-width non-joiner', '\u200c'],
    ['character before the isolates', '\u2065'],
    ['word joiner after them', '\u206a'],
  ])('%s is ordinary text', (_, char) => {
    const text = `a${char}b`
    expect(visible(text)).toBe(text)
    expect(shown('personal_sign', [hex(text), address]).Message).toBe(text)
  })

  it('marks the message as hex only when it is not text', () => {
    const message = prepareSigning('personal_sign', [hex('hello'), address], context).details[0]
    expect(message).toEqual({ label: 'Message', value: 'hello', block: true, mono: false })
    const bytes = prepareSigning('personal_sign', ['0xff00', address], context).details[0]
    expect(bytes).toEqual({ label: 'Message (hex)', value: '0xff00', block: true, mono: true })
  })
})

describe('long messages', () => {
  it('shows 4,000 characters whole, and cuts longer ones saying how long they are', () => {
    const exact = 'a'.repeat(4000)
    expect(shorten(exact)).toBe(exact)
    expect(shorten(`${exact}b`)).toBe(`${exact}… (4001 characters)`)
    expect(shown('personal_sign', [`${exact}bc`, address]).Message).toBe(
      `${exact}… (4002 characters)`,
    )
  })
})

describe('typed data', () => {
  const typed = (domain: Record<string, unknown>) => [
    address,
    {
      types: { Note: [{ name: 'text', type: 'string' }] },
      primaryType: 'Note',
      domain,
      message: { text: 'hi' },
    },
  ]

  it('shows the domain with its version, the contract, the network, type and message', () => {
    const contract = '0x1111111111111111111111111111111111111111'
    expect(
      shown(
        'eth_signTypedData_v4',
        typed({ name: 'App', version: '2', chainId: 31337, verifyingContract: contract }),
      ),
    ).toEqual({
      Domain: 'App 2',
      Contract: contract,
      Network: 'Chain 31337',
      Type: 'Note',
      Message: JSON.stringify({ text: 'hi' }, null, 2),
      Account: address,
    })
  })

  it('leaves out what the domain does not name', () => {
    expect(shown('eth_signTypedData_v4', typed({}))).toEqual({
      Type: 'Note',
      Message: JSON.stringify({ text: 'hi' }, null, 2),
      Account: address,
    })
    expect(shown('eth_signTypedData_v4', typed({ name: 'App', version: 2 })).Domain).toBe('App')
  })

  it.each([
    ['a number', 31337],
    ['a decimal string', '31337'],
    ['a hex string', '0x7a69'],
    ['a bigint', 31337n],
  ])('accepts the active chain given as %s', (_, chainId) => {
    expect(shown('eth_signTypedData_v4', typed({ chainId })).Network).toBe('Chain 31337')
  })

  it.each([
    ['another chain', 1, '1'],
    ['a fraction', 31337.5, '31337.5'],
    ['an unsafe integer', 2 ** 53 + 31337, String(2 ** 53 + 31337)],
    ['a string that is no number', '31337x', '31337x'],
    ['an empty hex string', '0x', '0x'],
  ])('refuses %s as the domain chain', (_, chainId, said) => {
    expect(() => prepareSigning('eth_signTypedData_v4', typed({ chainId }), context)).toThrow(
      `Provided chainId "${said}" must match the active chainId "31337"`,
    )
  })

  it('accepts typed data sent as a JSON string', () => {
    const [, data] = typed({ name: 'App' })
    expect(shown('eth_signTypedData_v4', [address, JSON.stringify(data)]).Domain).toBe('App')
  })
})

describe('transactions', () => {
  const to = '0x2222222222222222222222222222222222222222'

  it('shows receiver, value in ETH, call data with its function, network and sender', () => {
    expect(
      shown('eth_sendTransaction', [{ to, value: '0xde0b6b3a7640000', data: '0xa9059cbb00' }]),
    ).toEqual({
      To: to,
      Value: '1 ETH',
      Data: '5 bytes (function 0xa9059cbb)',
      Network: 'Chain 31337',
      From: address,
    })
  })

  it('data of fewer than four bytes has no function; no data says none; input counts as data', () => {
    expect(shown('eth_sendTransaction', [{ to, data: '0xa9059c' }]).Data).toBe('3 bytes')
    expect(shown('eth_sendTransaction', [{ to, data: '0xa9059cbb' }]).Data).toBe(
      '4 bytes (function 0xa9059cbb)',
    )
    expect(shown('eth_sendTransaction', [{ to }]).Data).toBe('none')
    expect(shown('eth_sendTransaction', [{ to, data: '0x' }]).Data).toBe('none')
    expect(shown('eth_sendTransaction', [{ input: '0x6000' }])).toMatchObject({
      To: 'New contract (deployment)',
      Data: '2 bytes',
    })
  })

  it('the connected account as sender in any letter case, and the active chain, are accepted', () => {
    expect(
      shown('eth_sendTransaction', [{ from: address.toUpperCase().replace('0X', '0x'), to }]).From,
    ).toBe(address)
    expect(shown('eth_sendTransaction', [{ to, chainId: '0x7a69' }]).Network).toBe('Chain 31337')
  })

  it('refuses both fee models at once, and no receiver with no data', () => {
    expect(() =>
      prepareSigning(
        'eth_sendTransaction',
        [{ to, gasPrice: '0x1', maxFeePerGas: '0x1' }],
        context,
      ),
    ).toThrow('Invalid transaction fees')
    // empty data would deploy an empty contract, and any value sent with it would be locked there
    for (const empty of [{ to: null, data: '0x' }, { value: '0x1', input: '0x' }, {}]) {
      expect(() => prepareSigning('eth_sendTransaction', [empty], context)).toThrow(
        'Invalid transaction: no receiver and no data',
      )
    }
    expect(() => prepareSigning('eth_sendTransaction', { to }, context)).toThrow(
      'Invalid transaction',
    )
  })

  it('each request names its method, title and the action the card asks for', () => {
    const ask = (method: string, params: unknown) => {
      const { method: named, title, action } = prepareSigning(method, params, context)
      return { named, title, action }
    }
    expect(ask('personal_sign', ['hi', address])).toEqual({
      named: 'personal_sign',
      title: 'Sign message',
      action: 'sign a message',
    })
    expect(ask('eth_signTypedData_v4', typed())).toEqual({
      named: 'eth_signTypedData_v4',
      title: 'Sign typed data',
      action: 'sign typed data',
    })
    expect(ask('eth_sendTransaction', [{ to }])).toEqual({
      named: 'eth_sendTransaction',
      title: 'Send transaction',
      action: 'send a transaction',
    })
  })
})

function typed() {
  return [
    address,
    { types: { Note: [{ name: 't', type: 'string' }] }, primaryType: 'Note', message: { t: '' } },
  ]
}
