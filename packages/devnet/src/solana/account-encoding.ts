// Accounts as Solana's RPC writes them (UiAccount): base58 / base64 data, or jsonParsed for SPL
// Token accounts and mints (like Agave's account-decoder), falling back to base64 otherwise.
import { type EncodedAccount, getBase58Decoder, getBase64Decoder } from '@solana/kit'
import { RENT_EXEMPT_RENT_EPOCH, TOKEN_2022_PROGRAM } from './constants.ts'
import { invalidParams } from './rpc-error.ts'
import { readMint, readTokenAccount, uiTokenAmount } from './spl-token.ts'

export const ACCOUNT_ENCODINGS = [
  'binary',
  'base58',
  'base64',
  'base64+zstd',
  'jsonParsed',
] as const
export type AccountEncoding = (typeof ACCOUNT_ENCODINGS)[number]

export interface DataSlice {
  offset: number
  length: number
}

/** account-decoder MAX_BASE58_BYTES: longer data must be asked for in base64 */
const MAX_BASE58_BYTES = 128

/** Looks up a mint's decimals (for a token account's amounts) */
export type MintDecimals = (mint: string) => number | undefined

export function uiAccount(
  account: EncodedAccount,
  encoding: AccountEncoding,
  dataSlice: DataSlice | undefined,
  mintDecimals: MintDecimals,
) {
  return {
    data: uiAccountData(account, encoding, dataSlice, mintDecimals),
    executable: account.executable,
    lamports: account.lamports,
    owner: account.programAddress,
    // Agave answers u64::MAX for every rent-exempt account; LiteSVM's JS API does not expose it.
    rentEpoch: RENT_EXEMPT_RENT_EPOCH,
    space: BigInt(account.data.length),
  }
}

function uiAccountData(
  account: EncodedAccount,
  encoding: AccountEncoding,
  dataSlice: DataSlice | undefined,
  mintDecimals: MintDecimals,
): unknown {
  if (encoding === 'jsonParsed') {
    const parsed = parsedTokenData(account, mintDecimals)
    if (parsed) return parsed
  }
  const data = dataSlice
    ? account.data.subarray(dataSlice.offset, dataSlice.offset + dataSlice.length)
    : account.data
  switch (encoding) {
    case 'binary':
    case 'base58':
      if (data.length > MAX_BASE58_BYTES) {
        throw invalidParams(
          `Encoded binary (base 58) data should be less than ${MAX_BASE58_BYTES} bytes, please use Base64 encoding.`,
        )
      }
      return encoding === 'binary'
        ? getBase58Decoder().decode(data)
        : [getBase58Decoder().decode(data), 'base58']
    case 'base64+zstd':
      // Node 20 has no zstd; Agave would compress here.
      throw invalidParams('base64+zstd encoding is not supported by this node, use base64')
    default:
      return [getBase64Decoder().decode(data), 'base64']
  }
}

function parsedTokenData(account: EncodedAccount, mintDecimals: MintDecimals) {
  const owner = account.programAddress
  const program = owner === TOKEN_2022_PROGRAM ? 'spl-token-2022' : 'spl-token'
  const space = BigInt(account.data.length)
  const token = readTokenAccount(owner, account.data)
  if (token) {
    const decimals = mintDecimals(token.mint)
    if (decimals === undefined) return undefined
    const info = {
      isNative: token.isNative !== null,
      mint: token.mint,
      owner: token.owner,
      state: token.state,
      tokenAmount: uiTokenAmount(token.amount, decimals),
      ...(token.delegate !== null && {
        delegate: token.delegate,
        delegatedAmount: uiTokenAmount(token.delegatedAmount, decimals),
      }),
      ...(token.isNative !== null && {
        rentExemptReserve: uiTokenAmount(token.isNative, decimals),
      }),
      ...(token.closeAuthority !== null && { closeAuthority: token.closeAuthority }),
    }
    return { parsed: { info, type: 'account' }, program, space }
  }
  const mint = readMint(owner, account.data)
  if (mint) {
    const info = {
      decimals: mint.decimals,
      freezeAuthority: mint.freezeAuthority,
      isInitialized: mint.isInitialized,
      mintAuthority: mint.mintAuthority,
      supply: mint.supply.toString(),
    }
    return { parsed: { info, type: 'mint' }, program, space }
  }
  return undefined
}
