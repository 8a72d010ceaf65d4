// What a transaction left once LiteSVM ran it: its outcome (logs, units, return data, inner
// instructions) and, for one that landed, the record getTransaction and the history read.
import { type EncodedAccount, getBase58Decoder } from '@solana/kit'
import type { FailedTransactionMetadata, InnerInstruction, TransactionMetadata } from 'litesvm'
import type { RecordedInstruction, TokenBalance, TransactionRecord } from './records.ts'
import type { TransactionErrorJson } from './transaction-error.ts'
import { type DecodedTransaction, transactionFee } from './wire.ts'

const base58 = getBase58Decoder()

export interface SimulationResult {
  err: TransactionErrorJson | null
  logs: string[]
  unitsConsumed: bigint
  returnData: { programId: string; data: Uint8Array } | null
  innerInstructions: { index: number; instructions: RecordedInstruction[] }[]
  /** Accounts as the transaction would leave them */
  postAccounts: Map<string, EncodedAccount>
  /** The blockhash the simulation used, when it replaced the transaction's */
  replacementBlockhash: { blockhash: string; lastValidBlockHeight: bigint } | null
}

export interface SimulateOptions {
  sigVerify?: boolean
  replaceRecentBlockhash?: boolean
}

export function isFailure(
  result: TransactionMetadata | FailedTransactionMetadata | object,
): result is FailedTransactionMetadata {
  return typeof (result as FailedTransactionMetadata).err === 'function'
}

function instructionOf(inner: InnerInstruction): RecordedInstruction {
  const compiled = inner.instruction()
  return {
    programIdIndex: compiled.programIdIndex(),
    accounts: [...compiled.accounts()],
    data: new Uint8Array(compiled.data()),
    stackHeight: inner.stackHeight(),
  }
}

export type Outcome = ReturnType<typeof outcome>

export function outcome(meta: TransactionMetadata) {
  const returned = meta.returnData()
  const returnedData = returned.data()
  return {
    logs: meta.logs(),
    unitsConsumed: meta.computeUnitsConsumed(),
    returnData:
      returnedData.length > 0
        ? { programId: base58.decode(returned.programId()), data: new Uint8Array(returnedData) }
        : null,
    innerInstructions: meta
      .innerInstructions()
      .map((instructions, index) => ({ index, instructions: instructions.map(instructionOf) }))
      .filter((group) => group.instructions.length > 0),
  }
}

export interface Landed {
  slot: bigint
  blockTime: number
  err: TransactionErrorJson | null
  executed: Outcome
  loaded: { writable: string[]; readonly: string[] }
  preBalances: bigint[]
  postBalances: bigint[]
  preTokenBalances: TokenBalance[]
  postTokenBalances: TokenBalance[]
}

/** The record of a transaction that landed in `slot` (failed or not). */
export function transactionRecord(decoded: DecodedTransaction, landed: Landed): TransactionRecord {
  const { message } = decoded
  const { executed, loaded } = landed
  return {
    signature: decoded.signatures[0] as string,
    slot: landed.slot,
    blockTime: landed.blockTime,
    err: landed.err,
    fee: transactionFee(message),
    wire: decoded.wire,
    version: message.version,
    signatures: decoded.signatures,
    header: {
      numRequiredSignatures: message.header.numSignerAccounts,
      numReadonlySignedAccounts: message.header.numReadonlySignerAccounts,
      numReadonlyUnsignedAccounts: message.header.numReadonlyNonSignerAccounts,
    },
    staticAccountKeys: [...message.staticAccounts],
    loadedAddresses: loaded,
    addressTableLookups:
      message.version === 0
        ? (message.addressTableLookups ?? []).map((lookup) => ({
            accountKey: lookup.lookupTableAddress,
            writableIndexes: [...lookup.writableIndexes],
            readonlyIndexes: [...lookup.readonlyIndexes],
          }))
        : [],
    recentBlockhash: message.lifetimeToken,
    instructions: message.instructions.map((instruction) => ({
      programIdIndex: instruction.programAddressIndex,
      accounts: [...(instruction.accountIndices ?? [])],
      data: new Uint8Array(instruction.data ?? []),
      stackHeight: null,
    })),
    innerInstructions: executed.innerInstructions,
    logMessages: executed.logs,
    computeUnitsConsumed: executed.unitsConsumed,
    returnData: executed.returnData,
    preBalances: landed.preBalances,
    postBalances: landed.postBalances,
    preTokenBalances: landed.preTokenBalances,
    postTokenBalances: landed.postTokenBalances,
  }
}
