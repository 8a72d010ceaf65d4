// JSON-RPC 2.0 over a request body: single and batch requests, notifications, and the standard
// errors (-32700 bad JSON, -32600 not a request, -32601 unknown method, -32603 a bug of ours).
// A method's RpcError becomes its error object; nothing a client sends can throw out of here.
import { RPC_ERROR_CODES } from './constants.ts'
import { stringifyJson } from './json.ts'
import { paramList } from './params.ts'
import { RpcError } from './rpc-error.ts'
import type { NodeContext, RpcMethod } from './rpc-method.ts'

type Id = string | number | null

interface Response {
  jsonrpc: '2.0'
  id: Id
  result?: unknown
  error?: { code: number; message: string; data?: unknown }
}

function errorResponse(id: Id, code: number, message: string, data?: unknown): Response {
  return { jsonrpc: '2.0', error: { code, message, ...(data !== undefined && { data }) }, id }
}

function isId(value: unknown): value is Id {
  return value === null || typeof value === 'string' || typeof value === 'number'
}

async function handleOne(
  request: unknown,
  methods: Readonly<Record<string, RpcMethod>>,
  node: NodeContext,
): Promise<Response | undefined> {
  if (typeof request !== 'object' || request === null || Array.isArray(request)) {
    return errorResponse(null, RPC_ERROR_CODES.invalidRequest, 'Invalid Request')
  }
  const { jsonrpc, method, params } = request as Record<string, unknown>
  const hasId = 'id' in request
  const id = (request as { id?: unknown }).id
  if (jsonrpc !== '2.0' || typeof method !== 'string' || (hasId && !isId(id))) {
    return errorResponse(isId(id) ? id : null, RPC_ERROR_CODES.invalidRequest, 'Invalid Request')
  }
  const answer = (response: Response) => (hasId ? response : undefined)
  const handler = Object.hasOwn(methods, method) ? methods[method] : undefined
  if (!handler) {
    return answer(errorResponse(id as Id, RPC_ERROR_CODES.methodNotFound, 'Method not found'))
  }
  try {
    const result = await handler(paramList(params), node)
    return answer({ jsonrpc: '2.0', result, id: id as Id })
  } catch (error) {
    if (error instanceof RpcError) {
      return answer(errorResponse(id as Id, error.code, error.message, error.data))
    }
    const detail = error instanceof Error ? error.message : String(error)
    return answer(
      errorResponse(id as Id, RPC_ERROR_CODES.internalError, `Internal error: ${detail}`),
    )
  }
}

/** The response body for a request body, or undefined when there is nothing to answer. */
export async function handleJsonRpc(
  body: string,
  methods: Readonly<Record<string, RpcMethod>>,
  node: NodeContext,
): Promise<string | undefined> {
  let request: unknown
  try {
    request = JSON.parse(body)
  } catch {
    return stringifyJson(errorResponse(null, RPC_ERROR_CODES.parseError, 'Parse error'))
  }
  if (!Array.isArray(request)) {
    const response = await handleOne(request, methods, node)
    return response && stringifyJson(response)
  }
  if (request.length === 0) {
    return stringifyJson(errorResponse(null, RPC_ERROR_CODES.invalidRequest, 'Invalid Request'))
  }
  const responses: Response[] = []
  // In order, one after another: a batch of transfers lands in the order it was written.
  for (const item of request) {
    const response = await handleOne(item, methods, node)
    if (response) responses.push(response)
  }
  return responses.length > 0 ? stringifyJson(responses) : undefined
}
