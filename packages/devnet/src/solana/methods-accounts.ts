// Account methods: balances, account data, program accounts and SPL token accounts.
import {
  type EncodedAccount,
  getBase58Encoder,
  getBase64Encoder,
  address as toAddress,
} from '@solana/kit'
import {
  ACCOUNT_ENCODINGS,
  type AccountEncoding,
  type DataSlice,
  uiAccount,
} from './account-encoding.ts'
import { MAX_MULTIPLE_ACCOUNTS } from './constants.ts'
import { type Config, oneOf, pubkey, readConfig, required, usize } from './params.ts'
import { invalidParam, invalidParams } from './rpc-error.ts'
import { type NodeContext, type RpcMethod, withContext } from './rpc-method.ts'
import { isTokenProgram, readMint, readTokenAccount, uiTokenAmount } from './spl-token.ts'

function encodingOf(cfg: Config, fallback: AccountEncoding): AccountEncoding {
  return oneOf(cfg, 'encoding', ACCOUNT_ENCODINGS, fallback)
}

function dataSliceOf(cfg: Config): DataSlice | undefined {
  const slice = cfg.dataSlice
  if (slice === undefined || slice === null) return undefined
  if (typeof slice !== 'object') throw invalidParams("'dataSlice' must be { offset, length }")
  const { offset, length } = slice as Record<string, unknown>
  return { offset: usize(offset, 'dataSlice.offset'), length: usize(length, 'dataSlice.length') }
}

function encode(
  node: NodeContext,
  account: EncodedAccount,
  cfg: Config,
  fallback: AccountEncoding,
) {
  return uiAccount(account, encodingOf(cfg, fallback), dataSliceOf(cfg), (mint) =>
    node.ledger.mintDecimals(mint),
  )
}

const getBalance: RpcMethod = (params, node) => {
  const address = pubkey(required(params, 0, 'pubkey'), 'pubkey')
  readConfig(params[1], node.ledger.slot)
  return withContext(node, node.ledger.balance(address))
}

const getAccountInfo: RpcMethod = (params, node) => {
  const address = pubkey(required(params, 0, 'pubkey'), 'pubkey')
  const cfg = readConfig(params[1], node.ledger.slot)
  const account = node.ledger.account(address)
  return withContext(node, account ? encode(node, account, cfg, 'binary') : null)
}

const getMultipleAccounts: RpcMethod = (params, node) => {
  const list = required(params, 0, 'pubkeys')
  if (!Array.isArray(list)) throw invalidParams("'pubkeys' must be an array of base58 public keys")
  if (list.length > MAX_MULTIPLE_ACCOUNTS) {
    throw invalidParams(`Too many inputs provided; max ${MAX_MULTIPLE_ACCOUNTS}`)
  }
  const addresses = list.map((item, index) => pubkey(item, `pubkeys[${index}]`))
  const cfg = readConfig(params[1], node.ledger.slot)
  return withContext(
    node,
    addresses.map((address) => {
      const account = node.ledger.account(address)
      return account ? encode(node, account, cfg, 'base64') : null
    }),
  )
}

type Filter = (account: EncodedAccount) => boolean

function bytesOf(value: unknown, encoding: unknown, name: string): Uint8Array {
  if (typeof value !== 'string') throw invalidParams(`'${name}' must be a string`)
  try {
    return new Uint8Array(
      encoding === 'base64' ? getBase64Encoder().encode(value) : getBase58Encoder().encode(value),
    )
  } catch {
    throw invalidParams(`'${name}' is not valid ${encoding === 'base64' ? 'base64' : 'base58'}`)
  }
}

