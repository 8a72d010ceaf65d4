// Esplora's REST routes over the chain, answered as electrs answers them: text for heights,
// hashes and hex, JSON bodies from esplora-json.ts, 400 for malformed input and 404 for what the
// chain does not hold. Plus the stand-in's own POST /regtest/faucet and /regtest/mine.
import type { BitcoinChain } from './chain.ts'
import {
  BLOCKS_PER_PAGE,
  CHAIN_TXS_PER_PAGE,
  FEE_ESTIMATE_SAT_PER_VB,
  FEE_ESTIMATE_TARGETS,
} from './constants.ts'
import { blockJson, blockStatusJson, outspendJson, statusJson, txJson } from './esplora-json.ts'
import { hex, parseHash } from './hashes.ts'
import { encodeHeader } from './header.ts'
import {
  addressChainTxs,
  addressMempoolTxs,
  addressStats,
  addressTxs,
  addressUtxos,
} from './history.ts'
import type { BlockRecord, TxRecord } from './ledger.ts'
import { scriptOfAddress } from './script.ts'

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
  }
}

export type Reply =
  | { status: number; text: string }
  | { status: number; json: unknown }
  | { status: number; bytes: Uint8Array }

export interface Request {
  method: string
  /** The path split on '/', without the leading empty segment */
  segments: string[]
  /** The body as text; read only for POST */
  body: () => Promise<string>
}

const text = (value: string | number): Reply => ({ status: 200, text: String(value) })
const json = (value: unknown): Reply => ({ status: 200, json: value })

function hashParam(value: string): string {
  const hash = parseHash(value)
  if (!hash) throw new HttpError(400, 'Invalid hash string')
  return hash
}

function numberParam(value: string): number {
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(Number(value))) {
    throw new HttpError(400, 'Invalid number')
  }
  return Number(value)
}

function jsonBody(raw: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(raw)
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      return value as Record<string, unknown>
    }
  } catch {}
  throw new HttpError(400, 'the body must be a JSON object')
}

export type Route = (request: Request) => Promise<Reply | undefined>

