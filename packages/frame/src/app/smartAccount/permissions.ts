// ERC-7715 permissions as the frame keeps them (README "Smart accounts"): an app asks for scoped,
// expiring permissions; the visitor approves them once; calls inside them then go without a card.
// The frame enforces the scope (it holds the key that signs): receivers, functions, allowances.
import {
  decodeFunctionData,
  erc20Abi,
  formatEther,
  type Hex,
  hexToBigInt,
  toFunctionSelector,
} from 'viem'
import * as z from 'zod/mini'
import { FrameError } from '../../frameError.ts'
import { INVALID_PARAMS, UNAUTHORIZED } from '../signer.ts'
import type { Detail } from '../signingRequest.ts'
import { OUTSIDE_PERMISSION, PERMISSION_MAX_EXPIRY_S } from './constants.ts'
import type { BatchCall } from './sendCalls.ts'

const ADDRESS = /^0x[0-9a-fA-F]{40}$/
const QUANTITY = /^0x[0-9a-fA-F]{1,64}$/
const Policy = z.object({ type: z.unknown(), data: z.optional(z.record(z.string(), z.unknown())) })
const Permission = z.object({
  type: z.unknown(),
  data: z.record(z.string(), z.unknown()),
  policies: z.optional(z.array(Policy)),
  required: z.optional(z.boolean()),
})
const Request = z.object({
  chainId: z.optional(z.string().check(z.regex(QUANTITY))),
  address: z.optional(z.string()),
  expiry: z.number().check(z.int(), z.positive()),
  signer: z.optional(z.unknown()),
  permissions: z.array(Permission).check(z.minLength(1), z.maxLength(10)),
})

export type Scope =
  | { kind: 'native'; allowance: bigint }
  | { kind: 'erc20'; token: Hex; allowance: bigint }
  | { kind: 'call'; target: Hex; selectors: Hex[] }

export interface PermissionRequest {
  expiry: number
  scopes: Scope[]
  /** As the app asked for them: what the grant answers and the server keeps */
  permissions: Record<string, unknown>[]
}

const invalid = (message: string) => new FrameError(message, INVALID_PARAMS)

function allowanceOf(policies: z.infer<typeof Policy>[] | undefined, type: string): bigint {
  const policy = policies?.find((p) => p.type === 'token-allowance')
  const value = policy?.data?.allowance
  if (typeof value !== 'string' || !QUANTITY.test(value)) {
    throw invalid(`A ${type} permission needs a token-allowance policy with a hex allowance`)
  }
  return hexToBigInt(value as Hex)
}

function scopeOf(permission: z.infer<typeof Permission>): Scope {
  const unknownPolicy = permission.policies?.find((p) => p.type !== 'token-allowance')
  if (unknownPolicy) throw invalid(`Policy ${JSON.stringify(unknownPolicy.type)} is not supported`)
  const { data } = permission
  if (permission.type === 'native-token-transfer') {
    return { kind: 'native', allowance: allowanceOf(permission.policies, 'native-token-transfer') }
  }
  if (permission.type === 'erc20-token-transfer') {
    if (typeof data.address !== 'string' || !ADDRESS.test(data.address)) {
      throw invalid('An erc20-token-transfer permission needs the token address')
    }
    return {
      kind: 'erc20',
      token: data.address as Hex,
      allowance: allowanceOf(permission.policies, 'erc20-token-transfer'),
    }
  }
  if (permission.type === 'contract-call') {
    const calls = data.calls
    if (typeof data.address !== 'string' || !ADDRESS.test(data.address)) {
      throw invalid('A contract-call permission needs the contract address')
    }
    if (!Array.isArray(calls) || calls.length === 0 || calls.some((c) => typeof c !== 'string')) {
      throw invalid('A contract-call permission lists the function signatures it allows')
    }
    let selectors: Hex[]
    try {
      selectors = calls.map((signature) => toFunctionSelector(signature as string))
    } catch {
      throw invalid(
        'A contract-call permission lists function signatures: transfer(address,uint256)',
      )
    }
    return { kind: 'call', target: data.address as Hex, selectors }
  }
  throw invalid(`Permission type ${JSON.stringify(permission.type)} is not supported`)
}

