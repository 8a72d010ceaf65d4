// What the signer refuses before the approval card shows: the shape of every parameter, to the
// character, so that nothing the card does not describe can be signed.
import { describe, expect, it } from 'vitest'
import { INVALID_PARAMS, prepareSigning } from './signer.ts'
import { inEnglish } from './testing/inEnglish.ts'

const address = '0x00000000000000000000000000000000000000aA'
const receiver = '0x00000000000000000000000000000000000000bB'
const context = { address, chainId: 31337, rpcUrl: 'http://127.0.0.1:1' }
const send = (tx: Record<string, unknown>) =>
  prepareSigning('eth_sendTransaction', [{ to: receiver, ...tx }], context)
const byLabel = (method: string, params: unknown) =>
  Object.fromEntries(
    inEnglish(prepareSigning(method, params, context).details).map((d) => [d.label, d]),
  )
const typed = (fields: Record<string, unknown> = {}) => ({
  types: {
    EIP712Domain: [{ name: 'name', type: 'string' }],
    Mail: [{ name: 'body', type: 'string' }],
  },
  primaryType: 'Mail',
  domain: { name: 'Mailer' },
  message: { body: 'hi' },
  ...fields,
})

describe('eth_sendTransaction parameters', () => {
  it.each([
    ['an address with text before it', { to: `x${receiver}` }],
    ['an address with text after it', { to: `${receiver}00` }],
    ['a sender with text around it', { from: ` ${address}` }],
    ['data with text before it', { data: 'zz0x00' }],
    ['data with text after it', { data: '0x00zz' }],
    ['data of an odd number of digits', { data: '0x000' }],
    ['a value with text before it', { value: 'a0x1' }],
    ['a value with text after it', { value: '0x1 ' }],
    ['a value of 65 digits', { value: `0x${'1'.repeat(65)}` }],
  ])('refuses %s', (_, tx) => {
    expect(() => send(tx)).toThrow(expect.objectContaining({ code: INVALID_PARAMS }))
  })

  it('refuses params that are not a list, naming the transaction', () => {
    expect(() => prepareSigning('eth_sendTransaction', { to: receiver }, context)).toThrow(
      'Invalid transaction',
    )
  })

  it('takes one fee model: a legacy gas price or EIP-1559 fees, not both', () => {
    expect(() => send({ gasPrice: '0x1', maxFeePerGas: '0x2' })).toThrow('Invalid transaction fees')
    expect(() => send({ gasPrice: '0x1' })).not.toThrow()
    expect(() => send({ maxFeePerGas: '0x2', maxPriorityFeePerGas: '0x1' })).not.toThrow()
  })

  it('shows addresses in a monospace face, amounts not', () => {
    const shown = byLabel('eth_sendTransaction', [{ to: receiver, data: '0xa9059cbb00' }])
    expect(shown.To).toMatchObject({ value: receiver, mono: true })
    expect(shown.From).toMatchObject({ value: address, mono: true })
    expect(shown.Data?.value).toBe('5 bytes (function 0xa9059cbb)')
    expect(shown.Value?.mono).toBeFalsy()
  })
})

describe('personal_sign parameters', () => {
  it('takes as hex only whole bytes from the 0x on; anything else is text', () => {
    for (const text of ['0x123', 'x0x12', '0x12 ', 'a0x12']) {
      expect(byLabel('personal_sign', [text, address]).Message?.value).toBe(text)
    }
    expect(byLabel('personal_sign', ['0x6869', address]).Message?.value).toBe('hi')
    expect(byLabel('personal_sign', ['0x6869', address]).Account).toMatchObject({ mono: true })
  })
})

