// The §7 convert (swap) service as the modal sees it: its answers typed, checked and turned into
// bigints. The client that asks is apiClient.ts; the swap controller (swap/swap.ts) uses it.
import type { GasPrice } from '../connection/adapter.ts'
import { isNonEmptyString, isRecord } from '../guards.ts'

/** A token the chain's exchange trades (GET /v1/convert/tokens) */
export interface SwapToken {
  name: string
  symbol: string
  /** CAIP-10; the native coin is 0xeeee…eeee */
  address: string
  decimals: number
  logoUri: string
  /** USD per token; 0 when unknown */
  price: number
}

/** The best quote for a trade (GET /v1/convert/quotes) */
export interface SwapQuote {
  id: string
  fromAmount: bigint
  toAmount: bigint
  /** CAIP-10 ids, hop by hop */
  path: string[]
  /** Percent the trade moves the price */
  priceImpact: number
  fee: { percent: number; amount: bigint }
  /** The block whose reserves were read */
  block: bigint
}

/** A transaction the service built for the wallet to send */
export interface SwapTransaction {
  from: string
  to: `0x${string}`
  data: `0x${string}`
  value: bigint
  gas?: bigint
  gasPrice: bigint
}

export interface SwapTrade {
  /** CAIP-10 of the token sold and of the token bought */
  from: string
  to: string
  /** In base units of the token sold */
  amount: bigint
  userAddress: string
}

export interface ConvertApi {
  tokens(chainId: string): Promise<SwapToken[]>
  quote(trade: SwapTrade): Promise<SwapQuote>
  /** What the exchange may spend of `tokenAddress` (CAIP-10) for the user */
  allowance(tokenAddress: string, userAddress: string): Promise<bigint>
  gasPrice(chainId: string): Promise<GasPrice>
  /** An approve of exactly `trade.amount` to the exchange */
  buildApprove(trade: SwapTrade): Promise<SwapTransaction>
  /** The swap, paying out at least the quote less `slippage` percent */
  buildTransaction(trade: SwapTrade & { slippage: number }): Promise<SwapTransaction>
}

const DIGITS = /^\d{1,78}$/
const HEX = /^0x[0-9a-fA-F]*$/

function toBigInt(value: unknown): bigint | undefined {
  return typeof value === 'string' && DIGITS.test(value) ? BigInt(value) : undefined
}

const isNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value)

function toSwapToken(value: unknown): SwapToken | undefined {
  if (!isRecord(value)) return undefined
  const { name, symbol, address, decimals, logoUri, price } = value
  if (!isNonEmptyString(symbol) || !isNonEmptyString(address) || typeof name !== 'string') {
    return undefined
  }
  if (!Number.isInteger(decimals) || (decimals as number) < 0 || (decimals as number) > 255) {
    return undefined
  }
  return {
    name,
    symbol,
    address,
    decimals: decimals as number,
    logoUri: typeof logoUri === 'string' ? logoUri : '',
    price: isNumber(price) && price >= 0 ? price : 0,
  }
}

/** Malformed tokens are dropped; a body without a `tokens` list is malformed. */
export function toSwapTokens(value: unknown): SwapToken[] | undefined {
  if (!isRecord(value) || !Array.isArray(value.tokens)) return undefined
  return value.tokens.map(toSwapToken).filter((token) => token !== undefined)
}

/** The first quote of the answer; none, or a malformed one, is a malformed answer. */
export function toSwapQuote(value: unknown): SwapQuote | undefined {
  if (!isRecord(value) || !Array.isArray(value.quotes)) return undefined
  const quote: unknown = value.quotes[0]
  if (!isRecord(quote) || !isRecord(quote.fee)) return undefined
  const fromAmount = toBigInt(quote.fromAmount)
  const toAmount = toBigInt(quote.toAmount)
  const feeAmount = toBigInt(quote.fee.amount)
  const block = toBigInt(quote.block)
  const { path, priceImpact } = quote
  if (fromAmount === undefined || toAmount === undefined || feeAmount === undefined) {
    return undefined
  }
  if (block === undefined || !isNumber(priceImpact) || !isNumber(quote.fee.percent)) {
    return undefined
  }
  if (!Array.isArray(path) || path.length < 2 || !path.every(isNonEmptyString)) return undefined
  return {
    id: typeof quote.id === 'string' ? quote.id : '',
    fromAmount,
    toAmount,
    path: [...path],
    priceImpact,
    fee: { percent: quote.fee.percent, amount: feeAmount },
    block,
  }
}

export function toAllowance(value: unknown): bigint | undefined {
  return isRecord(value) ? toBigInt(value.allowance) : undefined
}

export function toGasPrice(value: unknown): GasPrice | undefined {
  if (!isRecord(value)) return undefined
  const standard = toBigInt(value.standard)
  const fast = toBigInt(value.fast)
  const instant = toBigInt(value.instant)
  if (standard === undefined || fast === undefined || instant === undefined) return undefined
  return { standard, fast, instant }
}

export function toSwapTransaction(value: unknown): SwapTransaction | undefined {
  if (!isRecord(value) || !isRecord(value.tx)) return undefined
  const { from, to, data, eip155 } = value.tx
  const amount = toBigInt(value.tx.value)
  if (typeof from !== 'string' || typeof to !== 'string' || typeof data !== 'string') {
    return undefined
  }
  if (!HEX.test(to) || to.length !== 42 || !HEX.test(data) || amount === undefined) {
    return undefined
  }
  if (!isRecord(eip155)) return undefined
  const gasPrice = toBigInt(eip155.gasPrice)
  const gas = eip155.gas === undefined ? undefined : toBigInt(eip155.gas)
  if (gasPrice === undefined || (eip155.gas !== undefined && gas === undefined)) return undefined
  return {
    from,
    to: to as `0x${string}`,
    data: data as `0x${string}`,
    value: amount,
    ...(gas !== undefined && { gas }),
    gasPrice,
  }
}
