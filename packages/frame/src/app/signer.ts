// The unsafe EVM RPC methods the frame implements (§6): each request is checked and described
// before the visitor sees it, and run only after the visitor approved it. personal_sign,
// eth_signTypedData_v4 and eth_sendTransaction (the Solana ones: solana.ts); the other unsafe
// methods are refused as not implemented (prepareSigning), before any card.
import {
  createClient,
  defineChain,
  formatEther,
  type Hex,
  hashTypedData,
  hexToBigInt,
  http,
  type TypedDataDefinition,
  validateTypedData,
} from 'viem'
import { getChainId, prepareTransactionRequest, sendRawTransaction } from 'viem/actions'
import * as z from 'zod/mini'
import { FrameError } from '../frameError.ts'
import { HTTP_TIMEOUT_MS } from './config.ts'
import {
  chainPhrase,
  type Detail,
  dataPhrase,
  type PrepareContext,
  type SigningRequest,
} from './signingRequest.ts'
import { decodeMessageText, shorten, showJson, visible } from './signingText.ts'

/** EIP-1193 / EIP-1474 codes */
export const INVALID_PARAMS = -32602
export const UNAUTHORIZED = 4100

export const WRONG_ACCOUNT = 'The requested account is not the connected account'
export const ABORTED = 'Request was aborted'

const addressSchema = z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/))
const hexData = z.string().check(z.regex(/^0x([0-9a-fA-F]{2})*$/))
const quantity = z.string().check(z.regex(/^0x[0-9a-fA-F]{1,64}$/))

const invalid = (what: string) => new FrameError(`Invalid ${what}`, INVALID_PARAMS)

function sameAddress(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase()
}

function requireAccount(requested: unknown, address: string) {
  if (!addressSchema.safeParse(requested).success) throw invalid('address parameter')
  if (!sameAddress(requested as string, address)) throw new FrameError(WRONG_ACCOUNT, UNAUTHORIZED)
}

function isHexMessage(message: string): message is Hex {
  return /^0x([0-9a-fA-F]{2})*$/.test(message)
}

function personalSign(params: unknown, { address }: PrepareContext): SigningRequest {
  if (!Array.isArray(params) || typeof params[0] !== 'string') throw invalid('message')
  const message = params[0]
  requireAccount(params[1], address)
  const text = isHexMessage(message) ? decodeMessageText(message) : visible(message)
  return {
    method: 'personal_sign',
    title: 'Sign message',
    action: 'sign a message',
    details: [
      {
        label: text === undefined ? 'Message (hex)' : 'Message',
        value: shorten(text ?? message),
        block: true,
        mono: text === undefined,
      },
      { label: 'Account', value: address, mono: true },
    ],
    run: ({ account }) =>
      account.signMessage({ message: isHexMessage(message) ? { raw: message } : message }),
  }
}

const TypedData = z.object({
  types: z.record(z.string(), z.array(z.object({ name: z.string(), type: z.string() }))),
  primaryType: z.string(),
  domain: z.optional(z.record(z.string(), z.unknown())),
  message: z.record(z.string(), z.unknown()),
})

function domainChainId(value: unknown): bigint | undefined {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return BigInt(value)
  if (typeof value === 'bigint') return value
  if (typeof value === 'string' && /^(0x[0-9a-fA-F]+|[0-9]+)$/.test(value)) return BigInt(value)
  return undefined
}

function signTypedData(params: unknown, { address, chainId }: PrepareContext): SigningRequest {
  if (!Array.isArray(params)) throw invalid('typed data')
  requireAccount(params[0], address)
  let raw: unknown = params[1]
  if (typeof raw === 'string') {
    try {
      raw = JSON.parse(raw)
    } catch {
      throw invalid('typed data')
    }
  }
  const parsed = TypedData.safeParse(raw)
  if (!parsed.success) throw invalid('typed data')
  const { types, primaryType, domain = {}, message } = parsed.data
  if (domain.chainId !== undefined) {
    const requested = domainChainId(domain.chainId)
    if (requested !== BigInt(chainId)) {
      throw new FrameError(
        `Provided chainId "${String(domain.chainId).slice(0, 80)}" must match the active chainId "${chainId}"`,
        INVALID_PARAMS,
      )
    }
  }
  const definition = { types, primaryType, domain, message } as unknown as TypedDataDefinition
  try {
    validateTypedData(definition)
    hashTypedData(definition)
  } catch (error) {
    const reason = error instanceof Error ? (error.message.split('\n')[0] ?? '') : ''
    throw new FrameError(`Invalid typed data: ${reason}`.slice(0, 300), INVALID_PARAMS)
  }
  const details: Detail[] = []
  const name = typeof domain.name === 'string' ? domain.name : undefined
  const version = typeof domain.version === 'string' ? domain.version : undefined
  if (name) details.push({ label: 'Domain', value: visible(version ? `${name} ${version}` : name) })
  if (typeof domain.verifyingContract === 'string') {
    details.push({ label: 'Contract', value: domain.verifyingContract, mono: true })
  }
  if (domain.chainId !== undefined) details.push({ label: 'Network', value: chainPhrase(chainId) })
  details.push({ label: 'Type', value: visible(primaryType) })
  details.push({
    label: 'Message',
    value: shorten(visible(showJson(message))),
    block: true,
    mono: true,
  })
  details.push({ label: 'Account', value: address, mono: true })
  return {
    method: 'eth_signTypedData_v4',
    title: 'Sign typed data',
    action: 'sign typed data',
    details,
    run: ({ account }) => account.signTypedData(definition),
  }
}

