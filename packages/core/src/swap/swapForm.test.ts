import { describe, expect, it } from 'vitest'
import type { TokenBalance } from '../api/api.ts'
import type { SwapToken } from '../api/convert.ts'
import { AmountText } from '../send/sendAmount.ts'
import {
  checkSwapAmount,
  heldAmount,
  isHighPriceImpact,
  isNativeToken,
  maxSwappable,
  minimumReceived,
  searchTokens,
  swapNetworkFee,
  tokensByHolding,
} from './swapForm.ts'

const chain = 'eip155:31337'
const token = (symbol: string, address: string, decimals = 18): SwapToken => ({
  name: `${symbol} token`,
  symbol,
  address: `${chain}:${address}`,
  decimals,
  logoUri: '',
  price: 1,
})
const eth = token('ETH', '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee')
const lusd = token('lUSD', '0x5FbDB2315678afecb367f032d93F642f64180aa3', 6)
const lkt = token('LKT', '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512')
const held = (symbol: string, numeric: string, value: number, address?: string): TokenBalance => ({
  name: symbol,
  symbol,
  chainId: chain,
  ...(address && { address: `${chain}:${address.toLowerCase()}` }),
  value,
  price: 1,
  quantity: { decimals: '18', numeric },
  iconUrl: '',
})
const balances = [
  held('ETH', '2', 6000),
  held('LKT', '10.5', 12_000, '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512'),
  { ...held('lUSD', '99', 99, '0x5FbDB2315678afecb367f032d93F642f64180aa3'), chainId: 'eip155:1' },
]

describe('swap form rules', () => {
  it('knows the native coin by its 0xeeee… id', () => {
    expect(isNativeToken(eth.address)).toBe(true)
    expect(isNativeToken('eip155:1:0xEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEE')).toBe(true)
    expect(isNativeToken(lusd.address)).toBe(false)
  })

  it('reads the balance of the network it is asked for, by address in any case', () => {
    expect(heldAmount(eth, balances, chain)).toBe(2n * 10n ** 18n)
    expect(heldAmount(lkt, balances, chain)).toBe(105n * 10n ** 17n)
    expect(heldAmount(lusd, balances, chain)).toBe(0n)
  })

  it('lists held tokens first by value, then the rest in the service order; search filters', () => {
    expect(tokensByHolding([eth, lusd, lkt], balances, chain).map((t) => t.symbol)).toEqual([
      'LKT',
      'ETH',
      'lUSD',
    ])
    expect(searchTokens([eth, lusd, lkt], ' usd ').map((t) => t.symbol)).toEqual(['lUSD'])
    expect(searchTokens([eth, lusd, lkt], 'e7F17').map((t) => t.symbol)).toEqual(['LKT'])
    expect(searchTokens([eth, lusd], '')).toEqual([eth, lusd])
  })

  it('Max keeps back the gas of a swap on the native coin only', () => {
    expect(maxSwappable(10n ** 18n, true, 10n ** 9n)).toBe(10n ** 18n - 250_000n * 10n ** 9n)
    expect(maxSwappable(10n ** 18n, false, 10n ** 9n)).toBe(10n ** 18n)
    expect(maxSwappable(1000n, true, 10n ** 9n)).toBe(0n)
  })

  it('the minimum received is the quote less the slippage, rounded down', () => {
    expect(minimumReceived(1_000_000n, 1)).toBe(990_000n)
    expect(minimumReceived(999n, 1)).toBe(989n)
    expect(minimumReceived(1_000n, 0.5)).toBe(995n)
  })

  it('warns above 5 % of price impact', () => {
    const quote = { priceImpact: 5 } as Parameters<typeof isHighPriceImpact>[0]
    expect(isHighPriceImpact(quote)).toBe(false)
    expect(isHighPriceImpact({ ...quote, priceImpact: 5.01 })).toBe(true)
  })

  it('prices the network fee by the pools a swap goes through', () => {
    expect(swapNetworkFee(2n, 2)).toBe(260_000n)
    expect(swapNetworkFee(2n, 3)).toBe(350_000n)
  })

  it('checks the amount with the token decimals and the balance', () => {
    expect(checkSwapAmount('1.5', lusd, 2_000_000n)).toEqual({ amount: 1_500_000n })
    expect(checkSwapAmount('1.0000001', lusd, 10n ** 9n)).toEqual({ error: 'At most 6 decimals' })
    expect(checkSwapAmount('0', lusd, 1n)).toEqual({ error: AmountText.zero })
    expect(checkSwapAmount('', lusd, 1n)).toEqual({ error: AmountText.zero })
    expect(checkSwapAmount('3', lusd, 2_000_000n)).toEqual({ error: AmountText.exceedsBalance })
    expect(checkSwapAmount('1', undefined, 1n)).toEqual({ error: AmountText.zero })
  })
})
