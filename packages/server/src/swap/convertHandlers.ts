// /v1/convert/* (§7) on the chains that have an exchange (ChainConfig.swapRouter): quotes from
// the pools at the latest block, approve and swap transactions for the user's wallet to send.
import type { OpenAPIHono } from '@hono/zod-openapi'
import type { Context } from 'hono'
import type { Kysely } from 'kysely'
import {
  type Address,
  EstimateGasExecutionError,
  encodeFunctionData,
  erc20Abi,
  getAddress,
  isAddressEqual,
  maxUint256,
} from 'viem'
import { caip2 } from '../chain/config.ts'
import { listTokens, NATIVE_COIN, type PriceSource } from '../chain/tokens.ts'
import { GAS_PRICE_MULTIPLIERS, SWAP_FEE_PER_MILLE } from '../constants/swap.ts'
import { NATIVE_TOKEN_ADDRESS } from '../constants.ts'
import type { Database } from '../db/schema.ts'
import type { AppEnv } from '../env.ts'
import { invalidParameter } from '../errors/body.ts'
import {
  gasPriceUnsupported,
  insufficientLiquidity,
  swapsUnsupported,
  swapWouldFail,
  upstreamUnavailable,
} from '../errors.ts'
import { iconUrl } from '../routes/chainCommon.ts'
import type { TokenRef } from './convertParams.ts'
import {
  getBuildApproveRoute,
  getConvertAllowanceRoute,
  getConvertGasPriceRoute,
  getConvertQuotesRoute,
  getConvertTokensRoute,
  postBuildTransactionRoute,
} from './convertRoutes.ts'
import type { Exchange } from './exchange.ts'
import type { Exchanges } from './exchanges.ts'
import { swapTransaction } from './swapTransaction.ts'

const isNative = (address: Address) => isAddressEqual(address, NATIVE_TOKEN_ADDRESS)
/** The native coin as the token list names it (0xeeee…, not checksummed) */
const caip10 = (chainId: number, address: Address) =>
  `${caip2(chainId)}:${isNative(address) ? NATIVE_TOKEN_ADDRESS : address}`

