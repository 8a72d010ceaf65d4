// Native coin that contracts send inside a transaction (a router paying out ETH after a swap, a
// WETH withdrawal), which neither the transaction's value nor any log shows: read from the node's
// parity-style trace_block, which anvil and archive nodes answer.
import type { Hex } from 'viem'
import { z } from 'zod'
import type { Chain } from './client.ts'

export interface InternalTransfer {
  txHash: string
  txIndex: number
  /** The call's place among the transaction's internal transfers, from 0 */
  order: number
  from: string
  to: string
  value: bigint
}

const TraceSchema = z.object({
  type: z.string(),
  action: z
    .object({
      from: z.string().optional(),
      to: z.string().optional(),
      value: z.string().optional(),
      callType: z.string().optional(),
    })
    .passthrough(),
  traceAddress: z.array(z.number().int().nonnegative()),
  transactionHash: z.string().nullable().optional(),
  transactionPosition: z.number().int().nonnegative().nullable().optional(),
  error: z.string().optional(),
})
const TracesSchema = z.array(TraceSchema.passthrough())
type Trace = z.infer<typeof TraceSchema>

const HEX_QUANTITY = /^0x[0-9a-f]+$/i
/** A call that moves value: a plain call (not a delegate or static one) with value above 0 */
const movesValue = (trace: Trace) =>
  trace.type === 'call' &&
  (trace.action.callType ?? 'call') === 'call' &&
  HEX_QUANTITY.test(trace.action.value ?? '') &&
  BigInt(trace.action.value as string) > 0n

/**
 * The value-moving calls below each transaction's top level (the top level is the transaction's
 * own value), leaving out every call that reverted or sits inside one that did.
 */
export function internalTransfersOf(traces: readonly Trace[]): InternalTransfer[] {
  const reverted = new Set(
    traces
      .filter((t) => t.error !== undefined)
      .map((t) => `${t.transactionHash}:${t.traceAddress.join('.')}`),
  )
  const insideReverted = (trace: Trace) =>
    trace.traceAddress.some((_, depth) =>
      reverted.has(`${trace.transactionHash}:${trace.traceAddress.slice(0, depth).join('.')}`),
    ) || reverted.has(`${trace.transactionHash}:${trace.traceAddress.join('.')}`)
  const counts = new Map<string, number>()
  const transfers: InternalTransfer[] = []
  for (const trace of traces) {
    const { transactionHash: txHash, transactionPosition: txIndex } = trace
    const { from, to } = trace.action
    if (trace.traceAddress.length === 0 || !txHash || txIndex == null || !from || !to) continue
    if (!movesValue(trace) || insideReverted(trace)) continue
    const order = counts.get(txHash) ?? 0
    counts.set(txHash, order + 1)
    transfers.push({
      txHash,
      txIndex,
      order,
      from,
      to,
      value: BigInt(trace.action.value as string),
    })
  }
  return transfers
}

/** A node that does not know the method (JSON-RPC -32601, or says so) */
function isUnsupported(error: unknown): boolean {
  let current = error as { code?: unknown; details?: unknown; cause?: unknown } | undefined
  for (let depth = 0; current && depth < 5; depth++) {
    if (current.code === -32601 || current.code === -32004) return true
    if (
      typeof current.details === 'string' &&
      /not (found|supported|available)/i.test(current.details)
    ) {
      return true
    }
    current = current.cause as typeof current
  }
  return false
}

/**
 * The block's internal transfers; undefined when the node has no trace API (the indexer then
 * records transaction values and logs only). A malformed answer is an error, retried.
 */
export async function readInternalTransfers(
  chain: Chain,
  blockNumber: bigint,
): Promise<InternalTransfer[] | undefined> {
  let answer: unknown
  try {
    answer = await chain.client.request({
      method: 'trace_block' as 'eth_chainId',
      params: [`0x${blockNumber.toString(16)}` as Hex] as never,
    })
  } catch (error) {
    if (isUnsupported(error)) return undefined
    throw error
  }
  const traces = TracesSchema.safeParse(answer ?? [])
  if (!traces.success) throw new Error(`trace_block ${blockNumber}: malformed answer`)
  return internalTransfersOf(traces.data)
}
