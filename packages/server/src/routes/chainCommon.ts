// What the blockchain data routes share: token display and the chain check.
import { z } from '@hono/zod-openapi'
import { formatUnits } from '@latchkey/core/shared'
import type { Context } from 'hono'
import type { Chain, Chains } from '../chain/client.ts'
import { caip2 } from '../chain/config.ts'
import type { SolanaChain, SolanaChains } from '../chain/solanaChains.ts'
import { tokenIconPath } from '../chain/tokens.ts'
import type { AppEnv } from '../env.ts'
import { invalidParameter } from '../errors.ts'

/** The 400 for a chain we have no node for, naming the chains we serve. */
function unsupportedChainResponse(
  c: Context<AppEnv>,
  caip2Id: string,
  served: readonly string[],
): { response: Response } {
  const supported = served.join(', ') || 'none'
  return {
    response: c.json(
      invalidParameter('chainId', `unsupported chain ${caip2Id} (supported: ${supported})`),
      400,
    ),
  }
}

/** The configured EVM chain with this id, or a 400 naming the chains we serve. */
export function findChain(
  c: Context<AppEnv>,
  chains: Chains,
  chainId: number,
  solanaChains?: SolanaChains,
): { chain: Chain } | { response: Response } {
  const chain = chains.get(chainId)
  if (chain) return { chain }
  return unsupportedChainResponse(c, caip2(chainId), [
    ...chains.ids.map(caip2),
    ...(solanaChains?.ids ?? []),
  ])
}

/** The configured Solana chain with this CAIP-2 id, or the same 400 as an unknown EVM chain. */
export function findSolanaChain(
  c: Context<AppEnv>,
  chains: Chains,
  solanaChains: SolanaChains,
  caip2Id: string,
): { chain: SolanaChain } | { response: Response } {
  const chain = solanaChains.get(caip2Id)
  if (chain) return { chain }
  return unsupportedChainResponse(c, caip2Id, [...chains.ids.map(caip2), ...solanaChains.ids])
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
