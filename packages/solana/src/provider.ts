import { ProviderRpcError } from '@latchkey/core/internal'
import type { Rpc, SolanaRpcApi } from '@solana/kit'
import { getBase58Decoder, getBase58Encoder, getBase64Decoder, getBase64Encoder } from '@solana/kit'
import { ProviderErrorCode, SOLANA_RPC_METHODS } from './constants.ts'
import { notConnectedError, SolanaErrorText } from './errors.ts'
import type { Session } from './session.ts'
import {
  type SendOptions,
  signAndSendTransaction,
  signatureOf,
  signMessage,
  signTransactions,
} from './signing.ts'

export type SolanaRpcMethod = (typeof SOLANA_RPC_METHODS)[number]

export interface SolanaRequestArguments {
  method: string
  params?: unknown
}

/** The connected Solana wallet as WalletConnect's Solana JSON-RPC (base58 keys and signatures, base64 wire transactions). */
export interface SolanaProvider {
  request(args: SolanaRequestArguments): Promise<unknown>
}

export interface SolanaProviderDeps {
  /** The live connection, read at each request */
  session(): Session | undefined
  rpc(session: Session): Rpc<SolanaRpcApi>
}

function invalid(method: string, expected: string): never {
  throw new ProviderRpcError(
    ProviderErrorCode.invalidParams,
    SolanaErrorText.invalidParams(method, expected),
  )
}

/** WalletConnect sends one params object; a one-element array of it is taken too. */
function paramsObject(method: string, params: unknown): Record<string, unknown> {
  const value = Array.isArray(params) && params.length === 1 ? params[0] : params
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return invalid(method, 'a params object')
  }
  return value as Record<string, unknown>
}

function fromBase64(method: string, value: unknown, what: string): Uint8Array {
  if (typeof value !== 'string' || value === '') return invalid(method, what)
  try {
    return getBase64Encoder().encode(value) as Uint8Array
  } catch {
    return invalid(method, what)
  }
}

function messageBytes(method: string, value: unknown): Uint8Array {
  if (value instanceof Uint8Array) return value
  if (typeof value !== 'string') return invalid(method, 'message as base58 text or bytes')
  try {
    return getBase58Encoder().encode(value) as Uint8Array
  } catch {
    return invalid(method, 'message as base58 text or bytes')
  }
}

const toBase58 = (bytes: Uint8Array) => getBase58Decoder().decode(bytes)
const toBase64 = (bytes: Uint8Array) => getBase64Decoder().decode(bytes)

/**
 * `request({ method, params })` for spec §7's Solana methods, mapped onto the wallet's Wallet
 * Standard features. A wallet's own errors (a rejection's code and message) pass through as is.
 */
export function createSolanaProvider(deps: SolanaProviderDeps): SolanaProvider {
  async function handle(session: Session, method: SolanaRpcMethod, params: unknown) {
    const input = paramsObject(method, params)
    switch (method) {
      case 'solana_signMessage': {
        const message = messageBytes(method, input.message)
        if (input.pubkey !== undefined && input.pubkey !== session.account.address) {
          throw new ProviderRpcError(
            ProviderErrorCode.unauthorized,
            SolanaErrorText.unknownAccount(String(input.pubkey)),
          )
        }
        return { signature: toBase58(await signMessage(session, message)) }
      }
      case 'solana_signTransaction': {
        const transaction = fromBase64(method, input.transaction, 'transaction as base64')
        const [signed] = await signTransactions(session, [transaction], method)
        if (!signed) throw new Error(SolanaErrorText.noAccount)
        return { signature: signatureOf(signed), transaction: toBase64(signed) }
      }
      case 'solana_signAllTransactions': {
        const list = input.transactions
        if (!Array.isArray(list) || list.length === 0) {
          return invalid(method, 'transactions as base64 strings')
        }
        const transactions = list.map((t) => fromBase64(method, t, 'transactions as base64'))
        const signed = await signTransactions(session, transactions, method)
        return { transactions: signed.map(toBase64) }
      }
      case 'solana_signAndSendTransaction': {
        const transaction = fromBase64(method, input.transaction, 'transaction as base64')
        const options = (input.sendOptions ?? {}) as SendOptions
        const signature = await signAndSendTransaction(
          session,
          () => deps.rpc(session),
          transaction,
          options,
        )
        return { signature }
      }
    }
  }

  return {
    async request({ method, params } = {} as SolanaRequestArguments) {
      if (!(SOLANA_RPC_METHODS as readonly string[]).includes(method)) {
        throw new ProviderRpcError(
          ProviderErrorCode.unsupportedMethod,
          SolanaErrorText.unsupportedMethod(String(method)),
        )
      }
      const session = deps.session()
      if (!session) throw notConnectedError()
      return handle(session, method as SolanaRpcMethod, params)
    },
  }
}
