// The part of Esplora's HTTP API (Blockstream's esplora/electrs, mempool.space) the data API
// reads: an address's totals and its transactions, newest first.
import { upstreamText } from './upstream.ts'

/** The Esplora server answered with an error, something else than JSON, or not at all. */
export class EsploraError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'EsploraError'
  }
}

export interface EsploraAddressStats {
  funded_txo_sum: number
  spent_txo_sum: number
}

/** GET /address/:address */
export interface EsploraAddress {
  chain_stats: EsploraAddressStats
  mempool_stats: EsploraAddressStats
}

export interface EsploraOutput {
  /** hex */
  scriptpubkey: string
  /** Absent for scripts without an address (OP_RETURN, bare multisig) */
  scriptpubkey_address?: string
  /** Satoshis */
  value: number
}

/** One transaction as GET /address/:address/txs lists it */
export interface EsploraTx {
  txid: string
  /** The spent outputs; a coinbase input has none */
  vin: { prevout: EsploraOutput | null }[]
  vout: EsploraOutput[]
  /** Satoshis */
  fee: number
  status: { confirmed: boolean; block_time?: number }
}

export class Esplora {
  readonly #base: string

  constructor(readonly url: string) {
    this.#base = url.replace(/\/+$/, '')
  }

  async #get(path: string): Promise<unknown> {
    const text = await upstreamText(
      `${this.#base}${path}`,
      {},
      (reason) => new EsploraError(reason),
    )
    try {
      return JSON.parse(text)
    } catch {
      throw new EsploraError(`the answer of ${this.#base}${path} is not JSON`)
    }
  }

  async address(address: string): Promise<EsploraAddress> {
    return (await this.#get(`/address/${encodeURIComponent(address)}`)) as EsploraAddress
  }

  /**
   * The mempool's transactions then the first confirmed page (`after` undefined), or the
   * confirmed page after `after` (none when `after` is not a confirmed transaction of the address)
   */
  async txs(address: string, after?: string): Promise<EsploraTx[]> {
    const path = `/address/${encodeURIComponent(address)}/txs`
    const txs = await this.#get(after === undefined ? path : `${path}/chain/${after}`)
    if (!Array.isArray(txs)) throw new EsploraError(`${this.#base}${path} is not a list`)
    return txs as EsploraTx[]
  }
}
