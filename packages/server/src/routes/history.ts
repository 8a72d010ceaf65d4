import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi'
import type { Kysely } from 'kysely'
import { getAddress } from 'viem'
import type { Chains } from '../chain/client'
import { listTokens, NATIVE_COIN, pricesFor } from '../chain/tokens'
import { HISTORY_PAGE_SIZE, NATIVE_TOKEN_ADDRESS } from '../constants'
import type { Database } from '../db/schema'
import { transactionsOf } from '../db/transfers'
import type { AppEnv } from '../env'
import { decimalAmount, fiatValue, findChain, iconUrl } from './chainCommon'
import { addressParam, caip2Param, cursorParam, encodeCursor } from './chainParams'
import { commonQuery, projectErrorResponses } from './params'

const TransactionSchema = z
  .object({
    id: z.string(),
    metadata: z.object({
      minedAt: z.string(),
      chain: z.string(),
      hash: z.string(),
      sentFrom: z.string(),
      sentTo: z.string(),
      status: z.literal('confirmed'),
      operationType: z.enum(['send', 'receive']),
    }),
    transfers: z.array(
      z.object({
        direction: z.enum(['in', 'out']),
        fungible_info: z.object({
          name: z.string(),
          symbol: z.string(),
          icon: z.object({ url: z.string() }),
        }),
        quantity: z.object({ numeric: z.string() }),
        value: z.number(),
        price: z.number(),
      }),
    ),
  })
  .openapi('Transaction')

export type Transaction = z.infer<typeof TransactionSchema>

export const getHistoryRoute = createRoute({
  method: 'get',
  path: '/v1/account/{address}/history',
  summary: "An account's transfers on one chain, newest first, 20 per page (§7)",
  request: {
    params: z.object({ address: addressParam('address') }),
    query: z.object({ ...commonQuery, chainId: caip2Param(), cursor: cursorParam() }),
  },
  responses: {
    200: {
      description: 'A page of transactions; `next` is the cursor of the following page',
      content: {
        'application/json': {
          schema: z.object({ data: z.array(TransactionSchema), next: z.string().nullable() }),
        },
      },
    },
    ...projectErrorResponses,
  },
})

export function registerHistoryRoutes(
  app: OpenAPIHono<AppEnv>,
  db: Kysely<Database>,
  chains: Chains,
) {
  app.openapi(getHistoryRoute, async (c) => {
    const { address } = c.req.valid('param')
    const { chainId, cursor } = c.req.valid('query')
    const found = findChain(c, chains, chainId)
    if ('response' in found) return found.response as never
    const { chain } = found
    const account = address.toLowerCase()

    // One more than a page tells whether another page follows.
    const [txs, tokens, prices] = await Promise.all([
      transactionsOf(db, chain.chainId, account, HISTORY_PAGE_SIZE + 1, cursor),
      listTokens(db, chain.chainId),
      pricesFor(db, 'usd', [chain.chainId]),
    ])
    const page = txs.slice(0, HISTORY_PAGE_SIZE)
    const last = page.at(-1)
    const next =
      txs.length > HISTORY_PAGE_SIZE && last
        ? encodeCursor({ block: last.blockNumber, txIndex: last.txIndex })
        : null
    const tokenByAddress = new Map(tokens.map((token) => [token.address, token]))

    const data: Transaction[] = page.map((tx) => {
      const transfers = tx.transfers.map((transfer) => {
        const token = transfer.tokenAddress ? tokenByAddress.get(transfer.tokenAddress) : undefined
        const coin = token ?? { ...NATIVE_COIN, icon: null }
        const numeric = decimalAmount(transfer.amount, coin.decimals)
        const price =
          prices.get(`${chain.chainId}:${transfer.tokenAddress ?? NATIVE_TOKEN_ADDRESS}`) ?? 0
        return {
          direction: transfer.from === account ? ('out' as const) : ('in' as const),
          fungible_info: {
            name: coin.name,
            symbol: coin.symbol,
            icon: { url: iconUrl(c, coin.icon, coin.symbol) },
          },
          quantity: { numeric },
          value: fiatValue(numeric, price),
          price,
        }
      })
      const first = tx.transfers[0]
      return {
        id: `${tx.hash}:${chain.caip2}`,
        metadata: {
          minedAt: tx.minedAt.toISOString(),
          chain: chain.caip2,
          hash: tx.hash,
          sentFrom: first ? getAddress(first.from) : address,
          sentTo: first ? getAddress(first.to) : address,
          status: 'confirmed' as const,
          operationType: transfers.some((t) => t.direction === 'out')
            ? ('send' as const)
            : ('receive' as const),
        },
        transfers,
      }
    })
    return c.json({ data, next }, 200)
  })
}
