import { type Kysely, sql } from 'kysely'
import type { Database } from './schema.ts'

/** Where a history page ends: the last transaction's position in the chain. */
export interface HistoryPosition {
  block: number
  txIndex: number
}

export interface TransferRecord {
  txHash: string
  blockNumber: number
  txIndex: number
  logIndex: number
  from: string
  to: string
  tokenAddress: string | null
  amount: string
  minedAt: Date
}

export interface HistoryTransaction {
  hash: string
  blockNumber: number
  txIndex: number
  minedAt: Date
  transfers: TransferRecord[]
}

/**
 * An address's transactions on one chain, newest first, strictly older than `before`.
 * Returns up to `limit` transactions with the address's own transfers in log order.
 */
export async function transactionsOf(
  db: Kysely<Database>,
  chainId: number,
  address: string,
  limit: number,
  before?: HistoryPosition,
): Promise<HistoryTransaction[]> {
  const account = address.toLowerCase()
  const involves = sql<boolean>`(from_address = ${account} or to_address = ${account})`
  const txs = await db
    .selectFrom('transfers')
    .select(['tx_hash', 'block_number', 'tx_index'])
    .select(sql<Date>`min(mined_at)`.as('mined_at'))
    .where('chain_id', '=', chainId)
    .where(involves)
    .$if(before !== undefined, (qb) =>
      qb.where(
        sql<boolean>`(block_number, tx_index) < (${before?.block ?? 0}, ${before?.txIndex ?? 0})`,
      ),
    )
    .groupBy(['block_number', 'tx_index', 'tx_hash'])
    .orderBy('block_number', 'desc')
    .orderBy('tx_index', 'desc')
    .limit(limit)
    .execute()
  if (txs.length === 0) return []

  const rows = await db
    .selectFrom('transfers')
    .select(['tx_hash', 'block_number', 'tx_index', 'log_index', 'from_address', 'to_address'])
    .select(['token_address', 'mined_at'])
    .select(sql<string>`amount::text`.as('amount'))
    .where('chain_id', '=', chainId)
    .where(
      'tx_hash',
      'in',
      txs.map((tx) => tx.tx_hash),
    )
    .where(involves)
    .orderBy('log_index')
    .execute()
  const byHash = new Map<string, TransferRecord[]>()
  for (const row of rows) {
    const list = byHash.get(row.tx_hash) ?? []
    list.push({
      txHash: row.tx_hash,
      blockNumber: row.block_number,
      txIndex: row.tx_index,
      logIndex: row.log_index,
      from: row.from_address,
      to: row.to_address,
      tokenAddress: row.token_address,
      amount: row.amount,
      minedAt: new Date(row.mined_at),
    })
    byHash.set(row.tx_hash, list)
  }
  return txs.map((tx) => ({
    hash: tx.tx_hash,
    blockNumber: tx.block_number,
    txIndex: tx.tx_index,
    minedAt: new Date(tx.mined_at),
    transfers: byHash.get(tx.tx_hash) ?? [],
  }))
}
