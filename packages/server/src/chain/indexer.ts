// Follows each configured chain's blocks and records native transfers (a transaction's value,
// and value contracts send inside it where the node traces) and known-token Transfer logs in
// `transfers`; resumes from the last block stored in `indexer_state`.
import type { Insertable, Kysely } from 'kysely'
import { type Address, type Hex, parseAbiItem } from 'viem'
import { INDEXER_BATCH_BLOCKS, INDEXER_POLL_MS } from '../constants.ts'
import type { Database, TransfersTable } from '../db/schema.ts'
import type { Chain } from './client.ts'
import { readInternalTransfers } from './internalTransfers.ts'
import { listTokens } from './tokens.ts'

const TRANSFER_EVENT = parseAbiItem(
  'event Transfer(address indexed from, address indexed to, uint256 value)',
)

export interface IndexerOptions {
  pollMs?: number
  batchBlocks?: number
  /** Called when a step fails (the node is down, …); the indexer retries on the next poll */
  onError?: (chainId: number, error: unknown) => void
}

type TransferRow = Insertable<TransfersTable>

interface Waiter {
  block: number
  resolve(): void
}

class ChainFollower {
  #lastBlock = -1
  #head = -1
  #stopped = false
  #timer: NodeJS.Timeout | undefined
  #running: Promise<void> | undefined
  /** Whether the node answers trace_block; false once it said it does not */
  #traces = true
  readonly #waiters: Waiter[] = []

  constructor(
    private readonly db: Kysely<Database>,
    private readonly chain: Chain,
    private readonly pollMs: number,
    private readonly batchBlocks: number,
    private readonly onError: (error: unknown) => void,
  ) {}

  get lastBlock(): number {
    return this.#lastBlock
  }

  /** The chain's latest block when it was last asked (-1 before) */
  get head(): number {
    return this.#head
  }

  async start() {
    this.#stopped = false
    const state = await this.db
      .selectFrom('indexer_state')
      .select('last_block')
      .where('chain_id', '=', this.chain.chainId)
      .executeTakeFirst()
    this.#lastBlock = state?.last_block ?? -1
    this.#schedule(0)
  }

