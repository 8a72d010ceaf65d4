import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import type { Kysely } from 'kysely'
import { getAddress } from 'viem'
import type { Chains } from '../chain/client.ts'
import { SOLANA_NATIVE_COIN, type SolanaChain, type SolanaChains } from '../chain/solanaChains.ts'
import { readSolanaHistory, type SolanaHistoryEntry } from '../chain/solanaHistory.ts'
import { solanaPricesFor } from '../chain/solanaPrices.ts'
import { listTokens, NATIVE_COIN, type PriceSource } from '../chain/tokens.ts'
import {
  HISTORY_PAGE_SIZE,
  NATIVE_TOKEN_ADDRESS,
  SOLANA_NATIVE_TOKEN_ADDRESS,
} from '../constants.ts'
import type { Database } from '../db/schema.ts'
import { transactionsOf } from '../db/transfers.ts'
import type { AppEnv } from '../env.ts'
import { invalidParameter, upstreamUnavailable } from '../errors.ts'
import { decimalAmount, fiatValue, findChain, findSolanaChain, iconUrl } from './chainCommon.ts'
import {
  accountAddressParam,
  addressReason,
  chainRefParam,
  encodeCursor,
  historyCursorParam,
} from './chainParams.ts'
import { commonQuery, ErrorSchema, projectErrorResponses } from './params.ts'

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
      operationType: z
        .enum(['send', 'receive', 'trade'])
        .openapi({ description: "'trade': tokens went out and others came in (a swap)" }),
    }),
    transfers: z.array(
      z.object({
        direction: z.enum(['in', 'out', 'self']).openapi({
          description: "'self' when the account sent to itself",
        }),
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
    params: z.object({ address: accountAddressParam('address') }),
    query: z.object({ ...commonQuery, chainId: chainRefParam(), cursor: historyCursorParam() }),
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
    502: {
      description: "A Solana chain's node did not answer (Solana history is read live)",
      content: { 'application/json': { schema: ErrorSchema } },
    },
  },
})

const INVALID_CURSOR = 'is not a cursor given by this API'

export function registerHistoryRoutes(
  app: OpenAPIHono<AppEnv>,
  db: Kysely<Database>,
  chains: Chains,
  solanaChains: SolanaChains,
  pricesOf: PriceSource,
) {
  app.openapi(getHistoryRoute, async (c) => {
    const { address: owner } = c.req.valid('param')
    const { chainId: chainRef, cursor: anyCursor } = c.req.valid('query')
    if (owner.namespace !== chainRef.namespace) {
      return c.json(invalidParameter('address', addressReason(chainRef.namespace)), 400) as never
    }
    if (anyCursor && anyCursor.namespace !== chainRef.namespace) {
      return c.json(invalidParameter('cursor', INVALID_CURSOR), 400) as never
    }
    if (chainRef.namespace === 'solana') {
      const found = findSolanaChain(c, chains, solanaChains, chainRef.caip2)
      if ('response' in found) return found.response as never
      const before = anyCursor?.namespace === 'solana' ? anyCursor.signature : undefined
      const prices = await solanaPricesFor(db, 'usd', [found.chain.caip2])
      let page: Awaited<ReturnType<typeof readSolanaHistory>>
      try {
        page = await readSolanaHistory(found.chain, owner.address, {
          limit: HISTORY_PAGE_SIZE,
          before,
        })
      } catch {
        return c.json(upstreamUnavailable, 502)
      }
      const data = page.entries.map((entry) =>
        solanaTransaction(c, found.chain, owner.address, entry, prices),
      )
      return c.json({ data, next: page.next }, 200)
    }
    const address = owner.address
    const cursor = anyCursor?.namespace === 'eip155' ? anyCursor.position : undefined
    const found = findChain(c, chains, chainRef.chainId, solanaChains)
    if ('response' in found) return found.response as never
    const { chain } = found
    const account = address.toLowerCase()

    // One more than a page tells whether another page follows.
    const [txs, tokens, prices] = await Promise.all([
      transactionsOf(db, chain.chainId, account, HISTORY_PAGE_SIZE + 1, cursor),
      listTokens(db, chain.chainId),
      pricesOf('usd', [chain.chainId]),
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
          direction: directionOf(transfer, account),
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
          operationType: operationTypeOf(transfers),
        },
        transfers,
      }
    })
    return c.json({ data, next }, 200)
  })
}

/** A swap when something went out and something else came in; else a send or a receive. */
function operationTypeOf(
  transfers: readonly { direction: 'in' | 'out' | 'self'; fungible_info: { symbol: string } }[],
): 'send' | 'receive' | 'trade' {
  const out = transfers.filter((t) => t.direction === 'out')
  const came = transfers.filter((t) => t.direction === 'in')
  const symbols = new Set(out.map((t) => t.fungible_info.symbol))
  if (out.length > 0 && came.some((t) => !symbols.has(t.fungible_info.symbol))) return 'trade'
  return transfers.some((t) => t.direction !== 'in') ? 'send' : 'receive'
}

/** How a transfer moved for the account: to itself, out of it, or into it. */
function directionOf(
  transfer: { from: string; to: string },
  account: string,
): 'in' | 'out' | 'self' {
  if (transfer.from === account) return transfer.to === account ? 'self' : 'out'
  return 'in'
}

/** A Solana transaction in the §3 Transaction shape (what EVM history answers). */
function solanaTransaction(
  c: Context<AppEnv>,
  chain: SolanaChain,
  address: string,
  entry: SolanaHistoryEntry,
  prices: ReadonlyMap<string, number>,
): Transaction {
  const transfers = entry.transfers.map((transfer) => {
    const token = transfer.mint ? chain.tokenByMint.get(transfer.mint) : undefined
    const coin = token ?? SOLANA_NATIVE_COIN
    const numeric = decimalAmount(transfer.amount, transfer.decimals)
    const price = prices.get(`${chain.caip2}:${transfer.mint ?? SOLANA_NATIVE_TOKEN_ADDRESS}`) ?? 0
    return {
      direction: transfer.direction,
      fungible_info: {
        name: coin.name,
        symbol: coin.symbol,
        icon: { url: iconUrl(c, null, coin.symbol) },
      },
      quantity: { numeric },
      value: fiatValue(numeric, price),
      price,
    }
  })
  const first = entry.transfers[0]
  const other = first?.counterparty ?? address
  return {
    id: `${entry.signature}:${chain.caip2}`,
    metadata: {
      minedAt: new Date((entry.blockTime ?? 0) * 1000).toISOString(),
      chain: chain.caip2,
      hash: entry.signature,
      sentFrom: first?.direction === 'in' ? other : address,
      sentTo: first?.direction === 'in' ? address : other,
      status: 'confirmed',
      operationType: operationTypeOf(transfers),
    },
    transfers,
  }
}
