import { describe, expect, it } from 'vitest'
import type { TokenBalance } from '../api/api.ts'
import { balanceOfAsset } from './assetBalance.ts'

const balance = (symbol: string, numeric: string, address?: string): TokenBalance => ({
  name: symbol,
  symbol,
  chainId: 'eip155:31337',
  ...(address && { address }),
  value: 0,
  price: 0,
  quantity: { decimals: '18', numeric },
  iconUrl: '',
})
const ETH = {
  symbol: 'ETH',
  name: 'Ether',
  decimals: 18,
  network: 'eip155:31337',
  address: null,
  price: 3000,
}
const LUSD = {
  ...ETH,
  symbol: 'lUSD',
  decimals: 6,
  address: '0xAbCdEf0000000000000000000000000000000001',
}

describe('balanceOfAsset', () => {
  const balances = [
    balance('lUSD', '12.5', `eip155:31337:${LUSD.address.toLowerCase()}`),
    balance('ETH', '0.25'),
  ]
  it('finds the native coin by having no address, a token by its address in any case', () => {
    expect(balanceOfAsset(balances, ETH)).toBe(250_000_000_000_000_000n)
    expect(balanceOfAsset(balances, LUSD)).toBe(12_500_000n)
  })
  it('is 0 when the data API lists none (it drops empty balances)', () => {
    expect(balanceOfAsset([], ETH)).toBe(0n)
    expect(balanceOfAsset([balance('ETH', '1')], LUSD)).toBe(0n)
  })
})
