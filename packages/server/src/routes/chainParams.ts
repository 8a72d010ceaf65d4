// Parameters of the blockchain data API (§7): addresses, CAIP-2 chain ids, cursors.
import { z } from '@hono/zod-openapi'
import { type Address, getAddress } from 'viem'
import { isSolanaAddress, isSolanaSignature } from '../chain/base58.ts'
import {
  BITCOIN_NETWORK_LIST,
  bitcoinAddressReason,
  isBip122Caip2,
  isBitcoinAddress,
} from '../chain/bitcoinNetworks.ts'
import { parseCaip2 } from '../chain/config.ts'
import { isSolanaCaip2 } from '../chain/solanaConfig.ts'
import type { HistoryPosition } from '../db/transfers.ts'
import { singleValue } from './params.ts'

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

// ---- Solana as well (balance and history serve both namespaces), and Bitcoin for them ----

const EVM_ADDRESS_REASON = 'must be an EVM address (0x and 40 hex digits)'
const SOLANA_ADDRESS_REASON = 'must be a Solana address (base58, 32 bytes)'
const ANY_ADDRESS_REASON = `${EVM_ADDRESS_REASON} or a Solana address (base58, 32 bytes)`

/** Why an address does not fit a chain of `namespace` */
export function addressReason(namespace: 'eip155' | 'solana'): string {
  return namespace === 'solana' ? SOLANA_ADDRESS_REASON : EVM_ADDRESS_REASON
}

/** Why an address does not fit the data API's chain `chain` */
export function chainAddressReason(chain: DataChainRef): string {
  return chain.namespace === 'bip122'
    ? bitcoinAddressReason(chain.caip2)
    : addressReason(chain.namespace)
}

export type AccountAddress =
  | { namespace: 'eip155'; address: Address }
  | { namespace: 'solana'; address: string }

/** Of the data API: a Bitcoin address too, of any known network (its chain's is checked later) */
export type DataAccountAddress = AccountAddress | { namespace: 'bip122'; address: string }

function evmOrSolanaAccount(value: string): AccountAddress | undefined {
  const evm = parseEvmAddress(value)
  if (evm) return { namespace: 'eip155', address: evm }
  if (isSolanaAddress(value)) return { namespace: 'solana', address: value }
  return undefined
}

function dataAccount(value: string): DataAccountAddress | undefined {
  const account = evmOrSolanaAccount(value)
  if (account) return account
  return isBitcoinAddress(value) ? { namespace: 'bip122', address: value } : undefined
}

/** A path parameter `parse` reads, refused with `message` when it answers undefined */
function pathParam<T>(name: string, parse: (value: string) => T | undefined, message: string) {
  return z
    .string()
    .transform((value, ctx): T => {
      const parsed = parse(value)
      if (parsed !== undefined) return parsed
      ctx.addIssue({ code: 'custom', message })
      return z.NEVER
    })
    .openapi({
      param: { name, in: 'path' },
      type: 'string',
      example: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
    })
}

/** An EVM, Solana or Bitcoin address (bech32/bech32m or base58check, of a known network). */
export function dataAccountAddressParam(name: string) {
  return pathParam(
    name,
    dataAccount,
    `${ANY_ADDRESS_REASON}, or a Bitcoin address (bech32 or base58)`,
  )
}

export type ChainRef =
  | { namespace: 'eip155'; chainId: number; caip2: string }
  | { namespace: 'solana'; caip2: string }

export type DataChainRef = ChainRef | { namespace: 'bip122'; caip2: string }

function evmOrSolanaChain(value: string): ChainRef | undefined {
  const chainId = parseCaip2(value)
  if (chainId !== undefined) return { namespace: 'eip155', chainId, caip2: value }
  if (isSolanaCaip2(value)) return { namespace: 'solana', caip2: value }
  return undefined
}

function dataChain(value: string): DataChainRef | undefined {
  const chain = evmOrSolanaChain(value)
  if (chain) return chain
  return isBip122Caip2(value) ? { namespace: 'bip122', caip2: value } : undefined
}

/** A query parameter `parse` reads (trimmed), refused with `message` when it answers undefined */
export function queryParam<T>(parse: (value: string) => T | undefined, message: string) {
  return singleValue().transform((raw, ctx): T => {
    const parsed = parse(raw.trim())
    if (parsed !== undefined) return parsed
    ctx.addIssue({ code: 'custom', message })
    return z.NEVER
  })
}

/** The data API's chain: an EVM or Solana one, or a Bitcoin network (bip122:<reference>). */
export function dataChainRefParam() {
  return queryParam(
    dataChain,
    'must be a CAIP-2 id like eip155:31337, solana:<32 base58 characters> or bip122:<32 hex digits>',
  ).openapi({
    type: 'string',
    example: 'eip155:31337',
    description: `eip155:<chain id>, solana:<genesis reference> or bip122:<genesis reference> (${BITCOIN_NETWORK_LIST}); only the configured ones are served`,
  })
}

export type HistoryCursor =
  | { namespace: 'eip155'; position: HistoryPosition }
  | { namespace: 'solana'; signature: string }
  | { namespace: 'bip122'; txid: string }

const TXID = /^[0-9a-f]{64}$/

/** EVM pages end at a (block, tx index); Solana pages at a transaction signature, Bitcoin's at a txid. */
export function historyCursorParam() {
  return singleValue()
    .optional()
    .transform((value, ctx): HistoryCursor | undefined => {
      if (value === undefined || value === '') return undefined
      const position = decodeCursor(value)
      if (position) return { namespace: 'eip155', position }
      if (isSolanaSignature(value)) return { namespace: 'solana', signature: value }
      if (TXID.test(value)) return { namespace: 'bip122', txid: value }
      ctx.addIssue({ code: 'custom', message: 'is not a cursor given by this API' })
      return z.NEVER
    })
    .openapi({ type: 'string', description: 'The `next` of the previous page' })
}
