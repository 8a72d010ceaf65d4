// Transaction methods: send, simulate, statuses, history, airdrops.
import { getBase58Encoder, getBase64Encoder } from '@solana/kit'
import { ACCOUNT_ENCODINGS, uiAccount } from './account-encoding.ts'
import { MAX_SIGNATURE_STATUSES, MAX_SIGNATURES_FOR_ADDRESS, RPC_ERROR_CODES } from './constants.ts'
import {
  commitment,
  oneOf,
  optionalBoolean,
  pubkey,
  readConfig,
  required,
  signature,
  u64,
  usize,
} from './params.ts'
import type { TransactionRecord } from './records.ts'
import { invalidParams, RpcError } from './rpc-error.ts'
import { type RpcMethod, withContext } from './rpc-method.ts'
import {
  instructionJson,
  returnDataJson,
  TRANSACTION_ENCODINGS,
  transactionJson,
} from './transaction-json.ts'

/** solana-packet PACKET_DATA_SIZE: the largest wire transaction */
const PACKET_DATA_SIZE = 1232
const WIRE_ENCODINGS = ['base58', 'base64'] as const

/** A wire transaction from its text; Agave's decode_and_deserialize (sizes, encodings). */
function wireOf(value: unknown, encoding: (typeof WIRE_ENCODINGS)[number]): Uint8Array {
  if (typeof value !== 'string') throw invalidParams("'transaction' must be an encoded string")
  let bytes: Uint8Array
  try {
    bytes = new Uint8Array(
      encoding === 'base64' ? getBase64Encoder().encode(value) : getBase58Encoder().encode(value),
    )
  } catch {
    throw invalidParams(`invalid ${encoding} encoding of the transaction`)
  }
  if (bytes.length > PACKET_DATA_SIZE) {
    throw invalidParams(
      `decoded transaction too large: ${bytes.length} bytes (max: ${PACKET_DATA_SIZE} bytes)`,
    )
  }
  return bytes
}

const sendTransaction: RpcMethod = (params, node) => {
  const raw = required(params, 0, 'transaction')
  const cfg = readConfig(params[1], node.ledger.slot)
  const encoding = oneOf(cfg, 'encoding', WIRE_ENCODINGS, 'base58')
  const skipPreflight = optionalBoolean(cfg, 'skipPreflight') ?? false
  if (cfg.preflightCommitment !== undefined) {
    commitment({ commitment: cfg.preflightCommitment })
  }
  return node.ledger.send(wireOf(raw, encoding), { skipPreflight })
}

const simulateTransaction: RpcMethod = (params, node) => {
  const raw = required(params, 0, 'transaction')
  const cfg = readConfig(params[1], node.ledger.slot)
  const encoding = oneOf(cfg, 'encoding', WIRE_ENCODINGS, 'base58')
  const sigVerify = optionalBoolean(cfg, 'sigVerify') ?? false
  const replaceRecentBlockhash = optionalBoolean(cfg, 'replaceRecentBlockhash') ?? false
  if (sigVerify && replaceRecentBlockhash) {
    throw invalidParams('sigVerify may not be used with replaceRecentBlockhash')
  }
  const wantInner = optionalBoolean(cfg, 'innerInstructions') ?? false
  const accountsCfg = (cfg.accounts ?? null) as Record<string, unknown> | null
  const accountAddresses =
    accountsCfg === null
      ? null
      : Array.isArray(accountsCfg.addresses)
        ? accountsCfg.addresses.map((item, index) => pubkey(item, `accounts.addresses[${index}]`))
        : (() => {
            throw invalidParams("'accounts.addresses' must be an array of base58 public keys")
          })()
  const accountEncoding = accountsCfg
    ? oneOf(accountsCfg, 'encoding', ACCOUNT_ENCODINGS, 'base64')
    : 'base64'

  const result = node.ledger.simulate(wireOf(raw, encoding), { sigVerify, replaceRecentBlockhash })
  const mintDecimals = (mint: string) => node.ledger.mintDecimals(mint)
  return withContext(node, {
    err: result.err,
    logs: result.logs,
    accounts:
      accountAddresses?.map((address) => {
        const account = result.postAccounts.get(address) ?? node.ledger.account(address)
        return account ? uiAccount(account, accountEncoding, undefined, mintDecimals) : null
      }) ?? null,
    unitsConsumed: result.unitsConsumed,
    returnData: returnDataJson(result.returnData),
    innerInstructions: wantInner
      ? result.innerInstructions.map((group) => ({
          index: group.index,
          instructions: group.instructions.map(instructionJson),
        }))
      : null,
    replacementBlockhash: result.replacementBlockhash,
  })
}

