// Reading SPL Token (and Token-2022) accounts and mints from raw account data, and their amounts
// as Solana's RPC shows them (UiTokenAmount).
import type { ReadonlyUint8Array } from '@solana/kit'
import { getMintDecoder, getTokenDecoder } from '@solana-program/token'
import { TOKEN_2022_PROGRAM, TOKEN_PROGRAM } from './constants.ts'

/** spl-token: Mint::LEN 82, Account::LEN 165; Token-2022 puts an AccountType byte at 165 */
const MINT_SIZE = 82
const ACCOUNT_SIZE = 165
const ACCOUNT_TYPE_MINT = 1
const ACCOUNT_TYPE_ACCOUNT = 2
/** spl-token AccountState: 0 uninitialized, 1 initialized, 2 frozen */
const ACCOUNT_STATES = ['uninitialized', 'initialized', 'frozen'] as const

export interface TokenAccountState {
  mint: string
  owner: string
  amount: bigint
  delegate: string | null
  state: (typeof ACCOUNT_STATES)[number]
  /** The rent-exempt reserve of a wrapped-SOL account, else null */
  isNative: bigint | null
  delegatedAmount: bigint
  closeAuthority: string | null
}

export interface MintState {
  mintAuthority: string | null
  supply: bigint
  decimals: number
  isInitialized: boolean
  freezeAuthority: string | null
}

/** Solana's UiTokenAmount */
export interface UiTokenAmount {
  amount: string
  decimals: number
  uiAmount: number
  uiAmountString: string
}

export function isTokenProgram(owner: string): boolean {
  return owner === TOKEN_PROGRAM || owner === TOKEN_2022_PROGRAM
}

function accountType(data: ReadonlyUint8Array): 'mint' | 'account' | undefined {
  if (data.length === MINT_SIZE) return 'mint'
  if (data.length === ACCOUNT_SIZE) return 'account'
  if (data.length > ACCOUNT_SIZE) {
    if (data[ACCOUNT_SIZE] === ACCOUNT_TYPE_MINT) return 'mint'
    if (data[ACCOUNT_SIZE] === ACCOUNT_TYPE_ACCOUNT) return 'account'
  }
  return undefined
}

function optional<T>(option: { __option: 'Some'; value: T } | { __option: 'None' }): T | null {
  return option.__option === 'Some' ? option.value : null
}

/** An initialized token account's fields, or undefined when the data is not one. */
export function readTokenAccount(
  owner: string,
  data: ReadonlyUint8Array,
): TokenAccountState | undefined {
  if (!isTokenProgram(owner) || accountType(data) !== 'account') return undefined
  const token = getTokenDecoder().decode(data.subarray(0, ACCOUNT_SIZE))
  const state = ACCOUNT_STATES[token.state] ?? 'uninitialized'
  if (state === 'uninitialized') return undefined
  return {
    mint: token.mint,
    owner: token.owner,
    amount: token.amount,
    delegate: optional(token.delegate),
    state,
    isNative: optional(token.isNative),
    delegatedAmount: token.delegatedAmount,
    closeAuthority: optional(token.closeAuthority),
  }
}

/** An initialized mint's fields, or undefined when the data is not one. */
export function readMint(owner: string, data: ReadonlyUint8Array): MintState | undefined {
  if (!isTokenProgram(owner) || accountType(data) !== 'mint') return undefined
  const mint = getMintDecoder().decode(data.subarray(0, MINT_SIZE))
  if (!mint.isInitialized) return undefined
  return {
    mintAuthority: optional(mint.mintAuthority),
    supply: mint.supply,
    decimals: mint.decimals,
    isInitialized: mint.isInitialized,
    freezeAuthority: optional(mint.freezeAuthority),
  }
}

/** Agave's real_number_string_trimmed: "1000", "0.5", "0" */
export function decimalString(amount: bigint, decimals: number): string {
  const digits = amount.toString().padStart(decimals + 1, '0')
  const whole = digits.slice(0, digits.length - decimals)
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '')
  return fraction ? `${whole}.${fraction}` : whole
}

export function uiTokenAmount(amount: bigint, decimals: number): UiTokenAmount {
  const uiAmountString = decimalString(amount, decimals)
  return { amount: amount.toString(), decimals, uiAmount: Number(uiAmountString), uiAmountString }
}