export function createRoutes(chain: BitcoinChain): Route {
  const { ledger } = chain

  function block(hash: string): BlockRecord {
    const found = ledger.blocksByHash.get(hashParam(hash))
    if (!found) throw new HttpError(404, 'Block not found')
    return found
  }

  function tx(txid: string): TxRecord {
    const found = ledger.txs.get(hashParam(txid))
    if (!found) throw new HttpError(404, 'Transaction not found')
    return found
  }

  function script(address: string): Uint8Array {
    const parsed = scriptOfAddress(address)
    if ('error' in parsed) throw new HttpError(400, parsed.error)
    return parsed.script
  }

  const txsJson = (records: readonly TxRecord[]) => records.map((record) => txJson(record, ledger))

  function blocksFrom(start: number): Reply {
    if (!ledger.blocks[start]) throw new HttpError(404, 'Block not found')
    const heights = Array.from(
      { length: Math.min(BLOCKS_PER_PAGE, start + 1) },
      (_, i) => start - i,
    )
    return json(heights.map((height) => blockJson(ledger.blocks[height] as BlockRecord)))
  }

  function blockTxs(hash: string, startIndex = '0'): Reply {
    const found = block(hash)
    const start = numberParam(startIndex)
    if (start % CHAIN_TXS_PER_PAGE !== 0) {
      throw new HttpError(400, `start index must be a multiple of ${CHAIN_TXS_PER_PAGE}`)
    }
    const txids = found.txids.slice(start, start + CHAIN_TXS_PER_PAGE)
    return json(txsJson(txids.map((txid) => ledger.txs.get(txid) as TxRecord)))
  }

  async function route({ method, segments, body }: Request): Promise<Reply | undefined> {
    const [a, b, c, d, e, extra] = segments
    if (extra !== undefined) return undefined
    if (method === 'POST') {
      if (a === 'tx' && b === undefined) return text(chain.submit(await body()))
      if (a === 'regtest' && b === 'faucet' && c === undefined) {
        const { address, sats } = jsonBody(await body())
        if (typeof address !== 'string') throw new HttpError(400, 'address must be a string')
        if (typeof sats !== 'number' && typeof sats !== 'string') {
          throw new HttpError(400, 'sats must be a number')
        }
        const amount = typeof sats === 'string' && /^\d+$/.test(sats) ? BigInt(sats) : Number(sats)
        return json(chain.faucet(address, amount))
      }
      if (a === 'regtest' && b === 'mine' && c === undefined) {
        const { blocks = 1, address } = jsonBody(await body())
        if (typeof blocks !== 'number') throw new HttpError(400, 'blocks must be a number')
        if (address !== undefined && typeof address !== 'string') {
          throw new HttpError(400, 'address must be a string')
        }
        const blockHashes = chain.mine(blocks, address)
        return json({ blockHashes, height: chain.height })
      }
      return undefined
    }
    if (method !== 'GET') return undefined
    switch (a) {
      case 'blocks':
        if (b === 'tip' && c === 'height' && d === undefined) return text(chain.height)
        if (b === 'tip' && c === 'hash' && d === undefined) return text(chain.tipHash)
        if (c !== undefined) return undefined
        return blocksFrom(b === undefined ? chain.height : numberParam(b))
      case 'block-height': {
        if (b === undefined || c !== undefined) return undefined
        const found = ledger.blocks[numberParam(b)]
        if (!found) throw new HttpError(404, 'Block not found')
        return text(found.hash)
      }
      case 'block':
        if (b === undefined || e !== undefined) return undefined
        if (c === undefined) return json(blockJson(block(b)))
        if (c === 'status' && d === undefined) return json(blockStatusJson(block(b), ledger))
        if (c === 'txids' && d === undefined) return json(block(b).txids)
        if (c === 'header' && d === undefined)
          return text(hex.encode(encodeHeader(block(b).header)))
        if (c === 'txs') return blockTxs(b, d)
        if (c === 'txid' && d !== undefined) {
          const txid = block(b).txids[numberParam(d)]
          if (txid === undefined) throw new HttpError(404, 'tx index out of range')
          return text(txid)
        }
        return undefined
      case 'tx':
        if (b === undefined || e !== undefined) return undefined
        if (c === undefined) return json(txJson(tx(b), ledger))
        if (c === 'hex' && d === undefined) return text(hex.encode(tx(b).tx.raw))
        if (c === 'raw' && d === undefined) return { status: 200, bytes: tx(b).tx.raw }
        if (c === 'status' && d === undefined) return json(statusJson(tx(b).block))
        if (c === 'outspends' && d === undefined) {
          const record = tx(b)
          return json(
            record.tx.outputs.map((_, vout) => outspendJson(ledger, record.tx.txid, vout)),
          )
        }
        if (c === 'outspend' && d !== undefined) {
          return json(outspendJson(ledger, tx(b).tx.txid, numberParam(d)))
        }
        return undefined
      case 'address': {
        if (b === undefined) return undefined
        const paid = script(b)
        if (c === undefined) return json({ address: b, ...addressStats(ledger, paid) })
        if (c === 'utxo' && d === undefined) return json(addressUtxos(ledger, paid))
        if (c !== 'txs') return undefined
        if (d === undefined) return json(txsJson(addressTxs(ledger, paid)))
        if (d === 'mempool' && e === undefined)
          return json(txsJson(addressMempoolTxs(ledger, paid)))
        if (d === 'chain') {
          return json(txsJson(addressChainTxs(ledger, paid, e && parseHash(e))))
        }
        return undefined
      }
      case 'mempool':
        if (b === 'txids' && c === undefined) return json([...ledger.mempool.keys()])
        return undefined
      case 'fee-estimates':
        if (b !== undefined) return undefined
        return json(
          Object.fromEntries(FEE_ESTIMATE_TARGETS.map((t) => [String(t), FEE_ESTIMATE_SAT_PER_VB])),
        )
      default:
        return undefined
    }
  }

  return route
}