  async stop() {
    this.#stopped = true
    clearTimeout(this.#timer)
    await this.#running
  }

  waitForBlock(block: number): Promise<void> {
    if (this.#lastBlock >= block) return Promise.resolve()
    return new Promise((resolve) => this.#waiters.push({ block, resolve }))
  }

  #schedule(delay: number) {
    if (this.#stopped) return
    this.#timer = setTimeout(() => {
      this.#running = this.#tick().finally(() => {
        this.#running = undefined
      })
    }, delay)
  }

  async #tick() {
    let caughtUp = true
    try {
      const head = Number(await this.chain.client.getBlockNumber({ cacheTime: 0 }))
      this.#head = head
      if (head > this.#lastBlock && !this.#stopped) {
        const to = Math.min(head, this.#lastBlock + this.batchBlocks)
        await this.#indexRange(this.#lastBlock + 1, to)
        caughtUp = to >= head
      }
    } catch (error) {
      this.onError(error)
    }
    this.#schedule(caughtUp ? this.pollMs : 0)
  }

  async #indexRange(from: number, to: number) {
    const { client, chainId } = this.chain
    const tokens = await listTokens(this.db, chainId)
    const numbers = Array.from({ length: to - from + 1 }, (_, i) => BigInt(from + i))
    const [blocks, logs] = await Promise.all([
      Promise.all(
        numbers.map((n) => client.getBlock({ blockNumber: n, includeTransactions: true })),
      ),
      tokens.length === 0
        ? Promise.resolve([])
        : client.getLogs({
            address: tokens.map((t) => t.address as Address),
            event: TRANSFER_EVENT,
            fromBlock: BigInt(from),
            toBlock: BigInt(to),
          }),
    ])
    const minedAt = new Map(blocks.map((b) => [b.number, new Date(Number(b.timestamp) * 1000)]))
    const rows: TransferRow[] = []

    for (const block of blocks) {
      rows.push(...(await this.#internalRows(block.number, block.transactions.length, minedAt)))
      const valued = block.transactions.filter((tx) => tx.value > 0n && tx.to)
      if (valued.length === 0) continue
      // A reverted transaction moves no value: keep only the successful ones.
      const failed = await this.#failedTransactions(block.number)
      for (const tx of valued) {
        if (failed.has(tx.hash) || !tx.to) continue
        rows.push({
          chain_id: chainId,
          block_number: Number(block.number),
          tx_index: tx.transactionIndex,
          log_index: -1,
          tx_hash: tx.hash.toLowerCase(),
          from_address: tx.from.toLowerCase(),
          to_address: tx.to.toLowerCase(),
          token_address: null,
          amount: tx.value.toString(),
          mined_at: minedAt.get(block.number) ?? new Date(0),
        })
      }
    }
    for (const log of logs) {
      const { from: sender, to: receiver, value } = log.args
      if (!sender || !receiver || value === undefined || log.removed) continue
      rows.push({
        chain_id: chainId,
        block_number: Number(log.blockNumber),
        tx_index: log.transactionIndex,
        log_index: log.logIndex,
        tx_hash: log.transactionHash.toLowerCase(),
        from_address: sender.toLowerCase(),
        to_address: receiver.toLowerCase(),
        token_address: log.address.toLowerCase(),
        amount: value.toString(),
        mined_at: minedAt.get(log.blockNumber) ?? new Date(0),
      })
    }

    await this.db.transaction().execute(async (trx) => {
      for (let start = 0; start < rows.length; start += 500) {
        await trx
          .insertInto('transfers')
          .values(rows.slice(start, start + 500))
          .onConflict((oc) => oc.doNothing())
          .execute()
      }
      await trx
        .insertInto('indexer_state')
        .values({ chain_id: chainId, last_block: to })
        .onConflict((oc) => oc.column('chain_id').doUpdateSet({ last_block: to }))
        .execute()
    })
    this.#lastBlock = to
    for (let i = this.#waiters.length - 1; i >= 0; i--) {
      const waiter = this.#waiters[i] as Waiter
      if (waiter.block <= to) {
        this.#waiters.splice(i, 1)
        waiter.resolve()
      }
    }
  }

  /**
   * Value sent by contracts inside the block's transactions, as rows after the transaction's own
   * (log_index -2, -3, …: below every log, never the -1 of the transaction's value).
   */
  async #internalRows(
    blockNumber: bigint,
    transactions: number,
    minedAt: ReadonlyMap<bigint, Date>,
  ): Promise<TransferRow[]> {
    if (!this.#traces || transactions === 0) return []
    const found = await readInternalTransfers(this.chain, blockNumber)
    if (!found) {
      this.#traces = false
      return []
    }
    return found.map((transfer) => ({
      chain_id: this.chain.chainId,
      block_number: Number(blockNumber),
      tx_index: transfer.txIndex,
      log_index: -2 - transfer.order,
      tx_hash: transfer.txHash.toLowerCase(),
      from_address: transfer.from.toLowerCase(),
      to_address: transfer.to.toLowerCase(),
      token_address: null,
      amount: transfer.value.toString(),
      mined_at: minedAt.get(blockNumber) ?? new Date(0),
    }))
  }

  async #failedTransactions(blockNumber: bigint): Promise<Set<string>> {
    const receipts = (await this.chain.client.request({
      method: 'eth_getBlockReceipts' as 'eth_getTransactionReceipt',
      params: [`0x${blockNumber.toString(16)}` as Hex],
    })) as unknown as { transactionHash: string; status: Hex }[] | null
    return new Set((receipts ?? []).filter((r) => r.status === '0x0').map((r) => r.transactionHash))
  }
}

/** One follower per chain; started by startServer when chains are configured. */
export class Indexer {
  readonly #followers = new Map<number, ChainFollower>()

  constructor(db: Kysely<Database>, chains: readonly Chain[], options: IndexerOptions = {}) {
    for (const chain of chains) {
      this.#followers.set(
        chain.chainId,
        new ChainFollower(
          db,
          chain,
          options.pollMs ?? INDEXER_POLL_MS,
          options.batchBlocks ?? INDEXER_BATCH_BLOCKS,
          (error) => options.onError?.(chain.chainId, error),
        ),
      )
    }
  }

  async start(): Promise<void> {
    await Promise.all([...this.#followers.values()].map((f) => f.start()))
  }

  async stop(): Promise<void> {
    await Promise.all([...this.#followers.values()].map((f) => f.stop()))
  }

  /** The last indexed block of a chain (-1 before the first). */
  lastBlock(chainId: number): number {
    return this.#followers.get(chainId)?.lastBlock ?? -1
  }

  /** Blocks each chain's index is behind its head (as last seen; 0 before the first look) */
  lag(): { chainId: number; blocks: number }[] {
    return [...this.#followers].map(([chainId, follower]) => ({
      chainId,
      blocks: follower.head < 0 ? 0 : Math.max(0, follower.head - follower.lastBlock),
    }))
  }

  /** Resolves once block `block` of the chain is indexed. */
  waitForBlock(chainId: number, block: number | bigint): Promise<void> {
    const follower = this.#followers.get(chainId)
    if (!follower) return Promise.reject(new Error(`Chain ${chainId} is not indexed`))
    return follower.waitForBlock(Number(block))
  }
}
