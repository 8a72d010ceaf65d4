// JSON-RPC 2.0 framing for the relay socket: reads a text frame into a request or a response,
// and writes answers. An id is echoed exactly as the client wrote it: WalletConnect's ids are
// up to 19 digits (getBigIntRpcId), past what a JS number holds, and a client matches its answer
// by the id's text.
import { JSON_RPC_ERROR_CODES } from '../constants/relay.ts'
import { relayInvalidRequest, relayParseError } from '../errors/relay.ts'

export type Frame =
  | {
      kind: 'request'
      /** The id's JSON text, to echo */
      idText: string
      method: string
      params: unknown
    }
  | { kind: 'response'; id: string | number }
  /** Not a request we can answer: send `reply` */
  | { kind: 'invalid'; reply: string }

const TOKEN = /"(?:[^"\\]|\\.)*"|[{}[\]]|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/g

/** The raw text of the top-level "id" member's value, when it is a number. */
export function rawTopLevelId(text: string): string | undefined {
  let depth = 0
  let afterIdKey = false
  TOKEN.lastIndex = 0
  for (let match = TOKEN.exec(text); match; match = TOKEN.exec(text)) {
    const token = match[0]
    if (afterIdKey) return /^-?\d/.test(token) ? token : undefined
    if (token === '{' || token === '[') depth++
    else if (token === '}' || token === ']') depth--
    else if (depth === 1 && token === '"id"' && /^\s*:/.test(text.slice(TOKEN.lastIndex))) {
      afterIdKey = true
    }
  }
  return undefined
}

function idText(id: unknown, text: string): string | undefined {
  if (typeof id === 'string') return JSON.stringify(id)
  if (typeof id !== 'number' || !Number.isFinite(id)) return undefined
  return Number.isSafeInteger(id) ? String(id) : (rawTopLevelId(text) ?? String(id))
}

export function errorReply(idText: string, code: number, message: string): string {
  return `{"id":${idText},"jsonrpc":"2.0","error":${JSON.stringify({ code, message })}}`
}

export function resultReply(idText: string, result: unknown): string {
  return `{"id":${idText},"jsonrpc":"2.0","result":${JSON.stringify(result)}}`
}

export function requestFrame(id: number, method: string, params: unknown): string {
  return `{"id":${id},"jsonrpc":"2.0","method":${JSON.stringify(method)},"params":${JSON.stringify(params)}}`
}

/** Reads one frame; never throws. */
export function parseFrame(text: string): Frame {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return {
      kind: 'invalid',
      reply: errorReply('null', JSON_RPC_ERROR_CODES.parseError, relayParseError),
    }
  }
  const invalid = (id = 'null'): Frame => ({
    kind: 'invalid',
    reply: errorReply(id, JSON_RPC_ERROR_CODES.invalidRequest, relayInvalidRequest),
  })
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return invalid()
  const object = value as Record<string, unknown>
  const id = idText(object.id, text)
  if (typeof object.method === 'string') {
    if (id === undefined || (object.jsonrpc !== undefined && object.jsonrpc !== '2.0')) {
      return invalid(id)
    }
    return { kind: 'request', idText: id, method: object.method, params: object.params }
  }
  if (
    ('result' in object || 'error' in object) &&
    (typeof object.id === 'number' || typeof object.id === 'string')
  ) {
    return { kind: 'response', id: object.id }
  }
  return invalid(id)
}
