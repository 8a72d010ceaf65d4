// Parameters of /v1/convert/* (§7): tokens as CAIP-10 ids (the native coin is 0xeeee…eeee),
// amounts in base units, the trader's address.
import { z } from '@hono/zod-openapi'
import { type Address, maxUint256 } from 'viem'
import { SWAP_MAX_SLIPPAGE_PERCENT, SWAP_SLIPPAGE_PERCENT } from '../constants/swap.ts'
import { parseCaip10, parseEvmAddress } from '../routes/chainParams.ts'
import { singleValue } from '../routes/params.ts'

export interface TokenRef {
  chainId: number
  address: Address
}

export function tokenParam(description: string) {
  return singleValue()
    .transform((value, ctx): TokenRef => {
      const token = parseCaip10(value.trim())
      if (token) return token
      ctx.addIssue({ code: 'custom', message: 'must be a CAIP-10 id like eip155:31337:0x…' })
      return z.NEVER
    })
    .openapi({
      type: 'string',
      description,
      example: 'eip155:31337:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee',
    })
}

/** A whole number of base units, above 0 and at most 2^256 − 1 */
export function amountParam() {
  return z
    .string({ error: 'must be a string of digits' })
    .transform((value, ctx) => {
      const text = value.trim()
      const amount = /^\d{1,78}$/.test(text) ? BigInt(text) : undefined
      if (amount !== undefined && amount > 0n && amount <= maxUint256) return amount
      ctx.addIssue({
        code: 'custom',
        message: 'must be a whole number of base units above 0 (digits only)',
      })
      return z.NEVER
    })
    .openapi({
      type: 'string',
      description: 'In base units of the token sold',
      example: '1000000000000000000',
    })
}

export function userAddressParam() {
  return z
    .string({ error: 'must be a string' })
    .transform((value, ctx) => {
      const address = parseEvmAddress(value.trim())
      if (address && value.trim().startsWith('0x')) return address
      ctx.addIssue({ code: 'custom', message: 'must be an EVM address (0x and 40 hex digits)' })
      return z.NEVER
    })
    .openapi({ type: 'string', example: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' })
}

/** build-transaction's `eip155.slippage`, percent; §9's 1 when absent */
export const SlippageBody = z
  .object({
    slippage: z
      .union([z.number(), z.string()], { error: 'must be a number of percent' })
      .transform((value, ctx) => {
        const percent = typeof value === 'number' ? value : Number(value.trim())
        if (
          Number.isFinite(percent) &&
          percent >= 0 &&
          percent <= SWAP_MAX_SLIPPAGE_PERCENT &&
          (typeof value === 'number' || value.trim() !== '')
        ) {
          return percent
        }
        ctx.addIssue({
          code: 'custom',
          message: `must be a number of percent from 0 to ${SWAP_MAX_SLIPPAGE_PERCENT}`,
        })
        return z.NEVER
      })
      .optional(),
  })
  .optional()
  .transform((value) => value?.slippage ?? SWAP_SLIPPAGE_PERCENT)
