// LiteSVM's transaction errors as Solana's RPC writes them: the serde JSON of Agave's
// TransactionError (`"BlockhashNotFound"`, `{ InstructionError: [0, { Custom: 1 }] }`, …) and its
// Display text ("Error processing Instruction 0: custom program error: 0x1").
import type { FailedTransactionMetadata } from 'litesvm'

/** Agave's TransactionError as JSON */
export type TransactionErrorJson = string | Record<string, unknown>

// Variant names in the order of LiteSVM's TransactionErrorFieldless / InstructionErrorFieldless
// (litesvm/dist/internal.d.ts: const enums, so they are numbers at runtime).
const TRANSACTION_ERRORS = [
  'AccountInUse',
  'AccountLoadedTwice',
  'AccountNotFound',
  'ProgramAccountNotFound',
  'InsufficientFundsForFee',
  'InvalidAccountForFee',
  'AlreadyProcessed',
  'BlockhashNotFound',
  'CallChainTooDeep',
  'MissingSignatureForFee',
  'InvalidAccountIndex',
  'SignatureFailure',
  'InvalidProgramForExecution',
  'SanitizeFailure',
  'ClusterMaintenance',
  'AccountBorrowOutstanding',
  'WouldExceedMaxBlockCostLimit',
  'UnsupportedVersion',
  'InvalidWritableAccount',
  'WouldExceedMaxAccountCostLimit',
  'WouldExceedAccountDataBlockLimit',
  'TooManyAccountLocks',
  'AddressLookupTableNotFound',
  'InvalidAddressLookupTableOwner',
  'InvalidAddressLookupTableData',
  'InvalidAddressLookupTableIndex',
  'InvalidRentPayingAccount',
  'WouldExceedMaxVoteCostLimit',
  'WouldExceedAccountDataTotalLimit',
  'MaxLoadedAccountsDataSizeExceeded',
  'ResanitizationNeeded',
  'InvalidLoadedAccountsDataSizeLimit',
  'UnbalancedTransaction',
  'ProgramCacheHitMaxLimit',
  'CommitCancelled',
] as const

const INSTRUCTION_ERRORS = [
  'GenericError',
  'InvalidArgument',
  'InvalidInstructionData',
  'InvalidAccountData',
  'AccountDataTooSmall',
  'InsufficientFunds',
  'IncorrectProgramId',
  'MissingRequiredSignature',
  'AccountAlreadyInitialized',
  'UninitializedAccount',
  'UnbalancedInstruction',
  'ModifiedProgramId',
  'ExternalAccountLamportSpend',
  'ExternalAccountDataModified',
  'ReadonlyLamportChange',
  'ReadonlyDataModified',
  'DuplicateAccountIndex',
  'ExecutableModified',
  'RentEpochModified',
  'NotEnoughAccountKeys',
  'AccountDataSizeChanged',
  'AccountNotExecutable',
  'AccountBorrowFailed',
  'AccountBorrowOutstanding',
  'DuplicateAccountOutOfSync',
  'InvalidError',
  'ExecutableDataModified',
  'ExecutableLamportChange',
  'ExecutableAccountNotRentExempt',
  'UnsupportedProgramId',
  'CallDepth',
  'MissingAccount',
  'ReentrancyNotAllowed',
  'MaxSeedLengthExceeded',
  'InvalidSeeds',
  'InvalidRealloc',
  'ComputationalBudgetExceeded',
  'PrivilegeEscalation',
  'ProgramEnvironmentSetupFailure',
  'ProgramFailedToComplete',
  'ProgramFailedToCompile',
  'Immutable',
  'IncorrectAuthority',
  'AccountNotRentExempt',
  'InvalidAccountOwner',
  'ArithmeticOverflow',
  'UnsupportedSysvar',
  'IllegalOwner',
  'MaxAccountsDataAllocationsExceeded',
  'MaxAccountsExceeded',
  'MaxInstructionTraceLengthExceeded',
  'BuiltinProgramsMustConsumeComputeUnits',
  'BorshIoError',
] as const

// Display texts of solana-transaction-error; variants missing here are spelled out from their name.
const TRANSACTION_ERROR_TEXTS: Readonly<Record<string, string>> = {
  AccountInUse: 'Account in use',
  AccountLoadedTwice: 'Account loaded twice',
  AccountNotFound: 'Attempt to debit an account but found no record of a prior credit.',
  ProgramAccountNotFound: 'Attempt to load a program that does not exist',
  InsufficientFundsForFee: 'Insufficient funds for fee',
  InvalidAccountForFee: 'This account may not be used to pay transaction fees',
  AlreadyProcessed: 'This transaction has already been processed',
  BlockhashNotFound: 'Blockhash not found',
  MissingSignatureForFee: 'Transaction requires a fee but has no signature present',
  InvalidAccountIndex: 'Transaction contains an invalid account reference',
  SignatureFailure: 'Transaction did not pass signature verification',
  InvalidProgramForExecution: 'This program may not be used for executing instructions',
  SanitizeFailure: 'Transaction failed to sanitize accounts offsets correctly',
  UnsupportedVersion: 'Transaction version is unsupported',
  InvalidRentPayingAccount:
    'Transaction leaves an account with a lower balance than rent-exempt minimum',
}

