// Parameters of the blockchain data API (§7): addresses, CAIP-2 chain ids, cursors.
import { z } from '@hono/zod-openapi'
import { type Address, getAddress } from 'viem'
import { parseCaip2 } from '../chain/config'
import type { HistoryPosition } from '../db/transfers'
import { singleValue } from './params'

const EVM_ADDRESS = /^(0x)?[0-9a-fA-F]{40}$/

/** §5 EVM address: 40 hex digits, optional 0x prefix; answered checksummed. */
export function parseEvmAddress(value: string): Address | undefined {
  if (!EVM_ADDRESS.test(value)) return undefined
  return getAddress(`0x${value.slice(-40).toLowerCase()}`)
}

export function addressParam(name: string) {
  return z
    .string()
    .transform((value, ctx) => {
      const address = parseEvmAddress(value)
      if (address) return address
      ctx.addIssue({ code: 'custom', message: 'must be an EVM address (0x and 40 hex digits)' })
      return z.NEVER
    })
    .openapi({
      param: { name, in: 'path' },
      type: 'string',
      example: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
    })
}

/** A CAIP-2 id of an EVM chain (eip155:<id>), as its number; whether we serve it is checked later. */
export function caip2Param() {
  return singleValue()
    .transform((value, ctx) => {
      const chainId = parseCaip2(value.trim())
      if (chainId !== undefined) return chainId
      ctx.addIssue({ code: 'custom', message: 'must be a CAIP-2 id like eip155:31337' })
      return z.NEVER
    })
    .openapi({ type: 'string', example: 'eip155:31337' })
}

/** Cursors are opaque: base64url of "<block>.<txIndex>" of the last transaction given. */
export function encodeCursor(position: HistoryPosition): string {
  return Buffer.from(`${position.block}.${position.txIndex}`).toString('base64url')
}

export function decodeCursor(cursor: string): HistoryPosition | undefined {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(cursor)) return undefined
  const match = /^(\d{1,10})\.(\d{1,10})$/.exec(Buffer.from(cursor, 'base64url').toString())
  if (!match) return undefined
  const position = { block: Number(match[1]), txIndex: Number(match[2]) }
  // One spelling per position, and only positions a page can end at.
  if (encodeCursor(position) !== cursor || position.block > 2 ** 31 - 1) return undefined
  if (position.txIndex > 2 ** 31 - 1) return undefined
  return position
}

export function cursorParam() {
  return singleValue()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === '') return undefined
      const position = decodeCursor(value)
      if (position) return position
      ctx.addIssue({ code: 'custom', message: 'is not a cursor given by this API' })
      return z.NEVER
    })
    .openapi({ type: 'string', description: 'The `next` of the previous page' })
}

/** A CAIP-10 id: eip155:<chainId>:<address>. */
export function parseCaip10(value: string): { chainId: number; address: Address } | undefined {
  const at = value.lastIndexOf(':')
  if (at < 0) return undefined
  const chainId = parseCaip2(value.slice(0, at))
  const address = parseEvmAddress(value.slice(at + 1))
  if (chainId === undefined || !address || !value.slice(at + 1).startsWith('0x')) return undefined
  return { chainId, address }
}
