// A small JSON-RPC client for a Solana node: batched calls over fetch. Solana writes u64 values
// (lamports, …) as JSON numbers even past 2^53; long integers are read as strings so BigInt()
// gets every digit.
import { RPC_UPSTREAM_TIMEOUT_MS } from '../constants.ts'
import { upstreamText } from './upstream.ts'

export interface SolanaCall {
  method: string
  params: unknown[]
}

/** The node answered with an error, or not at all. */
export class SolanaRpcError extends Error {
  constructor(
    message: string,
    readonly code?: number,
  ) {
    super(message)
    this.name = 'SolanaRpcError'
  }
}

/** JSON text with every integer of 16 or more digits (outside strings) turned into a string. */
export function quoteLongIntegers(json: string): string {
  let out = ''
  let inString = false
  let i = 0
  while (i < json.length) {
    const char = json[i] as string
    if (inString) {
      out += char
      if (char === '\\') {
        out += json[i + 1] ?? ''
        i += 2
        continue
      }
      if (char === '"') inString = false
      i++
      continue
    }
    if (char === '"') {
      inString = true
      out += char
      i++
      continue
    }
    const number = /^-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/.exec(json.slice(i, i + 400))?.[0]
    if (number && /^-?\d{16,}$/.test(number)) {
      out += `"${number}"`
      i += number.length
      continue
    }
    if (number) {
      out += number
      i += number.length
      continue
    }
    out += char
    i++
  }
  return out
}

export class SolanaRpc {
  constructor(
    readonly url: string,
    private readonly timeoutMs = RPC_UPSTREAM_TIMEOUT_MS,
  ) {}

  /** Sends the calls as one batch; their results in order. Any error fails the whole batch. */
  async batch(calls: readonly SolanaCall[]): Promise<unknown[]> {
    if (calls.length === 0) return []
    const body = calls.map((call, id) => ({ jsonrpc: '2.0', id, ...call }))
    const text = await upstreamText(
      this.url,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      },
      (reason) => new SolanaRpcError(reason),
      this.timeoutMs,
    )
    let answers: unknown
    try {
      answers = JSON.parse(quoteLongIntegers(text))
    } catch {
      throw new SolanaRpcError(`the answer of ${this.url} is not JSON`)
    }
    if (!Array.isArray(answers)) throw new SolanaRpcError(`${this.url} did not answer the batch`)
    const byId = new Map(
      answers.map((answer: { id?: unknown }) => [answer?.id, answer as Record<string, unknown>]),
    )
    return calls.map((call, id) => {
      const answer = byId.get(id)
      if (!answer) throw new SolanaRpcError(`${this.url} left ${call.method} unanswered`)
      const error = answer.error as { code?: number; message?: string } | undefined
      if (error) {
        throw new SolanaRpcError(`${call.method}: ${error.message ?? 'error'}`, error.code)
      }
      return answer.result
    })
  }

  async call(method: string, params: unknown[]): Promise<unknown> {
    const [result] = await this.batch([{ method, params }])
    return result
  }
}
