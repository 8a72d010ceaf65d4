import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import type { Kysely } from 'kysely'
import { getAddress } from 'viem'
import type { BalanceReader, RawBalance } from '../chain/balances.ts'
import type { Chain, Chains } from '../chain/client.ts'
import type { SolanaBalanceReader } from '../chain/solanaBalances.ts'
import type { SolanaChain, SolanaChains } from '../chain/solanaChains.ts'
import { solanaPricesFor } from '../chain/solanaPrices.ts'
import type { PriceSource } from '../chain/tokens.ts'
import { TtlCache } from '../chain/ttlCache.ts'
import {
  BALANCE_ANSWER_CACHE_CHARS,
  BALANCE_CACHE_MS,
  NATIVE_TOKEN_ADDRESS,
  SOLANA_NATIVE_TOKEN_ADDRESS,
} from '../constants.ts'
import type { Database } from '../db/schema.ts'
import type { AppEnv } from '../env.ts'
import { invalidParameter, upstreamUnavailable } from '../errors.ts'
import { AnswerCache } from '../net/answerCache.ts'
import {
  CurrencyQuery,
  decimalAmount,
  fiatValue,
  findChain,
  findSolanaChain,
  iconUrl,
} from './chainCommon.ts'
import { accountAddressParam, addressReason, chainRefParam } from './chainParams.ts'
import { commonQuery, ErrorSchema, projectErrorResponses } from './params.ts'

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
    params: z.object({ address: accountAddressParam('address') }),
    query: z.object({
      ...commonQuery,
      currency: CurrencyQuery,
      chainId: chainRefParam().optional(),
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

const JSON_TYPE = { 'Content-Type': 'application/json' }

export interface BalanceRouteDeps {
  db: Kysely<Database>
  chains: Chains
  reader: BalanceReader
  solanaChains: SolanaChains
  solanaReader: SolanaBalanceReader
  /** EVM prices: the table's, or the pools' where they trade (swap/poolPrices.ts) */
  prices: PriceSource
  /** Milliseconds since the epoch; injectable for tests */
  now?: () => number
}

export function registerBalanceRoutes(app: OpenAPIHono<AppEnv>, deps: BalanceRouteDeps) {
  const { db, chains, reader, solanaChains, solanaReader } = deps
  // §9 The prices a balance is valued at are kept as long as the balances (BALANCE_CACHE_MS): a
  // warm answer asks the database nothing. forceUpdate reads them again with the balances.
  const prices = new TtlCache<Map<string, number>>(BALANCE_CACHE_MS, deps.now)
  const priceKey = (namespace: string, currency: string, ids: readonly (string | number)[]) =>
    `${namespace} ${currency} ${ids.join(',')}`
  // A warm answer's body, by the request's URL (host, account, query): kept while the cached
  // balances and prices it was made of are the ones the caches hold, so it is exactly what the
  // handler would answer, without validating and formatting again.
  const answers = new AnswerCache(BALANCE_ANSWER_CACHE_CHARS)
  app.use(getBalanceRoute.getRoutingPath(), async (c, next) => {
    if (c.req.method !== 'GET') return next()
    const body = answers.get(c.req.url)
    return body === undefined ? next() : c.body(body, 200, JSON_TYPE)
  })
  const answer = (c: Context<AppEnv>, read: ReadBalances, current: () => boolean) => {
    const body = JSON.stringify({ balances: read.balances })
    if (!read.forced) answers.set(c.req.url, body, current)
    return c.body(body, 200, JSON_TYPE) as never
  }

  app.openapi(getBalanceRoute, async (c) => {
    const { address: account } = c.req.valid('param')
    const { chainId, currency, forceUpdate } = c.req.valid('query')
    const namespace = chainId?.namespace ?? account.namespace
    if (account.namespace !== namespace) {
      return c.json(invalidParameter('address', addressReason(namespace)), 400) as never
    }
    const force = forceUpdate === 'true'

    if (account.namespace === 'solana') {
      let selected: SolanaChain[] = solanaChains.all
      if (chainId !== undefined) {
        const found = findSolanaChain(c, chains, solanaChains, chainId.caip2)
        if ('response' in found) return found.response as never
        selected = [found.chain]
      }
      const networks = selected.map((chain) => chain.caip2)
      const key = priceKey('solana', currency, networks)
      const valued = await prices.get(key, () => solanaPricesFor(db, currency, networks), force)
      const read = await readBalances(c, selected, force, {
        read: (chain) => solanaReader.read(chain, account.address, force),
        price: (chain, balance) =>
          valued.get(`${chain.caip2}:${balance.address ?? SOLANA_NATIVE_TOKEN_ADDRESS}`) ?? 0,
        tokenAddress: (balance) => balance.address,
      })
      if (!read) return c.json(upstreamUnavailable, 502)
      return answer(
        c,
        read,
        () =>
          prices.peek(key) === valued &&
          selected.every(
            (chain, index) => solanaReader.cached(chain, account.address) === read.sources[index],
          ),
      )
    }

    const address = account.address
    let selected: Chain[] = chains.all
    // A Solana chainId with an EVM address was refused above.
    if (chainId?.namespace === 'eip155') {
      const found = findChain(c, chains, chainId.chainId, solanaChains)
      if ('response' in found) return found.response as never
      selected = [found.chain]
    }
    const ids = selected.map((chain) => chain.chainId)
    const key = priceKey('eip155', currency, ids)
    const valued = await prices.get(key, () => deps.prices(currency, ids), force)
    const read = await readBalances(c, selected, force, {
      read: (chain) => reader.read(chain, address, force),
      price: (chain, balance) =>
        valued.get(`${chain.chainId}:${balance.address ?? NATIVE_TOKEN_ADDRESS}`) ?? 0,
      tokenAddress: (balance) => balance.address && getAddress(balance.address),
    })
    if (!read) return c.json(upstreamUnavailable, 502)
    return answer(
      c,
      read,
      () =>
        prices.peek(key) === valued &&
        selected.every((chain, index) => reader.cached(chain, address) === read.sources[index]),
    )
  })
}

interface ReadBalances {
  balances: TokenBalance[]
  /** Each selected chain's balances as its reader answered them (the answer's inputs) */
  sources: RawBalance[][]
  forced: boolean
}

/** Every selected chain's balances, priced; undefined when a chain's node did not answer. */
async function readBalances<C extends { caip2: string }>(
  c: Context<AppEnv>,
  selected: readonly C[],
  forced: boolean,
  by: {
    read: (chain: C) => Promise<RawBalance[]>
    price: (chain: C, balance: RawBalance) => number
    tokenAddress: (balance: RawBalance) => string | null
  },
): Promise<ReadBalances | undefined> {
  let sources: RawBalance[][]
  try {
    sources = await Promise.all(selected.map(by.read))
  } catch {
    return undefined
  }
  const balances = selected.flatMap((chain, index) =>
    (sources[index] ?? []).map((balance) =>
      tokenBalance(c, chain.caip2, balance, {
        price: by.price(chain, balance),
        tokenAddress: by.tokenAddress(balance),
      }),
    ),
  )
  return { balances, sources, forced }
}

/** One balance in the §3 TokenBalance shape; tokens carry their CAIP-10 id. */
function tokenBalance(
  c: Context<AppEnv>,
  caip2: string,
  balance: RawBalance,
  { price, tokenAddress }: { price: number; tokenAddress: string | null },
): TokenBalance {
  const numeric = decimalAmount(balance.amount, balance.decimals)
  return {
    name: balance.name,
    symbol: balance.symbol,
    chainId: caip2,
    ...(tokenAddress && { address: `${caip2}:${tokenAddress}` }),
    value: fiatValue(numeric, price),
    price,
    quantity: { decimals: String(balance.decimals), numeric },
    iconUrl: iconUrl(c, balance.icon, balance.symbol),
  }
}
