import { describe, expect, it } from 'vitest'
import { toAllowance, toGasPrice, toSwapQuote, toSwapTokens, toSwapTransaction } from './convert.ts'

const quote = {
  id: '7:a>b:10',
  fromAmount: '10',
  toAmount: '29',
  fromAccount: 'eip155:1:0xa',
  toAccount: 'eip155:1:0xb',
  path: ['eip155:1:0xa', 'eip155:1:0xb'],
  priceImpact: 0.5,
  fee: { percent: 0.3, amount: '0' },
  block: '7',
}
const tx = {
  from: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  to: '0x5481Cac231b1fD97B4e7E0FF2C2DE3F414DD13F3',
  data: '0x7ff36ab5',
  value: '1000',
  eip155: { gas: '120000', gasPrice: '1000000000' },
}

describe('convert answers (§7), checked', () => {
  it('keeps well-formed tokens and drops the others', () => {
    const good = {
      name: 'Ether',
      symbol: 'ETH',
      address: 'eip155:1:0xeeee',
      decimals: 18,
      logoUri: 'x',
      price: 3000,
    }
    expect(
      toSwapTokens({ tokens: [good, { ...good, decimals: -1 }, { ...good, symbol: '' }, 'x'] }),
    ).toEqual([good])
    expect(toSwapTokens({ tokens: [{ ...good, price: 'x', logoUri: 3 }] })).toEqual([
      { ...good, price: 0, logoUri: '' },
    ])
    expect(toSwapTokens({})).toBeUndefined()
  })

  it('reads the first quote with its amounts as bigints', () => {
    expect(toSwapQuote({ quotes: [quote] })).toEqual({
      id: quote.id,
      fromAmount: 10n,
      toAmount: 29n,
      path: quote.path,
      priceImpact: 0.5,
      fee: { percent: 0.3, amount: 0n },
      block: 7n,
    })
    for (const broken of [
      { ...quote, toAmount: '-1' },
      { ...quote, toAmount: 29 },
      { ...quote, path: ['eip155:1:0xa'] },
      { ...quote, priceImpact: Number.NaN },
      { ...quote, fee: { percent: 0.3 } },
      { ...quote, block: '0x7' },
    ]) {
      expect(toSwapQuote({ quotes: [broken] })).toBeUndefined()
    }
    expect(toSwapQuote({ quotes: [] })).toBeUndefined()
  })

  it('reads allowances and gas prices as bigints', () => {
    expect(
      toAllowance({
        allowance: '115792089237316195423570985008687907853269984665640564039457584007913129639935',
      }),
    ).toBe(2n ** 256n - 1n)
    expect(toAllowance({ allowance: '1e3' })).toBeUndefined()
    expect(toGasPrice({ standard: '1', fast: '2', instant: '3' })).toEqual({
      standard: 1n,
      fast: 2n,
      instant: 3n,
    })
    expect(toGasPrice({ standard: '1', fast: '2' })).toBeUndefined()
  })

  it('reads a built transaction, with or without the gas estimate', () => {
    const read = { from: tx.from, to: tx.to, data: tx.data, value: 1000n, gasPrice: 10n ** 9n }
    expect(toSwapTransaction({ tx })).toStrictEqual({ ...read, gas: 120_000n })
    expect(toSwapTransaction({ tx: { ...tx, eip155: { gasPrice: '1000000000' } } })).toStrictEqual(
      read,
    )
    for (const broken of [
      { ...tx, to: '0x12' },
      { ...tx, data: 'abc' },
      { ...tx, value: '-1' },
      { ...tx, eip155: { gas: 'x', gasPrice: '1' } },
      { ...tx, eip155: undefined },
    ]) {
      expect(toSwapTransaction({ tx: broken })).toBeUndefined()
    }
  })
})
