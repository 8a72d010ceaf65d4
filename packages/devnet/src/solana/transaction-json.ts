// A processed transaction as getTransaction returns it (EncodedConfirmedTransactionWithStatusMeta).
// Filled: slot, blockTime, version, meta (err, status, fee, pre/post balances, pre/post token
// balances, innerInstructions, logMessages, loadedAddresses, computeUnitsConsumed, returnData,
// rewards: []) and the transaction (json, base64, base58). jsonParsed gives accountKeys as
// objects and every instruction partially decoded ({ programId, accounts, data }): programs'
// instructions are not parsed. costUnits is left out.
import { getBase58Decoder, getBase64Decoder } from '@solana/kit'
import type { RecordedInstruction, TransactionRecord } from './records.ts'

export const TRANSACTION_ENCODINGS = ['json', 'jsonParsed', 'base58', 'base64'] as const
export type TransactionEncoding = (typeof TRANSACTION_ENCODINGS)[number]

const base58 = getBase58Decoder()

export function instructionJson(instruction: RecordedInstruction) {
  return {
    programIdIndex: instruction.programIdIndex,
    accounts: instruction.accounts,
    data: base58.decode(instruction.data),
    stackHeight: instruction.stackHeight,
  }
}

function partiallyDecoded(instruction: RecordedInstruction, keys: string[]) {
  return {
    programId: keys[instruction.programIdIndex],
    accounts: instruction.accounts.map((index) => keys[index]),
    data: base58.decode(instruction.data),
    stackHeight: instruction.stackHeight,
  }
}

export function returnDataJson(returnData: TransactionRecord['returnData']) {
  return (
    returnData && {
      programId: returnData.programId,
      data: [getBase64Decoder().decode(returnData.data), 'base64'],
    }
  )
}

function allKeys(record: TransactionRecord): string[] {
  return [
    ...record.staticAccountKeys,
    ...record.loadedAddresses.writable,
    ...record.loadedAddresses.readonly,
  ]
}

function isWritable(record: TransactionRecord, index: number): boolean {
  const { numRequiredSignatures, numReadonlySignedAccounts, numReadonlyUnsignedAccounts } =
    record.header
  const staticCount = record.staticAccountKeys.length
  if (index >= staticCount) return index < staticCount + record.loadedAddresses.writable.length
  if (index < numRequiredSignatures)
    return index < numRequiredSignatures - numReadonlySignedAccounts
  return index < staticCount - numReadonlyUnsignedAccounts
}

function messageJson(record: TransactionRecord, encoding: 'json' | 'jsonParsed') {
  const keys = allKeys(record)
  const parsed = encoding === 'jsonParsed'
  return {
    accountKeys: parsed
      ? keys.map((pubkey, index) => ({
          pubkey,
          signer: index < record.header.numRequiredSignatures,
          writable: isWritable(record, index),
          source: index < record.staticAccountKeys.length ? 'transaction' : 'lookupTable',
        }))
      : record.staticAccountKeys,
    header: parsed ? undefined : record.header,
    recentBlockhash: record.recentBlockhash,
    instructions: record.instructions.map((instruction) =>
      parsed ? partiallyDecoded(instruction, keys) : instructionJson(instruction),
    ),
    addressTableLookups: record.version === 0 ? record.addressTableLookups : undefined,
  }
}

export function transactionJson(
  record: TransactionRecord,
  encoding: TransactionEncoding,
  withVersion: boolean,
) {
  const keys = allKeys(record)
  const transaction =
    encoding === 'base64'
      ? [getBase64Decoder().decode(record.wire), 'base64']
      : encoding === 'base58'
        ? [base58.decode(record.wire), 'base58']
        : { signatures: record.signatures, message: messageJson(record, encoding) }
  return {
    slot: record.slot,
    blockTime: record.blockTime,
    ...(withVersion && { version: record.version }),
    transaction,
    meta: {
      err: record.err,
      status: record.err === null ? { Ok: null } : { Err: record.err },
      fee: record.fee,
      preBalances: record.preBalances,
      postBalances: record.postBalances,
      innerInstructions: record.innerInstructions.map((group) => ({
        index: group.index,
        instructions: group.instructions.map((instruction) =>
          encoding === 'jsonParsed'
            ? partiallyDecoded(instruction, keys)
            : instructionJson(instruction),
        ),
      })),
      logMessages: record.logMessages,
      preTokenBalances: record.preTokenBalances,
      postTokenBalances: record.postTokenBalances,
      rewards: [],
      loadedAddresses: record.loadedAddresses,
      computeUnitsConsumed: record.computeUnitsConsumed,
      ...(record.returnData && { returnData: returnDataJson(record.returnData) }),
    },
  }
}
