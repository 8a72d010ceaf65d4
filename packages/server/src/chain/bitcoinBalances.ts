// Live Bitcoin balances: BTC from Esplora's address totals (confirmed and in the mempool),
// cached per (chain, address) for 30 s (§9).
import type { RawBalance } from './balances.ts'
import type { BitcoinChain } from './bitcoinChains.ts'
import { BITCOIN_NATIVE_COIN } from './bitcoinNetworks.ts'
import type { EsploraAddressStats } from './esplora.ts'
import { LiveBalanceReader } from './liveBalances.ts'

/** BTC (always): what the address's outputs hold, counting unconfirmed ones. */
export class BitcoinBalanceReader extends LiveBalanceReader<BitcoinChain> {
  constructor(now?: () => number, ttlMs?: number) {
    super(readLive, now, ttlMs)
  }
}

const unspent = (stats: EsploraAddressStats) =>
  BigInt(stats.funded_txo_sum) - BigInt(stats.spent_txo_sum)

async function readLive(chain: BitcoinChain, address: string): Promise<RawBalance[]> {
  const { chain_stats, mempool_stats } = await chain.esplora.address(address)
  const sats = unspent(chain_stats) + unspent(mempool_stats)
  return [{ address: null, ...BITCOIN_NATIVE_COIN, icon: null, amount: sats }]
}