function statusOf(record: TransactionRecord) {
  return {
    slot: record.slot,
    // null: rooted. One in-process node has nothing to wait for, so every landed transaction is
    // final at once.
    confirmations: null,
    err: record.err,
    status: record.err === null ? { Ok: null } : { Err: record.err },
    confirmationStatus: 'finalized',
  }
}

const getSignatureStatuses: RpcMethod = (params, node) => {
  const list = required(params, 0, 'signatures')
  if (!Array.isArray(list)) throw invalidParams("'signatures' must be an array")
  if (list.length > MAX_SIGNATURE_STATUSES) {
    throw invalidParams(`Too many inputs provided; max ${MAX_SIGNATURE_STATUSES}`)
  }
  const signatures = list.map((item, index) => signature(item, `signatures[${index}]`))
  readConfig(params[1], node.ledger.slot)
  return withContext(
    node,
    signatures.map((item) => {
      const record = node.ledger.records.get(item)
      return record ? statusOf(record) : null
    }),
  )
}

const getTransaction: RpcMethod = (params, node) => {
  const wanted = signature(required(params, 0, 'signature'))
  // The second param may also be the encoding alone (Agave's legacy form).
  const cfg =
    typeof params[1] === 'string'
      ? { encoding: params[1] }
      : readConfig(params[1], node.ledger.slot)
  if (commitment(cfg) === 'processed') {
    throw invalidParams('Method does not support commitment below `confirmed`')
  }
  const encoding = oneOf(cfg, 'encoding', TRANSACTION_ENCODINGS, 'json')
  const maxVersion =
    cfg.maxSupportedTransactionVersion === undefined || cfg.maxSupportedTransactionVersion === null
      ? undefined
      : usize(cfg.maxSupportedTransactionVersion, 'maxSupportedTransactionVersion')
  const record = node.ledger.records.get(wanted)
  if (!record) return null
  if (record.version === 0 && maxVersion === undefined) {
    throw new RpcError(
      RPC_ERROR_CODES.unsupportedTransactionVersion,
      'Transaction version (0) is not supported by the requesting client. Please try the request again with the following configuration parameter: "maxSupportedTransactionVersion": 0',
    )
  }
  return transactionJson(record, encoding, maxVersion !== undefined)
}

const getSignaturesForAddress: RpcMethod = (params, node) => {
  const address = pubkey(required(params, 0, 'address'), 'address')
  const cfg = readConfig(params[1], node.ledger.slot)
  const limit =
    cfg.limit === undefined || cfg.limit === null
      ? MAX_SIGNATURES_FOR_ADDRESS
      : usize(cfg.limit, 'limit')
  if (limit < 1 || limit > MAX_SIGNATURES_FOR_ADDRESS) {
    throw invalidParams(`Invalid limit; max ${MAX_SIGNATURES_FOR_ADDRESS}`)
  }
  const before =
    cfg.before === undefined || cfg.before === null ? undefined : signature(cfg.before, 'before')
  const until =
    cfg.until === undefined || cfg.until === null ? undefined : signature(cfg.until, 'until')
  return node.ledger.records
    .forAddress(address, { limit, ...(before && { before }), ...(until && { until }) })
    .map((record) => ({
      signature: record.signature,
      slot: record.slot,
      err: record.err,
      // Memo program texts are not extracted.
      memo: null,
      blockTime: record.blockTime,
      confirmationStatus: 'finalized',
    }))
}

const requestAirdrop: RpcMethod = (params, node) => {
  const to = pubkey(required(params, 0, 'pubkey'), 'pubkey')
  const lamports = u64(required(params, 1, 'lamports'), 'lamports')
  readConfig(params[2], node.ledger.slot)
  if (lamports === 0n) throw invalidParams("'lamports' must be more than 0")
  return node.ledger.airdrop(node.faucet, to, lamports)
}

export const transactionMethods: Record<string, RpcMethod> = {
  sendTransaction,
  simulateTransaction,
  getSignatureStatuses,
  getTransaction,
  getSignaturesForAddress,
  requestAirdrop,
}