function filterOf(value: unknown, index: number): Filter {
  const filter = (value ?? {}) as Record<string, unknown>
  if ('dataSize' in filter) {
    const size = usize(filter.dataSize, `filters[${index}].dataSize`)
    return (account) => account.data.length === size
  }
  if ('memcmp' in filter && typeof filter.memcmp === 'object' && filter.memcmp !== null) {
    const memcmp = filter.memcmp as Record<string, unknown>
    const offset = usize(memcmp.offset, `filters[${index}].memcmp.offset`)
    const bytes = bytesOf(memcmp.bytes, memcmp.encoding, `filters[${index}].memcmp.bytes`)
    return (account) => {
      const slice = account.data.subarray(offset, offset + bytes.length)
      return slice.length === bytes.length && slice.every((byte, i) => byte === bytes[i])
    }
  }
  throw invalidParams(`filters[${index}] must be { dataSize } or { memcmp: { offset, bytes } }`)
}

const getProgramAccounts: RpcMethod = (params, node) => {
  const program = pubkey(required(params, 0, 'programId'), 'programId')
  const cfg = readConfig(params[1], node.ledger.slot)
  const rawFilters = cfg.filters ?? []
  if (!Array.isArray(rawFilters)) throw invalidParams("'filters' must be an array")
  const filters = rawFilters.map(filterOf)
  const accounts = node.ledger.svm
    .getProgramAccounts(toAddress(program))
    .filter((account) => filters.every((matches) => matches(account)))
    .map((account) => ({ pubkey: account.address, account: encode(node, account, cfg, 'binary') }))
  return cfg.withContext === true ? withContext(node, accounts) : accounts
}

/** The token program and mint a getTokenAccountsBy* filter names. */
function tokenFilter(node: NodeContext, value: unknown): { program: string; mint?: string } {
  const filter = (value ?? {}) as Record<string, unknown>
  if (typeof filter.mint === 'string') {
    const mint = pubkey(filter.mint, 'mint')
    const account = node.ledger.account(mint)
    if (!account || !readMint(account.programAddress, account.data)) {
      throw invalidParam('could not find mint')
    }
    return { program: account.programAddress, mint }
  }
  if (typeof filter.programId === 'string') {
    const program = pubkey(filter.programId, 'programId')
    if (!isTokenProgram(program)) throw invalidParam('unrecognized Token program id')
    return { program }
  }
  throw invalidParams('the filter must be { mint: <base58> } or { programId: <base58> }')
}

const getTokenAccountsByOwner: RpcMethod = (params, node) => {
  const owner = pubkey(required(params, 0, 'owner'), 'owner')
  const { program, mint } = tokenFilter(node, required(params, 1, 'filter'))
  const cfg = readConfig(params[2], node.ledger.slot)
  const accounts = node.ledger.svm.getProgramAccounts(toAddress(program)).filter((account) => {
    const token = readTokenAccount(account.programAddress, account.data)
    return (
      token !== undefined && token.owner === owner && (mint === undefined || token.mint === mint)
    )
  })
  return withContext(
    node,
    accounts.map((account) => ({
      pubkey: account.address,
      account: encode(node, account, cfg, 'binary'),
    })),
  )
}

const getTokenAccountBalance: RpcMethod = (params, node) => {
  const address = pubkey(required(params, 0, 'pubkey'), 'pubkey')
  readConfig(params[1], node.ledger.slot)
  const account = node.ledger.account(address)
  if (!account) throw invalidParam('could not find account')
  const token = readTokenAccount(account.programAddress, account.data)
  const decimals = token && node.ledger.mintDecimals(token.mint)
  if (!token || decimals === undefined) throw invalidParam('not a Token account')
  return withContext(node, uiTokenAmount(token.amount, decimals))
}

const getTokenSupply: RpcMethod = (params, node) => {
  const address = pubkey(required(params, 0, 'mint'), 'mint')
  readConfig(params[1], node.ledger.slot)
  const account = node.ledger.account(address)
  const mint = account && readMint(account.programAddress, account.data)
  if (!mint) throw invalidParam('not a Token mint')
  return withContext(node, uiTokenAmount(mint.supply, mint.decimals))
}

export const accountMethods: Record<string, RpcMethod> = {
  getBalance,
  getAccountInfo,
  getMultipleAccounts,
  getProgramAccounts,
  getTokenAccountsByOwner,
  getTokenAccountBalance,
  getTokenSupply,
}
