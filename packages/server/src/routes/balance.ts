import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import type { Kysely } from 'kysely'
import { getAddress } from 'viem'
import type { BalanceReader, RawBalance } from '../chain/balances.ts'
import type { BitcoinBalanceReader } from '../chain/bitcoinBalances.ts'
import type { BitcoinChain } from '../chain/bitcoinChains.ts'
import { BITCOIN_NATIVE_COIN, bitcoinAccountOn } from '../chain/bitcoinNetworks.ts'
import type { Chain } from '../chain/client.ts'
import type { LiveBalanceReader } from '../chain/liveBalances.ts'
import type { SolanaBalanceReader } from '../chain/solanaBalances.ts'
import type { SolanaChain } from '../chain/solanaChains.ts'
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
import { invalidParameter } from '../errors/body.ts'
import { upstreamUnavailable } from '../errors.ts'
import { AnswerCache } from '../net/answerCache.ts'
import {
  CurrencyQuery,
  type DataChains,
  decimalAmount,
  fiatValue,
  findBitcoinChain,
  findChain,
  findSolanaChain,
  iconUrl,
} from './chainCommon.ts'
import { chainAddressReason, dataAccountAddressParam, dataChainRefParam } from './chainParams.ts'
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
    params: z.object({ address: dataAccountAddressParam('address') }),
    query: z.object({
      ...commonQuery,
      currency: CurrencyQuery,
      chainId: dataChainRefParam().optional(),
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
      description: "The chain's node (a Bitcoin network's Esplora) did not answer",
      content: { 'application/json': { schema: ErrorSchema } },
    },
  },
})

const JSON_TYPE = { 'Content-Type': 'application/json' }

export interface BalanceRouteDeps extends DataChains {
  db: Kysely<Database>
  reader: BalanceReader
  solanaReader: SolanaBalanceReader
  bitcoinReader: BitcoinBalanceReader
  /** EVM prices: the table's, or the pools' where they trade (swap/poolPrices.ts) */
  prices: PriceSource
  /** Milliseconds since the epoch; injectable for tests */
  now?: () => number
}

/** No price source knows BTC: it is priced as any unpriced token is. */
const noPrices = async () => new Map<string, number>()

export function registerBalanceRoutes(app: OpenAPIHono<AppEnv>, deps: BalanceRouteDeps) {
  const { db, chains, reader, solanaChains, solanaReader, bitcoinChains, bitcoinReader } = deps
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

  /** Balances read live from the nodes of `selected` (Solana, Bitcoin), priced by `pricesFor`. */
  async function liveAnswer<C extends { caip2: string }>(
    c: Context<AppEnv>,
    request: { address: string; currency: string; force: boolean; selected: readonly C[] },
    by: {
      reader: LiveBalanceReader<C>
      pricesFor: (networks: readonly string[]) => Promise<Map<string, number>>
      nativeKey: string
    },
  ) {
    const { address, currency, force, selected } = request
    const networks = selected.map((chain) => chain.caip2)
    const key = priceKey('live', currency, networks)
    const valued = await prices.get(key, () => by.pricesFor(networks), force)
    const read = await readBalances(c, selected, force, {
      read: (chain) => by.reader.read(chain, address, force),
      price: (chain, balance) =>
        valued.get(`${chain.caip2}:${balance.address ?? by.nativeKey}`) ?? 0,
      tokenAddress: (balance) => balance.address,
    })
    if (!read) return c.json(upstreamUnavailable, 502) as never
    return answer(
      c,
      read,
      () =>
        prices.peek(key) === valued &&
        selected.every((chain, index) => by.reader.cached(chain, address) === read.sources[index]),
    )
  }

  app.openapi(getBalanceRoute, async (c) => {
    const { address: account } = c.req.valid('param')
    const { chainId, currency, forceUpdate } = c.req.valid('query')
    if (chainId && account.namespace !== chainId.namespace) {
      return c.json(invalidParameter('address', chainAddressReason(chainId)), 400) as never
    }
    const force = forceUpdate === 'true'

    if (account.namespace === 'solana') {
      let selected: SolanaChain[] = solanaChains.all
      if (chainId !== undefined) {
        const found = findSolanaChain(c, deps, chainId.caip2)
        if ('response' in found) return found.response as never
        selected = [found.chain]
      }
      const request = { address: account.address, currency, force, selected }
      return liveAnswer(c, request, {
        reader: solanaReader,
        pricesFor: (networks) => solanaPricesFor(db, currency, networks),
        nativeKey: SOLANA_NATIVE_TOKEN_ADDRESS,
      })
    }

    if (account.namespace === 'bip122') {
      let selected: BitcoinChain[] = bitcoinChains.all
      if (chainId !== undefined) {
        const found = findBitcoinChain(c, deps, chainId.caip2)
        if ('response' in found) return found.response as never
        selected = [found.chain]
      }
      // Without a chainId, the networks the address is of; a named one it is not of is refused.
      const fitting = selected.filter((chain) => bitcoinAccountOn(chain.network, account.address))
      const [first] = fitting
      if (chainId !== undefined && !first) {
        return c.json(invalidParameter('address', chainAddressReason(chainId)), 400) as never
      }
      // Its one spelling on every network it is of: bech32 in lower case.
      const address =
        (first && bitcoinAccountOn(first.network, account.address)?.address) ?? account.address
      const request = { address, currency, force, selected: fitting }
      return liveAnswer(c, request, {
        reader: bitcoinReader,
        pricesFor: noPrices,
        nativeKey: BITCOIN_NATIVE_COIN.symbol,
      })
    }

    const address = account.address
    let selected: Chain[] = chains.all
    // A Solana or Bitcoin chainId with an EVM address was refused above.
    if (chainId?.namespace === 'eip155') {
      const found = findChain(c, deps, chainId.chainId)
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
