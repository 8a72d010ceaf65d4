// The RPC gateway (§7 "an RPC gateway queried per chain with chainId and projectId"): forwards
// §6 safe methods to the chain's node and refuses the rest with a JSON-RPC error.
import type { Hono } from 'hono'
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
import { bodyTooLarge, invalidParameter, unsupportedChain, upstreamUnavailable } from '../errors.ts'

export const RPC_PATH = '/v1'

type JsonRpcId = string | number | null

interface JsonRpcError {
  jsonrpc: '2.0'
  id: JsonRpcId
  error: { code: number; message: string }
}

function rpcError(id: JsonRpcId, code: number, message: string): JsonRpcError {
  return { jsonrpc: '2.0', id, error: { code, message } }
}

function idOf(request: unknown): JsonRpcId {
  const id = (request as { id?: unknown } | null)?.id
  return typeof id === 'string' || typeof id === 'number' ? id : null
}

/** The error for a request we do not forward, or undefined when it may go to the node. */
function refusal(request: unknown): JsonRpcError | undefined {
  if (typeof request !== 'object' || request === null || Array.isArray(request)) {
    return rpcError(null, -32600, 'Invalid Request')
  }
  const method = (request as { method?: unknown }).method
  if (typeof method !== 'string') return rpcError(idOf(request), -32600, 'Invalid Request')
  if (!SAFE_RPC_METHODS.has(method)) {
    return rpcError(idOf(request), RPC_NOT_ALLOWED.code, RPC_NOT_ALLOWED.message)
  }
  return undefined
}

async function forward(rpcUrl: string, body: unknown): Promise<unknown> {
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(RPC_UPSTREAM_TIMEOUT_MS),
  })
  if (!response.ok && response.status >= 500) throw new Error(`node answered ${response.status}`)
  return response.json()
}

export function registerRpcRoute(app: Hono<AppEnv>, chains: Chains) {
  app.post(
    RPC_PATH,
    bodyLimit({
      maxSize: RPC_MAX_BODY_BYTES,
      // The rest of the body is never read, so the connection cannot carry another request.
      onError: (c) => c.json(bodyTooLarge, 413, { Connection: 'close' }),
    }),
    async (c) => {
      const requested = c.req.queries('chainId') ?? []
      if (requested.length !== 1) {
        const reason = requested.length === 0 ? 'is required' : 'must be given once'
        return c.json(invalidParameter('chainId', reason), 400)
      }
      const raw = requested[0] ?? ''
      const chainId = parseCaip2(raw)
      const chain = chainId === undefined ? undefined : chains.get(chainId)
      if (!chain) return c.json(unsupportedChain(raw.slice(0, 100)), 400)

      let body: unknown
      try {
        body = JSON.parse(await c.req.text())
      } catch {
        return c.json(rpcError(null, -32700, 'Parse error'), 200)
      }

      try {
        if (!Array.isArray(body)) {
          const refused = refusal(body)
          if (refused) return c.json(refused, 200)
          return c.json((await forward(chain.rpcUrl, body)) as object, 200)
        }
        if (body.length === 0) return c.json(rpcError(null, -32600, 'Invalid Request'), 200)
        const refusals = body.map(refusal)
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
    },
  )
}