export function registerConvertRoutes(
  app: OpenAPIHono<AppEnv>,
  deps: { db: Kysely<Database>; exchanges: Exchanges; prices: PriceSource },
) {
  const exchangeOf = (chainId: number) => deps.exchanges.of(chainId)
  /** Both tokens on one chain that swaps, and not the same token */
  const pairOf = async (c: Context<AppEnv>, from: TokenRef, to: TokenRef) => {
    if (from.chainId !== to.chainId) {
      return { response: c.json(invalidParameter('to', 'must be on the same chain as from'), 400) }
    }
    if (isAddressEqual(from.address, to.address)) {
      return { response: c.json(invalidParameter('to', 'must not be the token sold'), 400) }
    }
    const found = await exchangeOf(from.chainId)
    return found ?? { response: c.json(swapsUnsupported, 400) }
  }
  app.openapi(getConvertTokensRoute, async (c) => {
    const { chainId } = c.req.valid('query')
    const found = await exchangeOf(chainId)
    if (!found) return c.json(swapsUnsupported, 400) as never
    const [tokens, prices] = await Promise.all([
      listTokens(deps.db, chainId),
      deps.prices('usd', [chainId]),
    ])
    const priced = (address: string) => prices.get(`${chainId}:${address.toLowerCase()}`) ?? 0
    return c.json(
      {
        tokens: [
          {
            ...NATIVE_COIN,
            address: caip10(chainId, NATIVE_TOKEN_ADDRESS),
            logoUri: iconUrl(c, null, NATIVE_COIN.symbol),
            price: priced(NATIVE_TOKEN_ADDRESS),
            eip2612: false,
          },
          ...tokens
            .filter((token) => token.decimals > 0)
            .map((token) => ({
              name: token.name,
              symbol: token.symbol,
              address: caip10(chainId, getAddress(token.address)),
              decimals: token.decimals,
              logoUri: iconUrl(c, token.icon, token.symbol),
              price: priced(token.address),
              eip2612: false,
            })),
        ],
      },
      200,
    )
  })

  /** The best quote, or the response saying why there is none */
  const quoteOf = async (c: Context<AppEnv>, amount: bigint, from: TokenRef, to: TokenRef) => {
    const found = await pairOf(c, from, to)
    if ('response' in found) return found
    let outcome: Awaited<ReturnType<Exchange['quote']>>
    try {
      outcome = await found.exchange.quote(amount, from.address, to.address)
    } catch {
      return { response: c.json(upstreamUnavailable, 502) }
    }
    if (!('quote' in outcome)) return { response: c.json(insufficientLiquidity, 400) }
    return { ...found, quote: outcome.quote }
  }

  app.openapi(getConvertQuotesRoute, async (c) => {
    const { amount, from, to } = c.req.valid('query')
    const quoted = await quoteOf(c, amount, from, to)
    if ('response' in quoted) return quoted.response as never
    const { quote } = quoted
    const out = quote.amounts.at(-1) ?? 0n
    return c.json(
      {
        quotes: [
          {
            id: `${quote.block}:${quote.path.join('>')}:${amount}`,
            fromAmount: amount.toString(),
            fromAccount: caip10(from.chainId, from.address),
            toAmount: out.toString(),
            toAccount: caip10(to.chainId, to.address),
            path: quote.path.map((address) => caip10(from.chainId, address)),
            priceImpact: quote.priceImpactPercent,
            fee: {
              percent: ((quote.path.length - 1) * SWAP_FEE_PER_MILLE) / 10,
              amount: ((amount * BigInt(SWAP_FEE_PER_MILLE)) / 1_000n).toString(),
            },
            block: quote.block.toString(),
          },
        ],
      },
      200,
    )
  })

  app.openapi(getConvertAllowanceRoute, async (c) => {
    const { tokenAddress, userAddress } = c.req.valid('query')
    const found = await exchangeOf(tokenAddress.chainId)
    if (!found) return c.json(swapsUnsupported, 400) as never
    if (isNative(tokenAddress.address)) return c.json({ allowance: maxUint256.toString() }, 200)
    try {
      const allowance = await found.chain.client.readContract({
        address: tokenAddress.address,
        abi: erc20Abi,
        functionName: 'allowance',
        args: [userAddress, found.exchange.router],
      })
      return c.json({ allowance: allowance.toString() }, 200)
    } catch {
      return c.json(upstreamUnavailable, 502) as never
    }
  })

  app.openapi(getConvertGasPriceRoute, async (c) => {
    const { chainId } = c.req.valid('query')
    const found = await exchangeOf(chainId)
    if (!found) return c.json(gasPriceUnsupported, 400) as never
    let price: bigint
    try {
      price = await found.chain.client.getGasPrice()
    } catch {
      return c.json(upstreamUnavailable, 502) as never
    }
    const times = (multiple: number) =>
      ((price * BigInt(Math.round(multiple * 100))) / 100n).toString()
    return c.json(
      {
        standard: times(GAS_PRICE_MULTIPLIERS.standard),
        fast: times(GAS_PRICE_MULTIPLIERS.fast),
        instant: times(GAS_PRICE_MULTIPLIERS.instant),
      },
      200,
    )
  })

  app.openapi(getBuildApproveRoute, async (c) => {
    const { userAddress, from, to, amount } = c.req.valid('query')
    const found = await pairOf(c, from, to)
    if ('response' in found) return found.response as never
    if (isNative(from.address)) {
      return c.json(invalidParameter('from', 'the native coin needs no approval'), 400) as never
    }
    try {
      return c.json(
        {
          tx: {
            from: userAddress,
            to: from.address,
            data: encodeFunctionData({
              abi: erc20Abi,
              functionName: 'approve',
              args: [found.exchange.router, amount],
            }),
            value: '0',
            eip155: { gasPrice: (await found.chain.client.getGasPrice()).toString() },
          },
        },
        200,
      )
    } catch {
      return c.json(upstreamUnavailable, 502) as never
    }
  })

  app.openapi(postBuildTransactionRoute, async (c) => {
    const body = c.req.valid('json')
    const quoted = await quoteOf(c, body.amount, body.from, body.to)
    if ('response' in quoted) return quoted.response as never
    const { chain, exchange, quote } = quoted
    try {
      const tx = await swapTransaction(chain, exchange, quote, {
        user: body.userAddress,
        amount: body.amount,
        from: body.from.address,
        to: body.to.address,
        slippagePercent: body.eip155,
        estimate: body.disableEstimate !== true,
      })
      return c.json({ tx }, 200)
    } catch (error) {
      // The node ran the swap and it failed (allowance or balance short): the chain's reason.
      if (error instanceof EstimateGasExecutionError) {
        return c.json(swapWouldFail(error.details || error.shortMessage), 400) as never
      }
      return c.json(upstreamUnavailable, 502) as never
    }
  })
}
