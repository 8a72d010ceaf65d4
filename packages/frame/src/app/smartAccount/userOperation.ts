// eth_sendUserOperation as an app sends it (ERC-4337 v0.7's RPC form): the operation must be the
// smart account's own, on EntryPoint v0.7, and its callData one of the account's `execute` or
// `executeBatch`, so the approval card can list every call it makes. The frame signs it again
// (the app's signature is only a placeholder) and keeps the app's nonce and gas limits.
import { decodeFunctionData, type Hex, hexToBigInt } from 'viem'
import * as z from 'zod/mini'
import { FrameError } from '../../frameError.ts'
import { INVALID_PARAMS, UNAUTHORIZED, WRONG_ACCOUNT } from '../signer.ts'
import type { Detail } from '../signingRequest.ts'
import { ENTRY_POINT_07, MAX_CALLS, USER_OPERATION_CALL_DATA } from './constants.ts'
import { type BatchCall, describeCalls } from './sendCalls.ts'
import { simpleAccountAbi } from './simpleAccountAbi.ts'

const ADDRESS = /^0x[0-9a-fA-F]{40}$/
const HEX = /^0x([0-9a-fA-F]{2})*$/
const QUANTITY = /^0x[0-9a-fA-F]{1,64}$/

const quantity = z.optional(z.string().check(z.regex(QUANTITY)))
const UserOperation = z.object({
  sender: z.string().check(z.regex(ADDRESS)),
  nonce: quantity,
  callData: z.string().check(z.regex(HEX), z.maxLength(262_144)),
  callGasLimit: quantity,
  verificationGasLimit: quantity,
  preVerificationGas: quantity,
  maxFeePerGas: quantity,
  maxPriorityFeePerGas: quantity,
  factory: z.optional(z.nullable(z.string())),
  factoryData: z.optional(z.nullable(z.string())),
  paymaster: z.optional(z.nullable(z.string())),
  paymasterData: z.optional(z.nullable(z.string())),
  signature: z.optional(z.string()),
})

/** The app's nonce and gas terms, kept as it set them (viem fills in what it left out) */
export interface UserOperationTerms {
  nonce?: bigint
  callGasLimit?: bigint
  verificationGasLimit?: bigint
  preVerificationGas?: bigint
  maxFeePerGas?: bigint
  maxPriorityFeePerGas?: bigint
}

export interface UserOperationRequest {
  calls: BatchCall[]
  terms: UserOperationTerms
  details: Detail[]
}

const invalid = (message: string) => new FrameError(message, INVALID_PARAMS)

/** The calls an `execute` / `executeBatch` callData makes; refused when it is anything else */
function callsOf(callData: Hex): BatchCall[] {
  let decoded: ReturnType<typeof decodeFunctionData<typeof simpleAccountAbi>>
  try {
    decoded = decodeFunctionData({ abi: simpleAccountAbi, data: callData })
  } catch {
    throw invalid(USER_OPERATION_CALL_DATA)
  }
  const pairs =
    decoded.functionName === 'execute'
      ? [{ to: decoded.args[0], value: decoded.args[1], data: decoded.args[2] }]
      : decoded.args[0].map((to, i) => ({
          to,
          value: decoded.args[1][i] ?? 0n,
          data: decoded.args[2][i] ?? '0x',
        }))
  if (pairs.length === 0 || pairs.length > MAX_CALLS)
    throw invalid(`Between 1 and ${MAX_CALLS} calls`)
  if (decoded.functionName === 'executeBatch') {
    const [targets, values, datas] = decoded.args
    // SimpleAccount accepts an empty value list (all 0) but reverts on any other mismatch.
    if (
      datas.length !== targets.length ||
      (values.length !== 0 && values.length !== targets.length)
    ) {
      throw invalid(USER_OPERATION_CALL_DATA)
    }
  }
  return pairs.map(({ to, value, data }) => ({
    to,
    value,
    ...(data !== '0x' && { data }),
  }))
}

export function parseUserOperation(
  params: unknown,
  { address, chainId }: { address: string; chainId: number },
): UserOperationRequest {
  const [operation, entryPoint] = Array.isArray(params) ? params : []
  if (typeof entryPoint !== 'string' || entryPoint.toLowerCase() !== ENTRY_POINT_07.toLowerCase()) {
    throw invalid(`This wallet's smart account uses EntryPoint v0.7 (${ENTRY_POINT_07})`)
  }
  const parsed = UserOperation.safeParse(operation)
  if (!parsed.success) throw invalid('Invalid user operation')
  const op = parsed.data
  if (op.sender.toLowerCase() !== address.toLowerCase()) {
    throw new FrameError(WRONG_ACCOUNT, UNAUTHORIZED)
  }
  if (op.paymaster) throw new FrameError('not implemented: a paymaster in eth_sendUserOperation')
  const calls = callsOf(op.callData as Hex)
  const terms: UserOperationTerms = {}
  for (const name of [
    'nonce',
    'callGasLimit',
    'verificationGasLimit',
    'preVerificationGas',
    'maxFeePerGas',
    'maxPriorityFeePerGas',
  ] as const) {
    const value = op[name]
    if (value !== undefined) terms[name] = hexToBigInt(value as Hex)
  }
  return { calls, terms, details: describeCalls(calls, chainId, address) }
}
