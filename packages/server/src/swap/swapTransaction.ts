// The router call a quote becomes: the path's swap function, at least the quote less the
// slippage, a deadline, and the gas the node expects it to use.
import { type Address, encodeFunctionData, isAddressEqual } from 'viem'
import type { Chain } from '../chain/client.ts'
import { SWAP_DEADLINE_SECONDS, SWAP_GAS_MARGIN_PERCENT } from '../constants/swap.ts'
import { NATIVE_TOKEN_ADDRESS } from '../constants.ts'
import { minimumOut } from './amounts.ts'
import { type Exchange, type Quote, routerAbi } from './exchange.ts'

const isNative = (address: Address) => isAddressEqual(address, NATIVE_TOKEN_ADDRESS)

/** The router call for the quote's path, with its deadline, value and gas */
export async function swapTransaction(
  chain: Chain,
  exchange: Exchange,
  quote: Quote,
  order: {
    user: Address
    amount: bigint
    from: Address
    to: Address
    slippagePercent: number
    estimate: boolean
  },
  /** The server's clock, ms (a test moves it) */
  now: () => number = Date.now,
) {
  const atLeast = minimumOut(quote.amounts.at(-1) ?? 0n, order.slippagePercent)
  const block = await chain.client.getBlock({ blockNumber: quote.block })
  // From now, or from the quoted block if the chain runs ahead: an idle chain's last block (a
  // devnet mines only on demand) may be older than the deadline itself.
  const seconds = BigInt(Math.floor(now() / 1000))
  const start = block.timestamp > seconds ? block.timestamp : seconds
  const deadline = start + BigInt(SWAP_DEADLINE_SECONDS)
  const data = isNative(order.from)
    ? encodeFunctionData({
        abi: routerAbi,
        functionName: 'swapExactETHForTokens',
        args: [atLeast, quote.path, order.user, deadline],
      })
    : encodeFunctionData({
        abi: routerAbi,
        functionName: isNative(order.to) ? 'swapExactTokensForETH' : 'swapExactTokensForTokens',
        args: [order.amount, atLeast, quote.path, order.user, deadline],
      })
  const value = isNative(order.from) ? order.amount : 0n
  const [gasPrice, gas] = await Promise.all([
    chain.client.getGasPrice(),
    order.estimate
      ? chain.client
          .estimateGas({ account: order.user, to: exchange.router, data, value })
          .then((estimate) => (estimate * BigInt(100 + SWAP_GAS_MARGIN_PERCENT)) / 100n)
      : undefined,
  ])
  return {
    from: order.user,
    to: exchange.router,
    data,
    value: value.toString(),
    eip155: { ...(gas !== undefined && { gas: gas.toString() }), gasPrice: gasPrice.toString() },
  }
}
