// An address's Bitcoin history from Esplora: its transactions, newest first (the mempool's before
// the chain's), each as what it moved for the address. Esplora lists 25 confirmed transactions a
// page, more than our page holds, so one listing always tells whether another page follows.

import type { BitcoinChain } from './bitcoinChains.ts'
import type { BitcoinAccount } from './bitcoinNetworks.ts'
import type { Esplora, EsploraOutput, EsploraTx } from './esplora.ts'

export interface BitcoinTransfer {
  /** 'self': every input and output is the address's (or has no address): only the fee left it */
  direction: 'in' | 'out' | 'self'
  /** Satoshis, positive: the address's net change with the fee it paid left out ('self': sent) */
  amount: bigint
  /** The address on the other side that got (out) or gave (in) the most; null for a coinbase */
  counterparty: string | null
}

export interface BitcoinHistoryEntry {
  txid: string
  /** false while in the mempool */
  confirmed: boolean
  /** Unix seconds of its block */
  blockTime: number | null
  /** Satoshis, paid by the transaction's inputs */
  fee: bigint
  transfer: BitcoinTransfer
}

function largestOther(outputs: readonly (EsploraOutput | null)[], script: string): string | null {
  let best: EsploraOutput | undefined
  for (const output of outputs) {
    if (!output?.scriptpubkey_address || output.scriptpubkey === script) continue
    if (!best || output.value > best.value) best = output
  }
  return best?.scriptpubkey_address ?? null
}

/** What one transaction moved for the account. */
export function transferOf(tx: EsploraTx, account: BitcoinAccount): BitcoinTransfer {
  const spentOutputs = tx.vin.map((input) => input.prevout)
  const own = (output: EsploraOutput | null) => output?.scriptpubkey === account.script
  const sum = (outputs: readonly (EsploraOutput | null)[]) =>
    outputs.reduce((total, output) => total + (own(output) ? BigInt(output?.value ?? 0) : 0n), 0n)
  const received = sum(tx.vout)
  // The fee is the account's only when it paid every input.
  const paidFee = spentOutputs.length > 0 && spentOutputs.every(own) ? BigInt(tx.fee) : 0n
  const net = received - sum(spentOutputs) + paidFee
  if (net > 0n) {
    return {
      direction: 'in',
      amount: net,
      counterparty: largestOther(spentOutputs, account.script),
    }
  }
  if (net < 0n) {
    return { direction: 'out', amount: -net, counterparty: largestOther(tx.vout, account.script) }
  }
  return { direction: 'self', amount: received, counterparty: account.address }
}

/**
 * The transactions after `after` (a txid the previous page ended at): the confirmed page after
 * it, or, when it was still in the mempool, what follows it in the first listing.
 */
async function txsAfter(esplora: Esplora, address: string, after: string): Promise<EsploraTx[]> {
  const confirmed = await esplora.txs(address, after)
  if (confirmed.length > 0) return confirmed
  const first = await esplora.txs(address)
  const at = first.findIndex((tx) => tx.txid === after)
  return at < 0 ? [] : first.slice(at + 1)
}

/** One page of up to `limit` transactions after `after`; `next` is the page's last txid when more follow. */
export async function readBitcoinHistory(
  chain: BitcoinChain,
  account: BitcoinAccount,
  { limit, after }: { limit: number; after?: string | undefined },
): Promise<{ entries: BitcoinHistoryEntry[]; next: string | null }> {
  const txs =
    after === undefined
      ? await chain.esplora.txs(account.address)
      : await txsAfter(chain.esplora, account.address, after)
  const page = txs.slice(0, limit)
  const entries = page.map((tx) => ({
    txid: tx.txid,
    confirmed: tx.status.confirmed,
    blockTime: tx.status.block_time ?? null,
    fee: BigInt(tx.fee),
    transfer: transferOf(tx, account),
  }))
  const last = page.at(-1)
  return { entries, next: txs.length > limit && last ? last.txid : null }
}
