import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi'
import type { Kysely } from 'kysely'
import { getAddress } from 'viem'
import type { BalanceReader } from '../chain/balances'
import type { Chain, Chains } from '../chain/client'
import { pricesFor } from '../chain/tokens'
import { NATIVE_TOKEN_ADDRESS } from '../constants'
import type { Database } from '../db/schema'
import type { AppEnv } from '../env'
import { upstreamUnavailable } from '../errors'
import { CurrencyQuery, decimalAmount, fiatValue, findChain, iconUrl } from './chainCommon'
import { addressParam, caip2Param } from './chainParams'
import { commonQuery, ErrorSchema, projectErrorResponses } from './params'

const TokenBalanceSchema = z
  .object({
    name: z.string(),
    symbol: z.string(),
    chainId: z.string().openapi({ example: 'eip155:31337' }),
    address: z.string().optional().openapi({ description: 'CAIP-10; absent for the native coin' }),
    value: z.number(),
    price: z.number(),
    quantity: z.object({ decimals: z.string(), numeric: z.string() }),
    iconUrl: z.string(),
  })
  .openapi('TokenBalance')

export type TokenBalance = z.infer<typeof TokenBalanceSchema>

export const getBalanceRoute = createRoute({
  method: 'get',
  path: '/v1/account/{address}/balance',
  summary: "An account's native and token balances, read from the chain (§7)",
  request: {
    params: z.object({ address: addressParam('address') }),
    query: z.object({
      ...commonQuery,
      currency: CurrencyQuery,
      chainId: caip2Param().optional(),
      forceUpdate: z
        .enum(['true', 'false'], { error: 'must be true or false' })
        .optional()
        .openapi({ description: 'true skips the 30 s cache' }),
    }),
  },
  responses: {
    200: {
      description: 'Balances: the native coin always, tokens when held',
      content: {
        'application/json': { schema: z.object({ balances: z.array(TokenBalanceSchema) }) },
      },
    },
    ...projectErrorResponses,
    502: {
      description: "The chain's node did not answer",
      content: { 'application/json': { schema: ErrorSchema } },
    },
  },
})

export function registerBalanceRoutes(
  app: OpenAPIHono<AppEnv>,
  db: Kysely<Database>,
  chains: Chains,
  reader: BalanceReader,
) {
  app.openapi(getBalanceRoute, async (c) => {
    const { address } = c.req.valid('param')
    const { chainId, currency, forceUpdate } = c.req.valid('query')
    let selected: Chain[] = chains.all
    if (chainId !== undefined) {
      const found = findChain(c, chains, chainId)
      if ('response' in found) return found.response as never
      selected = [found.chain]
    }
    const prices = await pricesFor(
      db,
      currency,
      selected.map((chain) => chain.chainId),
    )
    let perChain: Awaited<ReturnType<BalanceReader['read']>>[]
    try {
      perChain = await Promise.all(
        selected.map((chain) => reader.read(chain, address, forceUpdate === 'true')),
      )
    } catch {
      return c.json(upstreamUnavailable, 502)
    }
    const balances: TokenBalance[] = selected.flatMap((chain, index) =>
      (perChain[index] ?? []).map((balance) => {
        const numeric = decimalAmount(balance.amount, balance.decimals)
        const price = prices.get(`${chain.chainId}:${balance.address ?? NATIVE_TOKEN_ADDRESS}`) ?? 0
        return {
          name: balance.name,
          symbol: balance.symbol,
          chainId: chain.caip2,
          ...(balance.address && { address: `${chain.caip2}:${getAddress(balance.address)}` }),
          value: fiatValue(numeric, price),
          price,
          quantity: { decimals: String(balance.decimals), numeric },
          iconUrl: iconUrl(c, balance.icon, balance.symbol),
        }
      }),
    )
    return c.json({ balances }, 200)
  })
}
