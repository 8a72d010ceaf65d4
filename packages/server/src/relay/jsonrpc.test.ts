import { describe, expect, it } from 'vitest'
import { errorReply, parseFrame, rawTopLevelId, requestFrame, resultReply } from './jsonrpc.ts'

describe('parseFrame', () => {
  it('reads requests, keeping the id as written', () => {
    expect(parseFrame('{"id":1,"jsonrpc":"2.0","method":"irn_subscribe","params":{}}')).toEqual({
      kind: 'request',
      idText: '1',
      method: 'irn_subscribe',
      params: {},
    })
    // WalletConnect's ids: 19 digits as a string, or as a bare number past 2^53
    expect(parseFrame('{"id":"1712345678901234567","method":"m"}')).toMatchObject({
      idText: '"1712345678901234567"',
    })
    expect(
      parseFrame('{"params":{"id":5,"x":[{"id":7}]},"id" : 1712345678901234567,"method":"m"}'),
    ).toMatchObject({ idText: '1712345678901234567' })
  })

  it('reads responses (acknowledgements)', () => {
    expect(parseFrame('{"id":12,"jsonrpc":"2.0","result":true}')).toEqual({
      kind: 'response',
      id: 12,
    })
    expect(parseFrame('{"id":"12","error":{"code":1,"message":"no"}}')).toEqual({
      kind: 'response',
      id: '12',
    })
  })

  it('answers what it cannot read', () => {
    const reply = (text: string) => {
      const frame = parseFrame(text)
      return frame.kind === 'invalid' ? JSON.parse(frame.reply) : frame
    }
    expect(reply('{nope')).toMatchObject({ id: null, error: { code: -32700 } })
    expect(reply('')).toMatchObject({ id: null, error: { code: -32700 } })
    expect(reply('[1,2]')).toMatchObject({ id: null, error: { code: -32600 } })
    expect(reply('42')).toMatchObject({ id: null, error: { code: -32600 } })
    expect(reply('{"id":3}')).toMatchObject({ id: 3, error: { code: -32600 } })
    expect(reply('{"method":"irn_publish"}')).toMatchObject({ id: null, error: { code: -32600 } })
    expect(reply('{"id":{},"method":"irn_publish"}')).toMatchObject({ error: { code: -32600 } })
    expect(reply('{"id":4,"jsonrpc":"1.0","method":"x"}')).toMatchObject({
      id: 4,
      error: { code: -32600 },
    })
  })
})

describe('rawTopLevelId', () => {
  it('finds the top-level id member only', () => {
    expect(rawTopLevelId('{"a":{"id":1},"b":"\\"id\\":2","id":3}')).toBe('3')
    expect(rawTopLevelId('{"method":"id","id":-9}')).toBe('-9')
    expect(rawTopLevelId('{"id":"x"}')).toBeUndefined()
    expect(rawTopLevelId('{"x":1}')).toBeUndefined()
  })
})

describe('replies', () => {
  it('writes JSON-RPC 2.0 objects', () => {
    expect(JSON.parse(resultReply('"a"', { x: 1 }))).toEqual({
      id: 'a',
      jsonrpc: '2.0',
      result: { x: 1 },
    })
    expect(errorReply('1712345678901234567', -32601, 'no')).toBe(
      '{"id":1712345678901234567,"jsonrpc":"2.0","error":{"code":-32601,"message":"no"}}',
    )
    expect(JSON.parse(requestFrame(5, 'irn_subscription', { id: 'x' }))).toEqual({
      id: 5,
      jsonrpc: '2.0',
      method: 'irn_subscription',
      params: { id: 'x' },
    })
  })
})
