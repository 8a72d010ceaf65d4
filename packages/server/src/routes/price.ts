import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi'
import type { Kysely } from 'kysely'
import type { Chains } from '../chain/client.ts'
import { caip2 } from '../chain/config.ts'
import { listTokens, NATIVE_COIN, type PriceSource } from '../chain/tokens.ts'
import { NATIVE_TOKEN_ADDRESS } from '../constants.ts'
import type { Database } from '../db/schema.ts'
import type { AppEnv } from '../env.ts'
import { iconUrl } from './chainCommon.ts'
import { parseCaip10 } from './chainParams.ts'
import { commonQuery, projectErrorResponses } from './params.ts'

/** Ours: addresses per price request */
const MAX_PRICE_ADDRESSES = 100

const PriceBody = z.object({
  currency: z.string({ error: 'must be a string' }).transform((value, ctx) => {
    if (value.trim().toLowerCase() === 'usd') return 'usd'
    ctx.addIssue({ code: 'custom', message: 'must be usd' })
    return z.NEVER
  }),
  addresses: z
    .array(z.string({ error: 'items must be strings' }), { error: 'must be a list' })
    .max(MAX_PRICE_ADDRESSES, { error: `must list at most ${MAX_PRICE_ADDRESSES} addresses` })
    .transform((values, ctx) => {
      const parsed = values.flatMap((value) => {
        const id = parseCaip10(value)
        return id ? [{ value, ...id }] : []
      })
      if (parsed.length === values.length) return parsed
      const bad = values.find((value) => !parseCaip10(value)) ?? ''
      ctx.addIssue({
        code: 'custom',
        message: `items must be CAIP-10 ids like eip155:31337:0x…, got '${bad.slice(0, 100)}'`,
      })
      return z.NEVER
    }),
  projectId: z.string().optional(),
})

const FungibleSchema = z
  .object({
    name: z.string(),
    symbol: z.string(),
    iconUrl: z.string(),
    price: z.number(),
    address: z.string().openapi({ description: 'CAIP-10, as asked' }),
  })
  .openapi('FungiblePrice')

export const postPriceRoute = createRoute({
  method: 'post',
  path: '/v1/fungible/price',
  summary: 'Prices of tokens by CAIP-10 id (§7); the native coin is 0xeeee…eeee',
  request: {
    query: z.object(commonQuery),
    body: { content: { 'application/json': { schema: PriceBody } }, required: true },
  },
  responses: {
    200: {
      description: 'Prices of the tokens we know; unknown ones are left out',
      content: {
        'application/json': { schema: z.object({ fungibles: z.array(FungibleSchema) }) },
      },
    },
    ...projectErrorResponses,
  },
})

export function registerPriceRoutes(
  app: OpenAPIHono<AppEnv>,
  db: Kysely<Database>,
  chains: Chains,
  pricesOf: PriceSource,
) {
  app.openapi(postPriceRoute, async (c) => {
    const { currency, addresses } = c.req.valid('json')
    const chainIds = [...new Set(addresses.map((a) => a.chainId))].filter((id) => chains.get(id))
    const [prices, tokenLists] = await Promise.all([
      pricesOf(currency, chainIds),
      Promise.all(chainIds.map((id) => listTokens(db, id))),
    ])
    const tokens = new Map(
      tokenLists.flat().map((token) => [`${token.chain_id}:${token.address}`, token]),
    )
    const fungibles = addresses.flatMap(({ value, chainId, address }) => {
      const key = `${chainId}:${address.toLowerCase()}`
      const price = prices.get(key)
      if (price === undefined || !chains.get(chainId)) return []
      const token =
        address.toLowerCase() === NATIVE_TOKEN_ADDRESS
          ? { ...NATIVE_COIN, icon: null }
          : tokens.get(key)
      if (!token) return []
      return [
        {
          name: token.name,
          symbol: token.symbol,
          iconUrl: iconUrl(c, token.icon, token.symbol),
          price,
          address: value || `${caip2(chainId)}:${address}`,
        },
      ]
    })
    return c.json({ fungibles }, 200)
  })
}
