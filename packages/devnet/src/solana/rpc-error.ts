// A JSON-RPC error a method raises; the server turns it into `{ error: { code, message, data } }`.
import { RPC_ERROR_CODES } from './constants.ts'

export class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message)
    this.name = 'RpcError'
  }
}

/** -32602, worded like Agave's "Invalid params: …" */
export function invalidParams(detail: string): RpcError {
  return new RpcError(RPC_ERROR_CODES.invalidParams, `Invalid params: ${detail}`)
}

/** -32602 for a parameter Agave reports as "Invalid param: …" (a bad pubkey, signature, …) */
export function invalidParam(detail: string): RpcError {
  return new RpcError(RPC_ERROR_CODES.invalidParams, `Invalid param: ${detail}`)
}
