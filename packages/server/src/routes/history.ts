import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { getAddress } from 'viem'
import type { Chain } from '../chain/client.ts'
import { listTokens, NATIVE_COIN, type PriceSource } from '../chain/tokens.ts'
import { HISTORY_PAGE_SIZE, NATIVE_TOKEN_ADDRESS } from '../constants.ts'
import { type HistoryPosition, transactionsOf } from '../db/transfers.ts'
import type { AppEnv } from '../env.ts'
import { invalidParameter } from '../errors/body.ts'
import { findChain } from './chainCommon.ts'
import {
  chainAddressReason,
  dataAccountAddressParam,
  dataChainRefParam,
  encodeCursor,
  historyCursorParam,
} from './chainParams.ts'
import { bitcoinHistoryPage, type NodeHistoryDeps, solanaHistoryPage } from './nodeHistory.ts'
import { commonQuery, ErrorSchema, projectErrorResponses } from './params.ts'
import { amountOf, operationTypeOf, type Transaction, TransactionSchema } from './transactions.ts'

export type { Transaction } from './transactions.ts'

export const getHistoryRoute = createRoute({
  method: 'get',
  path: '/v1/account/{address}/history',
  summary: "An account's transfers on one chain, newest first, 20 per page (§7)",
  request: {
    params: z.object({ address: dataAccountAddressParam('address') }),
    query: z.object({ ...commonQuery, chainId: dataChainRefParam(), cursor: historyCursorParam() }),
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
      description:
        "A Solana chain's node or a Bitcoin network's Esplora did not answer (their history is read live)",
      content: { 'application/json': { schema: ErrorSchema } },
    },
  },
})

const INVALID_CURSOR = 'is not a cursor given by this API'

export interface HistoryRouteDeps extends NodeHistoryDeps {
  prices: PriceSource
}

export function registerHistoryRoutes(app: OpenAPIHono<AppEnv>, deps: HistoryRouteDeps) {
  app.openapi(getHistoryRoute, async (c) => {
    const { address: owner } = c.req.valid('param')
    const { chainId: chainRef, cursor } = c.req.valid('query')
    if (owner.namespace !== chainRef.namespace) {
      return c.json(invalidParameter('address', chainAddressReason(chainRef)), 400) as never
    }
    if (cursor && cursor.namespace !== chainRef.namespace) {
      return c.json(invalidParameter('cursor', INVALID_CURSOR), 400) as never
    }
    const query = { address: owner.address, caip2: chainRef.caip2 }
    if (chainRef.namespace === 'solana') {
      const before = cursor?.namespace === 'solana' ? cursor.signature : undefined
      return (await solanaHistoryPage(c, deps, { ...query, before })) as never
    }
    if (chainRef.namespace === 'bip122') {
      const after = cursor?.namespace === 'bip122' ? cursor.txid : undefined
      return (await bitcoinHistoryPage(c, deps, { ...query, after })) as never
    }
    const found = findChain(c, deps, chainRef.chainId)
    if ('response' in found) return found.response as never
    const position = cursor?.namespace === 'eip155' ? cursor.position : undefined
    return c.json(await evmPage(c, deps, found.chain, owner.address, position), 200)
  })
}

/** A page of an EVM account's history, from the indexer's transfers. */
async function evmPage(
  c: Context<AppEnv>,
  deps: HistoryRouteDeps,
  chain: Chain,
  address: string,
  cursor: HistoryPosition | undefined,
): Promise<{ data: Transaction[]; next: string | null }> {
  const account = address.toLowerCase()
  // One more than a page tells whether another page follows.
  const [txs, tokens, prices] = await Promise.all([
    transactionsOf(deps.db, chain.chainId, account, HISTORY_PAGE_SIZE + 1, cursor),
    listTokens(deps.db, chain.chainId),
    deps.prices('usd', [chain.chainId]),
  ])
  const page = txs.slice(0, HISTORY_PAGE_SIZE)
  const last = page.at(-1)
  const next =
    txs.length > HISTORY_PAGE_SIZE && last
      ? encodeCursor({ block: last.blockNumber, txIndex: last.txIndex })
      : null
  const tokenByAddress = new Map(tokens.map((token) => [token.address, token]))

  const data = page.map((tx) => {
    const transfers = tx.transfers.map((transfer) => {
      const token = transfer.tokenAddress ? tokenByAddress.get(transfer.tokenAddress) : undefined
      const coin = token ?? { ...NATIVE_COIN, icon: null }
      const price =
        prices.get(`${chain.chainId}:${transfer.tokenAddress ?? NATIVE_TOKEN_ADDRESS}`) ?? 0
      return {
        direction: directionOf(transfer, account),
        ...amountOf(c, coin, { base: transfer.amount, decimals: coin.decimals, price }),
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
  return { data, next }
}

/** How a transfer moved for the account: to itself, out of it, or into it. */
function directionOf(
  transfer: { from: string; to: string },
  account: string,
): 'in' | 'out' | 'self' {
  if (transfer.from === account) return transfer.to === account ? 'self' : 'out'
  return 'in'
}
