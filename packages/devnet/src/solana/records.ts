// The node's memory of processed transactions: by signature (getTransaction,
// getSignatureStatuses) and by account (getSignaturesForAddress, newest first).
import { MAX_TRANSACTION_RECORDS } from './constants.ts'
import type { UiTokenAmount } from './spl-token.ts'
import type { TransactionErrorJson } from './transaction-error.ts'

export interface TokenBalance {
  accountIndex: number
  mint: string
  owner: string
  programId: string
  uiTokenAmount: UiTokenAmount
}

export interface RecordedInstruction {
  programIdIndex: number
  accounts: number[]
  /** raw instruction data */
  data: Uint8Array
  /** 1 for top-level instructions, more for inner ones (LiteSVM reports it for inner ones) */
  stackHeight: number | null
}

export interface AddressTableLookup {
  accountKey: string
  writableIndexes: number[]
  readonlyIndexes: number[]
}

export interface TransactionRecord {
  signature: string
  slot: bigint
  /** Unix seconds */
  blockTime: number
  err: TransactionErrorJson | null
  fee: bigint
  /** The wire transaction as it was sent */
  wire: Uint8Array
  version: 'legacy' | 0
  signatures: string[]
  header: {
    numRequiredSignatures: number
    numReadonlySignedAccounts: number
    numReadonlyUnsignedAccounts: number
  }
  staticAccountKeys: string[]
  loadedAddresses: { writable: string[]; readonly: string[] }
  addressTableLookups: AddressTableLookup[]
  recentBlockhash: string
  instructions: RecordedInstruction[]
  innerInstructions: { index: number; instructions: RecordedInstruction[] }[]
  logMessages: string[]
  computeUnitsConsumed: bigint
  returnData: { programId: string; data: Uint8Array } | null
  /** Indexed like static keys, then loaded writable, then loaded readonly addresses */
  preBalances: bigint[]
  postBalances: bigint[]
  preTokenBalances: TokenBalance[]
  postTokenBalances: TokenBalance[]
}

export class TransactionRecords {
  readonly #bySignature = new Map<string, TransactionRecord>()
  readonly #byAddress = new Map<string, string[]>()

  constructor(private readonly capacity = MAX_TRANSACTION_RECORDS) {}

  get size(): number {
    return this.#bySignature.size
  }

  get(signature: string): TransactionRecord | undefined {
    return this.#bySignature.get(signature)
  }

  add(record: TransactionRecord): void {
    this.#bySignature.set(record.signature, record)
    const keys = new Set([
      ...record.staticAccountKeys,
      ...record.loadedAddresses.writable,
      ...record.loadedAddresses.readonly,
    ])
    for (const key of keys) {
      const list = this.#byAddress.get(key)
      if (list) list.push(record.signature)
      else this.#byAddress.set(key, [record.signature])
    }
    if (this.#bySignature.size > this.capacity) this.#forgetOldest()
  }

  /** Records that touched `address`, newest first, after `before` and down to `until` (excluded). */
  forAddress(
    address: string,
    { limit, before, until }: { limit: number; before?: string; until?: string },
  ): TransactionRecord[] {
    const signatures = this.#byAddress.get(address) ?? []
    let end = signatures.length
    if (before !== undefined) {
      const at = signatures.lastIndexOf(before)
      if (at < 0) return []
      end = at
    }
    const page: TransactionRecord[] = []
    for (let i = end - 1; i >= 0 && page.length < limit; i--) {
      const signature = signatures[i] as string
      if (signature === until) break
      const record = this.#bySignature.get(signature)
      if (record) page.push(record)
    }
    return page
  }

  #forgetOldest(): void {
    const oldest = this.#bySignature.keys().next().value
    if (oldest === undefined) return
    const record = this.#bySignature.get(oldest)
    this.#bySignature.delete(oldest)
    if (!record) return
    for (const key of new Set([
      ...record.staticAccountKeys,
      ...record.loadedAddresses.writable,
      ...record.loadedAddresses.readonly,
    ])) {
      const list = this.#byAddress.get(key)
      if (list?.[0] === oldest) list.shift()
      if (list?.length === 0) this.#byAddress.delete(key)
    }
  }
}
