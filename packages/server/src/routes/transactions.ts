// The §3 Transaction shape history answers, and how a transaction read from a node becomes one.
import { z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import type { AppEnv } from '../env.ts'
import { decimalAmount, fiatValue, iconUrl } from './chainCommon.ts'

const AmountFields = {
  fungible_info: z.object({
    name: z.string(),
    symbol: z.string(),
    icon: z.object({ url: z.string() }),
  }),
  quantity: z.object({ numeric: z.string() }),
  value: z.number(),
  price: z.number(),
}

export const TransactionSchema = z
  .object({
    id: z.string(),
    metadata: z.object({
      minedAt: z.string().openapi({ description: 'A pending transaction: when it was read' }),
      chain: z.string(),
      hash: z.string(),
      sentFrom: z.string(),
      sentTo: z.string(),
      status: z.enum(['confirmed', 'pending']).openapi({
        description: "'pending': in the mempool (Bitcoin); the others list mined transactions only",
      }),
      operationType: z
        .enum(['send', 'receive', 'trade'])
        .openapi({ description: "'trade': tokens went out and others came in (a swap)" }),
      fee: z
        .object(AmountFields)
        .optional()
        .openapi({ description: "The transaction's fee, paid by its inputs (Bitcoin)" }),
    }),
    transfers: z.array(
      z.object({
        direction: z.enum(['in', 'out', 'self']).openapi({
          description: "'self' when the account sent to itself",
        }),
        ...AmountFields,
      }),
    ),
  })
  .openapi('Transaction')

export type Transaction = z.infer<typeof TransactionSchema>
type Direction = 'in' | 'out' | 'self'

export interface Coin {
  name: string
  symbol: string
  icon: string | null
}

/** An amount of a coin with its price: a transfer's fields but the direction, or a fee. */
export function amountOf(
  c: Context<AppEnv>,
  coin: Coin,
  amount: { base: bigint | string; decimals: number; price: number },
) {
  const numeric = decimalAmount(amount.base, amount.decimals)
  return {
    fungible_info: {
      name: coin.name,
      symbol: coin.symbol,
      icon: { url: iconUrl(c, coin.icon, coin.symbol) },
    },
    quantity: { numeric },
    value: fiatValue(numeric, amount.price),
    price: amount.price,
  }
}

/** A swap when something went out and something else came in; else a send or a receive. */
export function operationTypeOf(
  transfers: readonly { direction: Direction; fungible_info: { symbol: string } }[],
): 'send' | 'receive' | 'trade' {
  const out = transfers.filter((t) => t.direction === 'out')
  const came = transfers.filter((t) => t.direction === 'in')
  const symbols = new Set(out.map((t) => t.fungible_info.symbol))
  if (out.length > 0 && came.some((t) => !symbols.has(t.fungible_info.symbol))) return 'trade'
  return transfers.some((t) => t.direction !== 'in') ? 'send' : 'receive'
}

export interface NodeTransfer {
  direction: Direction
  coin: Coin
  amount: bigint
  decimals: number
  price: number
  /** The account on the other side; null when none is known */
  counterparty: string | null
}

/**
 * A transaction read live from a node (Solana, Bitcoin) for `account`: it was sent from the
 * account unless its first transfer came in.
 */
export function nodeTransaction(
  c: Context<AppEnv>,
  tx: {
    chain: string
    hash: string
    account: string
    minedAt: Date
    status: 'confirmed' | 'pending'
    transfers: readonly NodeTransfer[]
    fee?: { coin: Coin; amount: bigint; decimals: number; price: number }
  },
): Transaction {
  const transfers = tx.transfers.map((transfer) => ({
    direction: transfer.direction,
    ...amountOf(c, transfer.coin, {
      base: transfer.amount,
      decimals: transfer.decimals,
      price: transfer.price,
    }),
  }))
  const first = tx.transfers[0]
  const other = first?.counterparty ?? tx.account
  const { fee } = tx
  return {
    id: `${tx.hash}:${tx.chain}`,
    metadata: {
      minedAt: tx.minedAt.toISOString(),
      chain: tx.chain,
      hash: tx.hash,
      sentFrom: first?.direction === 'in' ? other : tx.account,
      sentTo: first?.direction === 'in' ? tx.account : other,
      status: tx.status,
      operationType: operationTypeOf(transfers),
      ...(fee && {
        fee: amountOf(c, fee.coin, { base: fee.amount, decimals: fee.decimals, price: fee.price }),
      }),
    },
    transfers,
  }
}
