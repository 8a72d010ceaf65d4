// The part of Esplora's HTTP API the engine reads and writes (github.com/Blockstream/esplora,
// API.md): a network's `rpcUrls.default.http[0]` is the base URL.
import type { CaipNetwork } from '@latchkey/core/networks'
import { FEE_TARGET_BLOCKS, MIN_FEE_RATE_SAT_PER_VB } from './constants.ts'
import { BitcoinErrorText } from './errors.ts'

interface AddressStats {
  funded_txo_sum: number
  spent_txo_sum: number
}

export interface EsploraUtxo {
  txid: string
  vout: number
  value: number
  status: { confirmed: boolean }
}

export interface EsploraClient {
  /** Confirmed and unconfirmed: funded minus spent, in satoshis */
  balance(address: string): Promise<bigint>
  utxos(address: string): Promise<EsploraUtxo[]>
  /** sat/vB for a confirmation within FEE_TARGET_BLOCKS blocks (at least the relay minimum) */
  feeRate(): Promise<number>
  /** Broadcasts a raw transaction (hex); its txid */
  broadcast(rawHex: string): Promise<string>
}

export function esploraUrlOf(network: CaipNetwork): string {
  const url = network.rpcUrls.default.http[0]
  if (!url) throw new Error(BitcoinErrorText.noRpcUrl(network.caipNetworkId))
  return url.replace(/\/+$/, '')
}

export function createEsploraClient(network: CaipNetwork): EsploraClient {
  const base = esploraUrlOf(network)

  async function call(path: string, init?: RequestInit): Promise<Response> {
    const response = await fetch(`${base}${path}`, init)
    if (!response.ok) {
      throw new Error(BitcoinErrorText.esplora(path, response.status, await response.text()))
    }
    return response
  }

  const json = async <T>(path: string) => (await (await call(path)).json()) as T

  return {
    async balance(address) {
      const { chain_stats, mempool_stats } = await json<{
        chain_stats: AddressStats
        mempool_stats: AddressStats
      }>(`/address/${encodeURIComponent(address)}`)
      const net = (stats: AddressStats) =>
        BigInt(stats.funded_txo_sum) - BigInt(stats.spent_txo_sum)
      return net(chain_stats) + net(mempool_stats)
    },

    utxos(address) {
      return json<EsploraUtxo[]>(`/address/${encodeURIComponent(address)}/utxo`)
    },

    async feeRate() {
      const estimates = await json<Record<string, number>>('/fee-estimates')
      // The estimate for the target, else the nearest longer target Esplora gives.
      const targets = Object.keys(estimates)
        .map(Number)
        .filter((target) => target >= FEE_TARGET_BLOCKS)
        .sort((a, b) => a - b)
      const rate = targets.length > 0 ? Number(estimates[String(targets[0])]) : Number.NaN
      return Number.isFinite(rate) && rate > MIN_FEE_RATE_SAT_PER_VB
        ? rate
        : MIN_FEE_RATE_SAT_PER_VB
    },

    async broadcast(rawHex) {
      const response = await call('/tx', {
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
        body: rawHex,
      })
      return (await response.text()).trim()
    },
  }
}
