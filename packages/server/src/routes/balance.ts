import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import type { Kysely } from 'kysely'
import { getAddress } from 'viem'
import type { BalanceReader, RawBalance } from '../chain/balances.ts'
import type { Chain, Chains } from '../chain/client.ts'
import type { SolanaBalanceReader } from '../chain/solanaBalances.ts'
import type { SolanaChain, SolanaChains } from '../chain/solanaChains.ts'
import { solanaPricesFor } from '../chain/solanaPrices.ts'
import { pricesFor } from '../chain/tokens.ts'
import { TtlCache } from '../chain/ttlCache.ts'
import {
  BALANCE_CACHE_MS,
  NATIVE_TOKEN_ADDRESS,
  SOLANA_NATIVE_TOKEN_ADDRESS,
} from '../constants.ts'
import type { Database } from '../db/schema.ts'
import type { AppEnv } from '../env.ts'
import { invalidParameter, upstreamUnavailable } from '../errors.ts'
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

export interface BalanceRouteDeps {
  db: Kysely<Database>
  chains: Chains
  reader: BalanceReader
  solanaChains: SolanaChains
  solanaReader: SolanaBalanceReader
  /** Milliseconds since the epoch; injectable for tests */
  now?: () => number
}

export function registerBalanceRoutes(app: OpenAPIHono<AppEnv>, deps: BalanceRouteDeps) {
  const { db, chains, reader, solanaChains, solanaReader } = deps
  // §9 The prices a balance is valued at are kept as long as the balances (BALANCE_CACHE_MS): a
  // warm answer asks the database nothing. forceUpdate reads them again with the balances.
  const prices = new TtlCache<Map<string, number>>(BALANCE_CACHE_MS, deps.now)
  const evmPrices = (currency: string, ids: number[], force: boolean) =>
    prices.get(`eip155 ${currency} ${ids.join(',')}`, () => pricesFor(db, currency, ids), force)
  const solanaPrices = (currency: string, networks: string[], force: boolean) =>
    prices.get(
      `solana ${currency} ${networks.join(',')}`,
      () => solanaPricesFor(db, currency, networks),
      force,
    )
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
      const valued = await solanaPrices(
        currency,
        selected.map((chain) => chain.caip2),
        force,
      )
      const balances = await readBalances(c, selected, {
        read: (chain) => solanaReader.read(chain, account.address, force),
        price: (chain, balance) =>
          valued.get(`${chain.caip2}:${balance.address ?? SOLANA_NATIVE_TOKEN_ADDRESS}`) ?? 0,
        tokenAddress: (balance) => balance.address,
      })
      if (!balances) return c.json(upstreamUnavailable, 502)
      return c.json({ balances }, 200)
    }

    const address = account.address
    let selected: Chain[] = chains.all
    // A Solana chainId with an EVM address was refused above.
    if (chainId?.namespace === 'eip155') {
      const found = findChain(c, chains, chainId.chainId, solanaChains)
      if ('response' in found) return found.response as never
      selected = [found.chain]
    }
    const valued = await evmPrices(
      currency,
      selected.map((chain) => chain.chainId),
      force,
    )
    const balances = await readBalances(c, selected, {
      read: (chain) => reader.read(chain, address, force),
      price: (chain, balance) =>
        valued.get(`${chain.chainId}:${balance.address ?? NATIVE_TOKEN_ADDRESS}`) ?? 0,
      tokenAddress: (balance) => balance.address && getAddress(balance.address),
    })
    if (!balances) return c.json(upstreamUnavailable, 502)
    return c.json({ balances }, 200)
  })
}

/** Every selected chain's balances, priced; undefined when a chain's node did not answer. */
async function readBalances<C extends { caip2: string }>(
  c: Context<AppEnv>,
  selected: readonly C[],
  by: {
    read: (chain: C) => Promise<RawBalance[]>
    price: (chain: C, balance: RawBalance) => number
    tokenAddress: (balance: RawBalance) => string | null
  },
): Promise<TokenBalance[] | undefined> {
  let perChain: RawBalance[][]
  try {
    perChain = await Promise.all(selected.map(by.read))
  } catch {
    return undefined
  }
  return selected.flatMap((chain, index) =>
    (perChain[index] ?? []).map((balance) =>
      tokenBalance(c, chain.caip2, balance, {
        price: by.price(chain, balance),
        tokenAddress: by.tokenAddress(balance),
      }),
    ),
  )
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