const Transaction = z.object({
  from: z.optional(addressSchema),
  to: z.optional(z.nullable(addressSchema)),
  value: z.optional(quantity),
  data: z.optional(hexData),
  input: z.optional(hexData),
  gas: z.optional(quantity),
  gasPrice: z.optional(quantity),
  maxFeePerGas: z.optional(quantity),
  maxPriorityFeePerGas: z.optional(quantity),
  nonce: z.optional(quantity),
  chainId: z.optional(quantity),
})

function sendTransaction(
  params: unknown,
  { address, chainId, rpcUrl }: PrepareContext,
): SigningRequest {
  if (!Array.isArray(params)) throw invalid('transaction')
  const parsed = Transaction.safeParse(params[0])
  if (!parsed.success) throw invalid('transaction')
  const tx = parsed.data
  if (tx.from !== undefined && !sameAddress(tx.from, address)) {
    throw new FrameError(WRONG_ACCOUNT, UNAUTHORIZED)
  }
  if (tx.chainId !== undefined && hexToBigInt(tx.chainId as Hex) !== BigInt(chainId)) {
    throw new FrameError(
      `The transaction is for another chain than chain ${chainId}`,
      INVALID_PARAMS,
    )
  }
  if (tx.gasPrice !== undefined && tx.maxFeePerGas !== undefined) throw invalid('transaction fees')
  if (!rpcUrl) throw new FrameError(`No RPC URL for chain ${chainId}`)
  const data = (tx.data ?? tx.input) as Hex | undefined
  // Empty data ('0x') is no data: without a receiver it would deploy an empty contract.
  if (!tx.to && (data ?? '0x') === '0x') throw invalid('transaction: no receiver and no data')
  const value = tx.value ? hexToBigInt(tx.value as Hex) : 0n
  const details: Detail[] = [
    tx.to
      ? { label: 'To', value: tx.to, mono: true }
      : { label: 'To', value: { text: 'New contract (deployment)' } },
    { label: 'Value', value: `${formatEther(value)} ETH` },
    { label: 'Data', value: dataPhrase(data) },
    { label: 'Network', value: chainPhrase(chainId) },
    { label: 'From', value: address, mono: true },
  ]
  return {
    method: 'eth_sendTransaction',
    title: 'Send transaction',
    action: 'send a transaction',
    details,
    async run({ account, signal }) {
      const chain = defineChain({
        id: chainId,
        name: `Chain ${chainId}`,
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        rpcUrls: { default: { http: [rpcUrl] } },
      })
      // A bare client and the three actions used: createWalletClient would bring every wallet
      // and public action (contract writes, ABI coding, ...) into the frame's bundle.
      const client = createClient({
        account,
        chain,
        transport: http(rpcUrl, { timeout: HTTP_TIMEOUT_MS, retryCount: 1 }),
      })
      const remote = await getChainId(client)
      if (remote !== chainId) {
        throw new FrameError(`The RPC endpoint is on chain ${remote}, not chain ${chainId}`)
      }
      const fees =
        tx.gasPrice !== undefined
          ? { gasPrice: hexToBigInt(tx.gasPrice as Hex) }
          : {
              ...(tx.maxFeePerGas && { maxFeePerGas: hexToBigInt(tx.maxFeePerGas as Hex) }),
              ...(tx.maxPriorityFeePerGas && {
                maxPriorityFeePerGas: hexToBigInt(tx.maxPriorityFeePerGas as Hex),
              }),
            }
      const request = await prepareTransactionRequest(client, {
        account,
        chain,
        ...(tx.to && { to: tx.to as Hex }),
        value,
        ...(data && { data }),
        ...(tx.gas && { gas: hexToBigInt(tx.gas as Hex) }),
        ...(tx.nonce && { nonce: Number(hexToBigInt(tx.nonce as Hex)) }),
        ...fees,
      } as Parameters<typeof prepareTransactionRequest>[1])
      if (signal.aborted) throw new FrameError(ABORTED)
      const serializedTransaction = await account.signTransaction(
        request as Parameters<typeof account.signTransaction>[0],
      )
      // The last point where an abort still keeps the transaction off the chain.
      if (signal.aborted) throw new FrameError(ABORTED)
      return sendRawTransaction(client, { serializedTransaction })
    },
  }
}

/** Checks and describes an unsafe request; throws FrameError before anything is shown. */
export function prepareSigning(
  method: string,
  params: unknown,
  context: PrepareContext,
): SigningRequest {
  switch (method) {
    case 'personal_sign':
      return personalSign(params, context)
    case 'eth_signTypedData_v4':
      return signTypedData(params, context)
    case 'eth_sendTransaction':
      return sendTransaction(params, context)
    default:
      throw new FrameError(`not implemented: ${method}`)
  }
}
