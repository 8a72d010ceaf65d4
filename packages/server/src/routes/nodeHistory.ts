// History pages read live from a chain's node (no indexer): Solana's and Bitcoin's, in the §3
// Transaction shape; a node that does not answer is a 502.
import type { Context } from 'hono'
import type { Kysely } from 'kysely'
import { readBitcoinHistory } from '../chain/bitcoinHistory.ts'
import { BITCOIN_NATIVE_COIN, bitcoinAccountOn } from '../chain/bitcoinNetworks.ts'
import { SOLANA_NATIVE_COIN } from '../chain/solanaChains.ts'
import { readSolanaHistory } from '../chain/solanaHistory.ts'
import { solanaPricesFor } from '../chain/solanaPrices.ts'
import { HISTORY_PAGE_SIZE, SOLANA_NATIVE_TOKEN_ADDRESS } from '../constants.ts'
import type { Database } from '../db/schema.ts'
import type { AppEnv } from '../env.ts'
import { invalidParameter } from '../errors/body.ts'
import { upstreamUnavailable } from '../errors.ts'
import { type DataChains, findBitcoinChain, findSolanaChain } from './chainCommon.ts'
import { chainAddressReason } from './chainParams.ts'
import { nodeTransaction, type Transaction } from './transactions.ts'

export interface NodeHistoryDeps extends DataChains {
  db: Kysely<Database>
  /** When a pending transaction is listed as mined; Date.now by default */
  now?: () => number
}

interface Page<E> {
  entries: E[]
  next: string | null
}

async function livePage<E>(
  c: Context<AppEnv>,
  read: () => Promise<Page<E>>,
  toTransaction: (entry: E) => Transaction,
): Promise<Response> {
  let page: Page<E>
  try {
    page = await read()
  } catch {
    return c.json(upstreamUnavailable, 502)
  }
  return c.json({ data: page.entries.map(toTransaction), next: page.next }, 200)
}

/** A page of an account's Solana history, older than the signature `before`. */
export async function solanaHistoryPage(
  c: Context<AppEnv>,
  deps: NodeHistoryDeps,
  query: { address: string; caip2: string; before: string | undefined },
): Promise<Response> {
  const found = findSolanaChain(c, deps, query.caip2)
  if ('response' in found) return found.response
  const { chain } = found
  const prices = await solanaPricesFor(deps.db, 'usd', [chain.caip2])
  return livePage(
    c,
    () =>
      readSolanaHistory(chain, query.address, { limit: HISTORY_PAGE_SIZE, before: query.before }),
    (entry) =>
      nodeTransaction(c, {
        chain: chain.caip2,
        hash: entry.signature,
        account: query.address,
        minedAt: new Date((entry.blockTime ?? 0) * 1000),
        status: 'confirmed',
        transfers: entry.transfers.map((transfer) => ({
          ...transfer,
          coin: {
            ...((transfer.mint && chain.tokenByMint.get(transfer.mint)) || SOLANA_NATIVE_COIN),
            icon: null,
          },
          price: prices.get(`${chain.caip2}:${transfer.mint ?? SOLANA_NATIVE_TOKEN_ADDRESS}`) ?? 0,
        })),
      }),
  )
}

const BTC = { ...BITCOIN_NATIVE_COIN, icon: null }
/** No price source knows BTC: it is priced as any unpriced token is */
const BTC_PRICE = 0

/** A page of an address's Bitcoin history (the mempool's first), after the txid `after`. */
export async function bitcoinHistoryPage(
  c: Context<AppEnv>,
  deps: NodeHistoryDeps,
  query: { address: string; caip2: string; after: string | undefined },
): Promise<Response> {
  const found = findBitcoinChain(c, deps, query.caip2)
  if ('response' in found) return found.response
  const { chain } = found
  const account = bitcoinAccountOn(chain.network, query.address)
  if (!account) {
    const reason = chainAddressReason({ namespace: 'bip122', caip2: chain.caip2 })
    return c.json(invalidParameter('address', reason), 400)
  }
  const now = deps.now ?? Date.now
  return livePage(
    c,
    () => readBitcoinHistory(chain, account, { limit: HISTORY_PAGE_SIZE, after: query.after }),
    (entry) =>
      nodeTransaction(c, {
        chain: chain.caip2,
        hash: entry.txid,
        account: account.address,
        minedAt: new Date(
          entry.confirmed && entry.blockTime !== null ? entry.blockTime * 1000 : now(),
        ),
        status: entry.confirmed ? 'confirmed' : 'pending',
        transfers: [{ ...entry.transfer, coin: BTC, decimals: BTC.decimals, price: BTC_PRICE }],
        fee: { coin: BTC, amount: entry.fee, decimals: BTC.decimals, price: BTC_PRICE },
      }),
  )
}