// Display texts of solana-instruction-error.
const INSTRUCTION_ERROR_TEXTS: Readonly<Record<string, string>> = {
  GenericError: 'generic instruction error',
  InvalidArgument: 'invalid program argument',
  InvalidInstructionData: 'invalid instruction data',
  InvalidAccountData: 'invalid account data for instruction',
  AccountDataTooSmall: 'account data too small for instruction',
  InsufficientFunds: 'insufficient funds for instruction',
  IncorrectProgramId: 'incorrect program id for instruction',
  MissingRequiredSignature: 'missing required signature for instruction',
  AccountAlreadyInitialized: 'instruction requires an uninitialized account',
  UninitializedAccount: 'instruction requires an initialized account',
  UnbalancedInstruction: 'sum of account balances before and after instruction do not match',
  ModifiedProgramId: 'instruction illegally modified the program id of an account',
  ExternalAccountLamportSpend: 'instruction spent from the balance of an account it does not own',
  ExternalAccountDataModified: 'instruction modified data of an account it does not own',
  ReadonlyLamportChange: 'instruction changed the balance of a read-only account',
  ReadonlyDataModified: 'instruction modified data of a read-only account',
  DuplicateAccountIndex: 'instruction contains duplicate accounts',
  NotEnoughAccountKeys: 'insufficient account keys for instruction',
  AccountNotExecutable: 'instruction expected an executable account',
  MissingAccount: 'An account required by the instruction is missing',
  InvalidSeeds: 'Provided seeds do not result in a valid address',
  ComputationalBudgetExceeded: 'Computational budget exceeded',
  PrivilegeEscalation: 'Cross-program invocation with unauthorized signer or writable account',
  IncorrectAuthority: 'Incorrect authority provided',
  AccountNotRentExempt: 'An account does not have enough lamports to be rent-exempt',
  InvalidAccountOwner: 'Invalid account owner',
  ArithmeticOverflow: 'Program arithmetic overflowed',
  IllegalOwner: 'Provided owner is not allowed',
}

function spelledOut(name: string): string {
  return name.replace(/(?<=[a-z0-9])(?=[A-Z])/g, ' ').toLowerCase()
}

type LiteSvmError = ReturnType<FailedTransactionMetadata['err']>

interface ErrorObject {
  constructor: { name: string }
  index?: number
  accountIndex?: number
  code?: number
  msg?: string
  err?: () => unknown
}

function instructionErrorJson(inner: unknown): string | Record<string, unknown> {
  if (typeof inner === 'number') return INSTRUCTION_ERRORS[inner] ?? 'InvalidError'
  const object = inner as ErrorObject
  if (typeof object.code === 'number') return { Custom: object.code }
  return { BorshIoError: String(object.msg ?? '') }
}

/** The JSON Solana's RPC gives for this error (meta.err, status.Err, preflight data.err). */
export function transactionErrorJson(error: LiteSvmError): TransactionErrorJson {
  if (typeof error === 'number') return TRANSACTION_ERRORS[error] ?? 'SanitizeFailure'
  const object = error as unknown as ErrorObject
  switch (object.constructor.name) {
    case 'TransactionErrorInstructionError':
      return { InstructionError: [object.index, instructionErrorJson(object.err?.())] }
    case 'TransactionErrorDuplicateInstruction':
      return { DuplicateInstruction: object.index }
    case 'TransactionErrorInsufficientFundsForRent':
      return { InsufficientFundsForRent: { account_index: object.accountIndex } }
    default:
      return { ProgramExecutionTemporarilyRestricted: { account_index: object.accountIndex } }
  }
}

/** Agave's Display text of an error in its JSON form. */
export function transactionErrorText(error: TransactionErrorJson): string {
  if (typeof error === 'string') return TRANSACTION_ERROR_TEXTS[error] ?? spelledOut(error)
  const [variant, detail] = Object.entries(error)[0] ?? ['', undefined]
  if (variant === 'InstructionError' && Array.isArray(detail)) {
    const [index, inner] = detail as [number, string | Record<string, unknown>]
    return `Error processing Instruction ${index}: ${instructionErrorText(inner)}`
  }
  if (variant === 'DuplicateInstruction') {
    return `Transaction contains a duplicate instruction (${detail}) that is not allowed`
  }
  const accountIndex = (detail as { account_index?: number } | undefined)?.account_index
  if (variant === 'InsufficientFundsForRent') {
    return `Transaction results in an account (${accountIndex}) with insufficient funds for rent`
  }
  return `Execution of the program referenced by account at index ${accountIndex} is temporarily restricted.`
}

function instructionErrorText(inner: string | Record<string, unknown>): string {
  if (typeof inner === 'string') return INSTRUCTION_ERROR_TEXTS[inner] ?? spelledOut(inner)
  if (typeof inner.Custom === 'number')
    return `custom program error: 0x${inner.Custom.toString(16)}`
  return `Failed to serialize or deserialize account data: ${String(inner.BorshIoError)}`
}