describe('eth_signTypedData_v4 parameters', () => {
  it('refuses params that are not a list, and JSON that does not parse, as typed data', () => {
    expect(() => prepareSigning('eth_signTypedData_v4', { 0: address }, context)).toThrow(
      'Invalid typed data',
    )
    expect(() => prepareSigning('eth_signTypedData_v4', [address, '{not json'], context)).toThrow(
      /^Invalid typed data$/,
    )
    expect(() =>
      prepareSigning('eth_signTypedData_v4', [address, { primaryType: 'Mail' }], context),
    ).toThrow(/^Invalid typed data$/)
  })

  it.each([
    ['a number', 31337],
    ['a bigint', 31337n],
    ['a decimal string', '31337'],
    ['a hex string', '0x7a69'],
  ])('takes the domain chain as %s', (_, chainId) => {
    const shown = byLabel('eth_signTypedData_v4', [
      address,
      typed({ domain: { name: 'M', chainId } }),
    ])
    expect(shown.Network?.value).toBe('Chain 31337')
  })

  it.each([
    ['a number with a fraction', 31337.5],
    ['a string with a sign', '+31337'],
    ['digits with text after them', '31337a'],
    ['text with digits after it', 'a31337'],
  ])('refuses a domain chain given as %s', (_, chainId) => {
    expect(() =>
      prepareSigning(
        'eth_signTypedData_v4',
        [address, typed({ domain: { name: 'M', chainId } })],
        context,
      ),
    ).toThrow('must match the active chainId "31337"')
  })

  it('cuts a long domain chain in the refusal', () => {
    const chainId = '9'.repeat(200)
    expect(() =>
      prepareSigning('eth_signTypedData_v4', [address, typed({ domain: { chainId } })], context),
    ).toThrow(`Provided chainId "${'9'.repeat(80)}" must match`)
  })

  it('shows the domain, the contract in monospace, the message as a block', () => {
    const shown = byLabel('eth_signTypedData_v4', [
      address,
      typed({ domain: { name: 'Mailer', verifyingContract: receiver } }),
    ])
    expect(shown.Domain?.value).toBe('Mailer')
    expect(shown.Contract).toMatchObject({ value: receiver, mono: true })
    expect(shown.Message).toMatchObject({ block: true, mono: true })
    expect(shown.Account).toMatchObject({ value: address, mono: true })
    const unnamed = byLabel('eth_signTypedData_v4', [address, typed({ domain: { name: 7 } })])
    expect(unnamed.Domain).toBeUndefined()
    expect(unnamed.Contract).toBeUndefined()
  })

  it('refuses an object posing as the list of params (its keys 0 and 1)', () => {
    expect(() =>
      prepareSigning('eth_signTypedData_v4', { 0: address, 1: typed(), length: 2 }, context),
    ).toThrow(/^Invalid typed data$/)
    expect(() =>
      prepareSigning('eth_sendTransaction', { 0: { to: receiver }, length: 1 }, context),
    ).toThrow(/^Invalid transaction$/)
  })

  it('refuses a domain chain given as a list holding the chain', () => {
    expect(() =>
      prepareSigning(
        'eth_signTypedData_v4',
        [address, typed({ domain: { name: 'M', chainId: ['31337'] } })],
        context,
      ),
    ).toThrow('must match the active chainId "31337"')
  })

  it("names the first line of the type checker's reason, cut to 300 characters", () => {
    const broken = (name: string) =>
      typed({ types: { Mail: [{ name: 'body', type: name }] }, domain: {} })
    let error: Error | undefined
    try {
      prepareSigning('eth_signTypedData_v4', [address, broken('Missing')], context)
    } catch (caught) {
      error = caught as Error
    }
    expect(error?.message).toBe('Invalid typed data: Type "Missing" is not a valid EIP-712 type.')
    expect(error?.message).not.toContain('\n')
    expect(error).toMatchObject({ code: INVALID_PARAMS })
    let long: Error | undefined
    try {
      prepareSigning('eth_signTypedData_v4', [address, broken(`M${'x'.repeat(400)}`)], context)
    } catch (caught) {
      long = caught as Error
    }
    expect(long?.message).toHaveLength(300)
  })

  it('lists exactly the domain, network, type, message and account', () => {
    const request = prepareSigning(
      'eth_signTypedData_v4',
      [address, typed({ domain: { name: 'Mailer', version: '2', chainId: 31337 } })],
      context,
    )
    expect(request.details.map((d) => d.label)).toEqual([
      'Domain',
      'Network',
      'Type',
      'Message',
      'Account',
    ])
    expect(request.details[0]?.value).toBe('Mailer 2')
  })

  it('shows the message as JSON, with big numbers as digits; one it cannot show says so', () => {
    const withNumber = typed({
      types: { Mail: [{ name: 'amount', type: 'uint256' }] },
      domain: {},
      message: { amount: 10n ** 30n },
    })
    const shown = byLabel('eth_signTypedData_v4', [address, withNumber])
    expect(shown.Message?.value).toContain(`"amount": "${10n ** 30n}"`)
    // A page can post a message that refers to itself (structured clone keeps cycles).
    const looped: Record<string, unknown> = { body: 'hi' }
    looped.self = looped
    const cyclic = byLabel('eth_signTypedData_v4', [address, typed({ message: looped })])
    expect(cyclic.Message?.value).toBe('[not displayable]')
  })
})
