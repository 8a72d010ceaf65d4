// An account's Solana history, read live from the node: its signatures (getSignaturesForAddress,
// newest first), each transaction (getTransaction), and the SOL and known-token transfers the
// transaction made for the account, from the balances before and after it.
import { decodeBase58 } from './base58.ts'
import type { SolanaChain } from './solanaChains.ts'

const COMMITMENT = 'confirmed'
const SYSTEM_PROGRAM = '11111111111111111111111111111111'
/** The System Program's Transfer instruction: u32 LE 2, then the lamports as u64 LE. */
const SYSTEM_TRANSFER = 2

export interface SolanaTransfer {
  /** 'self': SOL the account sent to itself (nets zero, so no balance shows it) */
  direction: 'in' | 'out' | 'self'
  /** null for SOL */
  mint: string | null
  /** Base units, positive */
  amount: bigint
  decimals: number
  /** The account on the other side: the one whose balance moved the most the other way */
  counterparty: string | null
}

export interface SolanaHistoryEntry {
  signature: string
  /** Unix seconds; null when the node did not record it */
  blockTime: number | null
  transfers: SolanaTransfer[]
}

interface TokenBalance {
  accountIndex: number
  mint: string
  owner?: string
  uiTokenAmount: { amount: string; decimals: number }
}

/** The parts of getTransaction's answer (json encoding) that transfers are read from. */
export interface RpcTransaction {
  blockTime?: number | null
  meta: {
    err: unknown
    fee: number | string
    preBalances: (number | string)[]
    postBalances: (number | string)[]
    preTokenBalances?: TokenBalance[]
    postTokenBalances?: TokenBalance[]
    loadedAddresses?: { writable: string[]; readonly: string[] }
  } | null
  transaction: {
    message: {
      accountKeys: string[]
      instructions?: { programIdIndex: number; accounts: number[]; data: string }[]
    }
  }
}

/** Lamports moved from `address` to itself by System Program transfers in the transaction. */
function solSentToSelf(tx: RpcTransaction, keys: string[], address: string): bigint {
  let lamports = 0n
  for (const instruction of tx.transaction.message.instructions ?? []) {
    if (keys[instruction.programIdIndex] !== SYSTEM_PROGRAM) continue
    const [from, to] = instruction.accounts.map((index) => keys[index])
    if (from !== address || to !== address) continue
    const data = decodeBase58(instruction.data)
    if (data?.length !== 12) continue
    const view = new DataView(data.buffer, data.byteOffset, data.byteLength)
    if (view.getUint32(0, true) === SYSTEM_TRANSFER) lamports += view.getBigUint64(4, true)
  }
  return lamports
}

function largestOpposite(deltas: Map<string, bigint>, self: string, sign: 1n | -1n): string | null {
  let best: string | null = null
  let bestSize = 0n
  for (const [who, delta] of deltas) {
    const size = delta * sign
    if (who !== self && size > bestSize) {
      best = who
      bestSize = size
    }
  }
  return best
}

/** What a successful transaction moved in and out of `address`: SOL (fee not counted) and known tokens. */
export function transfersOf(
  tx: RpcTransaction,
  address: string,
  knownMints: ReadonlySet<string>,
): SolanaTransfer[] {
  const meta = tx.meta
  if (!meta || meta.err !== null) return []
  const keys = [
    ...tx.transaction.message.accountKeys,
    ...(meta.loadedAddresses?.writable ?? []),
    ...(meta.loadedAddresses?.readonly ?? []),
  ]
  const transfers: SolanaTransfer[] = []

  // SOL: every account's change; the fee payer (index 0) gets its fee back, so only transfers count.
  const solDeltas = new Map<string, bigint>()
  keys.forEach((key, index) => {
    const fee = index === 0 ? BigInt(meta.fee) : 0n
    const delta = BigInt(meta.postBalances[index] ?? 0) - BigInt(meta.preBalances[index] ?? 0) + fee
    solDeltas.set(key, (solDeltas.get(key) ?? 0n) + delta)
  })
  const own = solDeltas.get(address) ?? 0n
  const toSelf = own === 0n ? solSentToSelf(tx, keys, address) : 0n
  if (toSelf > 0n) {
    transfers.push({
      direction: 'self',
      mint: null,
      amount: toSelf,
      decimals: 9,
      counterparty: address,
    })
  } else if (own !== 0n) {
    transfers.push({
      direction: own > 0n ? 'in' : 'out',
      mint: null,
      amount: own > 0n ? own : -own,
      decimals: 9,
      counterparty: largestOpposite(solDeltas, address, own > 0n ? -1n : 1n),
    })
  }

  // Tokens: the change of each owner's holdings per known mint.
  const byMint = new Map<string, { decimals: number; deltas: Map<string, bigint> }>()
  const add = (balance: TokenBalance, sign: 1n | -1n) => {
    if (!knownMints.has(balance.mint)) return
    const owner = balance.owner ?? keys[balance.accountIndex] ?? ''
    const entry = byMint.get(balance.mint) ?? {
      decimals: balance.uiTokenAmount.decimals,
      deltas: new Map<string, bigint>(),
    }
    const amount = BigInt(balance.uiTokenAmount.amount) * sign
    entry.deltas.set(owner, (entry.deltas.get(owner) ?? 0n) + amount)
    byMint.set(balance.mint, entry)
  }
  for (const balance of meta.preTokenBalances ?? []) add(balance, -1n)
  for (const balance of meta.postTokenBalances ?? []) add(balance, 1n)
  for (const [mint, { decimals, deltas }] of byMint) {
    const delta = deltas.get(address) ?? 0n
    if (delta === 0n) continue
    transfers.push({
      direction: delta > 0n ? 'in' : 'out',
      mint,
      amount: delta > 0n ? delta : -delta,
      decimals,
      counterparty: largestOpposite(deltas, address, delta > 0n ? -1n : 1n),
    })
  }
  return transfers
}

/**
 * One page of history: up to `limit` transactions older than `before` (a signature), failed
 * ones and ones that moved nothing for the account left out. `next` is the last signature
 * looked at when older ones exist, else null.
 */
export async function readSolanaHistory(
  chain: SolanaChain,
  address: string,
  { limit, before }: { limit: number; before?: string | undefined },
): Promise<{ entries: SolanaHistoryEntry[]; next: string | null }> {
  // One more than a page tells whether another page follows.
  const signatures = (await chain.rpc.call('getSignaturesForAddress', [
    address,
    { limit: limit + 1, commitment: COMMITMENT, ...(before && { before }) },
  ])) as { signature: string; err: unknown; blockTime?: number | null }[]
  const page = signatures.slice(0, limit)
  const landed = page.filter((item) => item.err === null)
  const transactions = (await chain.rpc.batch(
    landed.map((item) => ({
      method: 'getTransaction',
      params: [
        item.signature,
        { encoding: 'json', maxSupportedTransactionVersion: 0, commitment: COMMITMENT },
      ],
    })),
  )) as (RpcTransaction | null)[]
  const knownMints = new Set(chain.tokenByMint.keys())
  const entries = landed.flatMap((item, index) => {
    const tx = transactions[index]
    const transfers = tx ? transfersOf(tx, address, knownMints) : []
    if (transfers.length === 0) return []
    return [
      { signature: item.signature, blockTime: tx?.blockTime ?? item.blockTime ?? null, transfers },
    ]
  })
  const last = page.at(-1)
  return { entries, next: signatures.length > limit && last ? last.signature : null }
}
