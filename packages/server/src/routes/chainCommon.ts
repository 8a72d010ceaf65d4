// What the blockchain data routes share: token display and the chain check.
import { z } from '@hono/zod-openapi'
import { formatUnits } from '@latchkey/core/shared'
import type { Context } from 'hono'
import type { BitcoinChains } from '../chain/bitcoinChains.ts'
import type { Chains } from '../chain/client.ts'
import { caip2 } from '../chain/config.ts'
import type { SolanaChains } from '../chain/solanaChains.ts'
import { tokenIconPath } from '../chain/tokens.ts'
import type { AppEnv } from '../env.ts'
import { invalidParameter } from '../errors/body.ts'

/** Every chain the data API serves: EVM, Solana and Bitcoin */
export interface DataChains {
  chains: Chains
  solanaChains: SolanaChains
  bitcoinChains: BitcoinChains
}

/** The CAIP-2 ids of every chain the data API serves */
export function servedChainIds(data: DataChains): string[] {
  return [...data.chains.ids.map(caip2), ...data.solanaChains.ids, ...data.bitcoinChains.ids]
}

/** The chain found, or a 400 naming the chains we serve. */
function foundOr<C>(
  c: Context<AppEnv>,
  data: DataChains,
  caip2Id: string,
  chain: C | undefined,
): { chain: C } | { response: Response } {
  if (chain) return { chain }
  const supported = servedChainIds(data).join(', ') || 'none'
  return {
    response: c.json(
      invalidParameter('chainId', `unsupported chain ${caip2Id} (supported: ${supported})`),
      400,
    ),
  }
}

/** The configured EVM chain with this id, or a 400 naming the chains we serve. */
export function findChain(c: Context<AppEnv>, data: DataChains, chainId: number) {
  return foundOr(c, data, caip2(chainId), data.chains.get(chainId))
}

/** The configured Solana chain with this CAIP-2 id, or the same 400 as an unknown EVM chain. */
export function findSolanaChain(c: Context<AppEnv>, data: DataChains, caip2Id: string) {
  return foundOr(c, data, caip2Id, data.solanaChains.get(caip2Id))
}

/** The configured Bitcoin network with this CAIP-2 id, or the same 400 as an unknown EVM chain. */
export function findBitcoinChain(c: Context<AppEnv>, data: DataChains, caip2Id: string) {
  return foundOr(c, data, caip2Id, data.bitcoinChains.get(caip2Id))
}

/** An icon as an absolute URL: our token image route (with the caller's project) or as stored. */
export function iconUrl(c: Context<AppEnv>, icon: string | null, symbol: string): string {
  const path = icon ?? tokenIconPath(symbol)
  if (!path.startsWith('/')) return path
  const url = new URL(path, c.req.url)
  url.search = new URLSearchParams({ projectId: c.var.project.project_id }).toString()
  return url.toString()
}

/** "1000000.5" from base units; no exponent, no trailing zeros. */
export function decimalAmount(amount: bigint | string, decimals: number): string {
  return formatUnits(BigInt(amount), decimals)
}

/** A fiat value from a decimal amount and a price, to the cent's hundredth. */
export function fiatValue(numeric: string, price: number): number {
  return Math.round(Number(numeric) * price * 10_000) / 10_000
}

export const CurrencyQuery = singleCurrency()

function singleCurrency() {
  return z
    .string()
    .optional()
    .transform((value, ctx) => {
      const currency = (value ?? 'usd').trim().toLowerCase()
      if (currency === 'usd') return currency
      ctx.addIssue({ code: 'custom', message: 'must be usd' })
      return z.NEVER
    })
    .openapi({ type: 'string', default: 'usd' })
}