export function parsePermissionRequest(
  params: unknown,
  { chainId, address, now }: { chainId: number; address: string; now: number },
): PermissionRequest {
  const parsed = Request.safeParse(Array.isArray(params) ? params[0] : undefined)
  if (!parsed.success) throw invalid('Invalid permission request')
  const request = parsed.data
  if (request.chainId !== undefined && Number(hexToBigInt(request.chainId as Hex)) !== chainId) {
    throw invalid(`The permissions are for another chain than chain ${chainId}`)
  }
  if (request.address !== undefined && request.address.toLowerCase() !== address.toLowerCase()) {
    throw new FrameError('The requested account is not the connected account', UNAUTHORIZED)
  }
  const left = request.expiry - now / 1000
  if (left <= 0 || left > PERMISSION_MAX_EXPIRY_S) {
    throw invalid(
      `The expiry must be in the future, at most ${PERMISSION_MAX_EXPIRY_S / 86_400} days away`,
    )
  }
  return {
    expiry: request.expiry,
    scopes: request.permissions.map(scopeOf),
    permissions: request.permissions as Record<string, unknown>[],
  }
}

export function describePermissions(request: PermissionRequest, origin: string): Detail[] {
  const details = request.scopes.map((scope): Detail => {
    if (scope.kind === 'native') {
      return {
        label: 'Spend',
        value: {
          text: 'Up to {amount} ETH in all',
          params: { amount: formatEther(scope.allowance) },
        },
      }
    }
    if (scope.kind === 'erc20') {
      return {
        label: 'Send tokens',
        value: {
          text: 'Up to {amount} base units of {token}',
          params: { amount: scope.allowance.toString(), token: scope.token },
        },
        mono: true,
      }
    }
    return { label: 'Call', value: `${scope.target}: ${scope.selectors.join(', ')}`, mono: true }
  })
  details.push(
    {
      label: 'Until',
      value: { text: '{time}', params: { time: new Date(request.expiry * 1000) } },
    },
    { label: 'For', value: origin },
    {
      label: 'Without asking',
      value: { text: 'Calls inside these limits are sent without a card' },
    },
  )
  return details
}

/** What calls inside the scopes spend: ETH, and per token */
export interface Spent {
  native: bigint
  tokens: Record<string, bigint>
}

/** The spending after these calls; throws when a call is outside every scope or over its allowance */
export function spendWithin(scopes: Scope[], calls: BatchCall[], spent: Spent): Spent {
  const next: Spent = { native: spent.native, tokens: { ...spent.tokens } }
  for (const call of calls) {
    if (call.value > 0n) next.native += call.value
    const selector = call.data?.slice(0, 10).toLowerCase()
    const token = scopes.find(
      (s) => s.kind === 'erc20' && s.token.toLowerCase() === call.to.toLowerCase(),
    )
    if (token && call.data && selector === '0xa9059cbb') {
      const { args } = decodeFunctionData({ abi: erc20Abi, data: call.data })
      const key = call.to.toLowerCase()
      next.tokens[key] = (next.tokens[key] ?? 0n) + (args[1] as bigint)
      continue
    }
    if (!call.data) {
      if (call.value > 0n && scopes.some((s) => s.kind === 'native')) continue
      throw new FrameError(OUTSIDE_PERMISSION, UNAUTHORIZED)
    }
    const allowed = scopes.some(
      (s) =>
        s.kind === 'call' &&
        s.target.toLowerCase() === call.to.toLowerCase() &&
        s.selectors.some((sel) => sel.toLowerCase() === selector),
    )
    if (!allowed) throw new FrameError(OUTSIDE_PERMISSION, UNAUTHORIZED)
  }
  const native = scopes.find((s) => s.kind === 'native')
  if (next.native > (native?.kind === 'native' ? native.allowance : 0n)) {
    throw new FrameError(OUTSIDE_PERMISSION, UNAUTHORIZED)
  }
  for (const [token, amount] of Object.entries(next.tokens)) {
    const scope = scopes.find((s) => s.kind === 'erc20' && s.token.toLowerCase() === token)
    if (scope?.kind !== 'erc20' || amount > scope.allowance) {
      throw new FrameError(OUTSIDE_PERMISSION, UNAUTHORIZED)
    }
  }
  return next
}
