// wallet_sendCalls (EIP-5792) as the page sends it: checked (§5: each call's `to` and `data`
// start with 0x), described call by call for the approval card.
import { formatEther, type Hex, hexToBigInt } from 'viem'
import * as z from 'zod/mini'
import { FrameError } from '../../frameError.ts'
import { INVALID_PARAMS, UNAUTHORIZED, WRONG_ACCOUNT } from '../signer.ts'
import { chainPhrase, type Detail, dataPhrase } from '../signingRequest.ts'
import { CALL_DATA_INVALID, CALL_TO_INVALID, MAX_CALLS, UNSUPPORTED_CHAIN } from './constants.ts'

const ADDRESS = /^0x[0-9a-fA-F]{40}$/
const HEX = /^0x([0-9a-fA-F]{2})*$/
const QUANTITY = /^0x[0-9a-fA-F]{1,64}$/

const Call = z.object({
  to: z.optional(z.string()),
  data: z.optional(z.string()),
  value: z.optional(z.string()),
})
const Request = z.object({
  version: z.optional(z.string()),
  id: z.optional(z.string().check(z.maxLength(4096))),
  from: z.optional(z.string()),
  chainId: z.string().check(z.regex(QUANTITY)),
  atomicRequired: z.optional(z.boolean()),
  calls: z.array(Call),
  capabilities: z.optional(
    z.object({
      permissions: z.optional(
        z.object({ context: z.string().check(z.regex(/^0x[0-9a-fA-F]{64}$/)) }),
      ),
    }),
  ),
})

export interface BatchCall {
  to: Hex
  data?: Hex
  value: bigint
}

export interface SendCallsRequest {
  chainId: number
  calls: BatchCall[]
  details: Detail[]
  /** ERC-7715: the permission the app sends these calls under (no card when they fit it) */
  permissionsContext?: string
}

const invalid = (message: string) => new FrameError(message, INVALID_PARAMS)

export function parseSendCalls(
  params: unknown,
  { address, chainId }: { address: string; chainId: number },
): SendCallsRequest {
  const parsed = Request.safeParse(Array.isArray(params) ? params[0] : undefined)
  if (!parsed.success) throw invalid('Invalid calls')
  const request = parsed.data
  if (request.from !== undefined && request.from.toLowerCase() !== address.toLowerCase()) {
    throw new FrameError(WRONG_ACCOUNT, UNAUTHORIZED)
  }
  const requestedChain = Number(hexToBigInt(request.chainId as Hex))
  if (requestedChain !== chainId) {
    throw new FrameError(
      `The calls are for chain ${requestedChain}, not chain ${chainId}`,
      UNSUPPORTED_CHAIN,
    )
  }
  if (request.calls.length === 0 || request.calls.length > MAX_CALLS) {
    throw invalid(`Between 1 and ${MAX_CALLS} calls`)
  }
  const calls = request.calls.map((call): BatchCall => {
    if (call.to === undefined || !ADDRESS.test(call.to)) throw invalid(CALL_TO_INVALID)
    if (call.data !== undefined && !HEX.test(call.data)) throw invalid(CALL_DATA_INVALID)
    if (call.value !== undefined && !QUANTITY.test(call.value)) throw invalid('Invalid call value')
    return {
      to: call.to as Hex,
      ...(call.data !== undefined && call.data !== '0x' && { data: call.data as Hex }),
      value: call.value === undefined ? 0n : hexToBigInt(call.value as Hex),
    }
  })
  const context = request.capabilities?.permissions?.context
  return {
    chainId,
    calls,
    details: describeCalls(calls, chainId, address),
    ...(context && { permissionsContext: context }),
  }
}

/**
 * Each call as a block of lines (receiver, ETH, data size and function) for the approval card,
 * in the card's words as a single transaction's are, then the batch's terms.
 */
export function describeCalls(calls: BatchCall[], chainId: number, from: string): Detail[] {
  const details: Detail[] = calls.map((call, index) => ({
    label: { text: 'Call {index} of {count}', params: { index: index + 1, count: calls.length } },
    value: [
      { label: 'To', value: call.to, mono: true },
      { label: 'Value', value: `${formatEther(call.value)} ETH` },
      { label: 'Data', value: dataPhrase(call.data) },
    ],
    block: true,
  }))
  details.push(
    { label: 'All or nothing', value: { text: 'Every call runs, or none does' } },
    { label: 'Network', value: chainPhrase(chainId) },
    { label: 'From', value: from, mono: true },
  )
  return details
}
