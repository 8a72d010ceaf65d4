// The RPC gateway (§7 "an RPC gateway queried per chain with chainId and projectId"): forwards
// §6 safe methods to the chain's node and refuses the rest with a JSON-RPC error.
import type { Context, Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import type { Chains } from '../chain/client.ts'
import { parseCaip2 } from '../chain/config.ts'
import {
  RPC_MAX_BODY_BYTES,
  RPC_NOT_ALLOWED,
  RPC_UPSTREAM_TIMEOUT_MS,
  SAFE_RPC_METHODS,
} from '../constants.ts'
import type { AppEnv } from '../env.ts'
import { invalidParameter } from '../errors/body.ts'
import { bodyTooLarge, unsupportedChain, upstreamUnavailable } from '../errors.ts'

export const RPC_PATH = '/v1'

type JsonRpcId = string | number | null

export interface JsonRpcError {
  jsonrpc: '2.0'
  id: JsonRpcId
  error: { code: number; message: string }
}

export function rpcError(id: JsonRpcId, code: number, message: string): JsonRpcError {
  return { jsonrpc: '2.0', id, error: { code, message } }
}

function idOf(request: unknown): JsonRpcId {
  const id = (request as { id?: unknown } | null)?.id
  return typeof id === 'string' || typeof id === 'number' ? id : null
}

/** The error for a request we do not forward, or undefined when it may go to the node. */
export function refusal(
  request: unknown,
  allowed: ReadonlySet<string> = SAFE_RPC_METHODS,
): JsonRpcError | undefined {
  if (typeof request !== 'object' || request === null || Array.isArray(request)) {
    return rpcError(null, -32600, 'Invalid Request')
  }
  const method = (request as { method?: unknown }).method
  if (typeof method !== 'string') return rpcError(idOf(request), -32600, 'Invalid Request')
  if (!allowed.has(method)) {
    return rpcError(idOf(request), RPC_NOT_ALLOWED.code, RPC_NOT_ALLOWED.message)
  }
  return undefined
}

export async function forward(rpcUrl: string, body: unknown): Promise<unknown> {
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(RPC_UPSTREAM_TIMEOUT_MS),
  })
  if (!response.ok && response.status >= 500) throw new Error(`node answered ${response.status}`)
  return response.json()
}

/** A JSON-RPC gateway's body limit: 413 beyond `maxSize` */
export function jsonRpcBodyLimit(maxSize: number) {
  return bodyLimit({
    maxSize,
    // The rest of the body is never read, so the connection cannot carry another request.
    onError: (c) => c.json(bodyTooLarge, 413, { Connection: 'close' }),
  })
}

/**
 * The gateway's `chainId` (one eip155 CAIP-2 id) and the JSON body, or the answer that refuses
 * them; `pick` finds what the chain needs (its node, its bundler), undefined for none.
 */
export async function gatewayRequest<T>(
  c: Context<AppEnv>,
  pick: (chainId: number) => T | undefined,
): Promise<{ target: T; body: unknown } | { refused: Response }> {
  const requested = c.req.queries('chainId') ?? []
  if (requested.length !== 1) {
    const reason = requested.length === 0 ? 'is required' : 'must be given once'
    return { refused: c.json(invalidParameter('chainId', reason), 400) }
  }
  const raw = requested[0] ?? ''
  const chainId = parseCaip2(raw)
  const target = chainId === undefined ? undefined : pick(chainId)
  if (target === undefined) return { refused: c.json(unsupportedChain(raw.slice(0, 100)), 400) }
  try {
    return { target, body: JSON.parse(await c.req.text()) }
  } catch {
    return { refused: c.json(rpcError(null, -32700, 'Parse error'), 200) }
  }
}

export function registerRpcRoute(app: Hono<AppEnv>, chains: Chains) {
  app.post(RPC_PATH, jsonRpcBodyLimit(RPC_MAX_BODY_BYTES), async (c) => {
    const request = await gatewayRequest(c, (chainId) => chains.get(chainId))
    if ('refused' in request) return request.refused
    const { target: chain, body } = request

    try {
      if (!Array.isArray(body)) {
        const refused = refusal(body)
        if (refused) return c.json(refused, 200)
        return c.json((await forward(chain.rpcUrl, body)) as object, 200)
      }
      if (body.length === 0) return c.json(rpcError(null, -32600, 'Invalid Request'), 200)
      const refusals = body.map((request) => refusal(request))
      const allowed = body.filter((_, index) => !refusals[index])
      const answers = allowed.length > 0 ? await forward(chain.rpcUrl, allowed) : []
      if (!Array.isArray(answers)) return c.json(answers as object, 200)
      // Answers in request order: the node's (matched by id, else by position) and ours.
      const byId = new Map(answers.map((answer) => [idOf(answer), answer]))
      let position = 0
      const merged = body.map((request, index) => {
        const refused = refusals[index]
        if (refused) return refused
        const answer = answers[position++]
        return byId.get(idOf(request)) ?? answer
      })
      return c.json(merged, 200)
    } catch {
      return c.json(upstreamUnavailable, 502)
    }
  })
}
