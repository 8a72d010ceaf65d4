// The chain: one LiteSVM (the real Solana runtime, in process) plus what a validator adds around
// it: slots and recent blockhashes, preflight, fees, and the record of processed transactions.
import { type EncodedAccount, getBase58Decoder, address as toAddress } from '@solana/kit'
import { LiteSVM } from 'litesvm'
import { transferWire } from './airdrop.ts'
import {
  ADDRESS_LOOKUP_TABLE_PROGRAM,
  LOOKUP_TABLE_META_SIZE,
  MAX_PROCESSING_AGE,
  NONCE_ACCOUNT_HASH_OFFSET,
  RPC_ERROR_CODES,
  SYSTEM_PROGRAM,
} from './constants.ts'
import type { SolanaKeypair } from './keys.ts'
import {
  isFailure,
  outcome,
  type SimulateOptions,
  type SimulationResult,
  transactionRecord,
} from './processed.ts'
import type { TokenBalance } from './records.ts'
import { TransactionRecords } from './records.ts'
import { RpcError } from './rpc-error.ts'
import { readMint, readTokenAccount, uiTokenAmount } from './spl-token.ts'
import { transactionErrorJson, transactionErrorText } from './transaction-error.ts'
import {
  type DecodedTransaction,
  decodeTransaction,
  signaturesVerify,
  transactionFee,
  withBlockhash,
} from './wire.ts'

const base58 = getBase58Decoder()

function nowSeconds(): bigint {
  return BigInt(Math.floor(Date.now() / 1000))
}

export class SolanaLedger {
  readonly svm: LiteSVM
  readonly records = new TransactionRecords()
  #slot = 0n
  #unixTimestamp = nowSeconds()
  /** Recent blockhashes and the slot each became the latest */
  readonly #blockhashes = new Map<string, bigint>()

  constructor() {
    // The node checks blockhashes itself: a real validator accepts any of the last 150, LiteSVM
    // only the latest, which would fail a wallet whenever another transaction came in between.
    this.svm = new LiteSVM().withBlockhashCheck(false)
    this.#setClock()
    this.#blockhashes.set(this.svm.latestBlockhash(), this.#slot)
  }

  get slot(): bigint {
    return this.#slot
  }

  /** Every slot has a block here, so the block height is the slot. */
  get blockHeight(): bigint {
    return this.#slot
  }

  latestBlockhash(): { blockhash: string; lastValidBlockHeight: bigint } {
    return {
      blockhash: this.svm.latestBlockhash(),
      lastValidBlockHeight: this.blockHeight + MAX_PROCESSING_AGE,
    }
  }

  isBlockhashValid(blockhash: string): boolean {
    const issued = this.#blockhashes.get(blockhash)
    return issued !== undefined && this.#slot <= issued + MAX_PROCESSING_AGE
  }

  account(address: string): EncodedAccount | undefined {
    const account = this.svm.getAccount(toAddress(address))
    return account.exists ? account : undefined
  }

  balance(address: string): bigint {
    return this.svm.getBalance(toAddress(address)) ?? 0n
  }

  /** The decimals of a mint, or undefined when the address holds no mint. */
  mintDecimals(mint: string): number | undefined {
    const account = this.account(mint)
    return account && readMint(account.programAddress, account.data)?.decimals
  }

  /** Runs a transaction without committing it. */
  simulate(wire: Uint8Array, options: SimulateOptions = {}): SimulationResult {
    let decoded = decodeTransaction(wire)
    let replacementBlockhash: SimulationResult['replacementBlockhash'] = null
    if (options.replaceRecentBlockhash) {
      replacementBlockhash = this.latestBlockhash()
      decoded = withBlockhash(decoded, replacementBlockhash.blockhash)
    }
    const empty = { logs: [], unitsConsumed: 0n, returnData: null, innerInstructions: [] }
    if (options.sigVerify && !signaturesVerify(decoded)) {
      return { ...empty, err: 'SignatureFailure', postAccounts: new Map(), replacementBlockhash }
    }
    if (!this.#lifetimeIsValid(decoded)) {
      return { ...empty, err: 'BlockhashNotFound', postAccounts: new Map(), replacementBlockhash }
    }
    this.svm.withSigverify(false)
    try {
      const result = this.svm.simulateTransaction(decoded.transaction)
      if (isFailure(result)) {
        return {
          ...outcome(result.meta()),
          err: transactionErrorJson(result.err()),
          postAccounts: new Map(),
          replacementBlockhash,
        }
      }
      const postAccounts = new Map(result.postAccounts().map((a) => [a.address as string, a]))
      return { ...outcome(result.meta()), err: null, postAccounts, replacementBlockhash }
    } finally {
      this.svm.withSigverify(true)
    }
  }

  /**
   * sendTransaction: verifies signatures (-32003), runs the preflight simulation unless skipped
   * (-32002 with the simulation's logs), then processes the transaction in the current slot.
   * Without preflight, a transaction that cannot land (unknown blockhash, fee payer without
   * funds, a duplicate) is dropped as a validator drops it: its signature is returned and its
   * status stays null.
   */
  send(wire: Uint8Array, { skipPreflight = false } = {}): string {
    const decoded = decodeTransaction(wire)
    const signature = decoded.signatures[0] as string
    if (!signaturesVerify(decoded)) {
      throw new RpcError(
        RPC_ERROR_CODES.signatureVerificationFailure,
        'Transaction signature verification failure',
      )
    }
    if (!skipPreflight) this.#preflight(decoded)
    if (this.records.get(signature) || !this.#lifetimeIsValid(decoded)) return signature
    this.#process(decoded)
    return signature
  }

  /** requestAirdrop: a real transfer from the faucet, processed like any other transaction. */
  airdrop(faucet: SolanaKeypair, to: string, lamports: bigint): string {
    return this.send(transferWire(faucet, to, lamports, this.latestBlockhash()))
  }

  /** The fee of a message, or null when its blockhash is no longer valid (getFeeForMessage). */
  feeFor(message: DecodedTransaction['message']): bigint | null {
    return this.isBlockhashValid(message.lifetimeToken) ? transactionFee(message) : null
  }

  #preflight(decoded: DecodedTransaction): void {
    const signature = decoded.signatures[0] as string
    const simulated: SimulationResult = this.records.get(signature)
      ? {
          err: 'AlreadyProcessed',
          logs: [],
          unitsConsumed: 0n,
          returnData: null,
          innerInstructions: [],
          postAccounts: new Map(),
          replacementBlockhash: null,
        }
      : this.simulate(decoded.wire)
    if (simulated.err === null) return
    throw new RpcError(
      RPC_ERROR_CODES.preflightFailure,
      `Transaction simulation failed: ${transactionErrorText(simulated.err)}`,
      {
        accounts: null,
        err: simulated.err,
        innerInstructions: null,
        logs: simulated.logs,
        replacementBlockhash: null,
        returnData: null,
        unitsConsumed: simulated.unitsConsumed,
      },
    )
  }

  #lifetimeIsValid(decoded: DecodedTransaction): boolean {
    const { message } = decoded
    if (this.isBlockhashValid(message.lifetimeToken)) return true
    // A durable-nonce transaction: its first instruction is AdvanceNonceAccount (system
    // instruction 4) and its "blockhash" is the nonce stored in that nonce account.
    const first = message.instructions[0]
    if (!first || message.staticAccounts[first.programAddressIndex] !== SYSTEM_PROGRAM) return false
    if (first.data?.[0] !== 4 || first.data.length !== 4) return false
    const nonceAddress = message.staticAccounts[first.accountIndices?.[0] ?? -1]
    const nonce = nonceAddress && this.account(nonceAddress)
    if (!nonce || nonce.programAddress !== SYSTEM_PROGRAM) return false
    const stored = nonce.data.subarray(NONCE_ACCOUNT_HASH_OFFSET, NONCE_ACCOUNT_HASH_OFFSET + 32)
    return stored.length === 32 && base58.decode(stored) === message.lifetimeToken
  }

  #process(decoded: DecodedTransaction): void {
    const { message } = decoded
    const loaded = this.#loadedAddresses(message)
    const keys = [...message.staticAccounts, ...loaded.writable, ...loaded.readonly]
    const preBalances = keys.map((key) => this.balance(key))
    const preTokenBalances = this.#tokenBalances(keys)
    this.#setClock()
    const result = this.svm.sendTransaction(decoded.transaction)
    const signature = decoded.signatures[0] as string
    const failed = isFailure(result)
    // A failure before execution (fee payer cannot pay, …) leaves no trace: nothing landed.
    if (failed && this.svm.getTransaction(signature as never) === null) return
    const executed = outcome(failed ? result.meta() : result)
    const record = transactionRecord(decoded, {
      slot: this.#slot,
      blockTime: Number(this.#unixTimestamp),
      err: failed ? transactionErrorJson(result.err()) : null,
      executed,
      loaded,
      preBalances,
      postBalances: keys.map((key) => this.balance(key)),
      preTokenBalances,
      postTokenBalances: this.#tokenBalances(keys),
    })
    this.records.add(record)
    this.#advance()
  }

  /** v0 transactions: the addresses their lookup tables add, writable ones first. */
  #loadedAddresses(message: DecodedTransaction['message']): {
    writable: string[]
    readonly: string[]
  } {
    const loaded = { writable: [] as string[], readonly: [] as string[] }
    if (message.version !== 0) return loaded
    for (const lookup of message.addressTableLookups ?? []) {
      const table = this.account(lookup.lookupTableAddress)
      if (!table || table.programAddress !== ADDRESS_LOOKUP_TABLE_PROGRAM) continue
      const at = (index: number) => {
        const start = LOOKUP_TABLE_META_SIZE + index * 32
        const bytes = table.data.subarray(start, start + 32)
        return bytes.length === 32 ? [base58.decode(bytes)] : []
      }
      loaded.writable.push(...lookup.writableIndexes.flatMap(at))
      loaded.readonly.push(...lookup.readonlyIndexes.flatMap(at))
    }
    return loaded
  }

  #tokenBalances(keys: string[]): TokenBalance[] {
    return keys.flatMap((key, accountIndex) => {
      const account = this.account(key)
      const token = account && readTokenAccount(account.programAddress, account.data)
      if (!account || !token) return []
      const decimals = this.mintDecimals(token.mint) ?? 0
      return [
        {
          accountIndex,
          mint: token.mint,
          owner: token.owner,
          programId: account.programAddress,
          uiTokenAmount: uiTokenAmount(token.amount, decimals),
        },
      ]
    })
  }

  /** One slot per processed transaction: a new blockhash, so identical transfers differ. */
  #advance(): void {
    this.#slot += 1n
    this.#setClock()
    this.svm.expireBlockhash()
    this.#blockhashes.set(this.svm.latestBlockhash(), this.#slot)
    for (const [blockhash, issued] of this.#blockhashes) {
      if (issued + MAX_PROCESSING_AGE < this.#slot) this.#blockhashes.delete(blockhash)
    }
  }

  #setClock(): void {
    const now = nowSeconds()
    if (now > this.#unixTimestamp) this.#unixTimestamp = now
    const clock = this.svm.getClock()
    clock.slot = this.#slot
    clock.unixTimestamp = this.#unixTimestamp
    this.svm.setClock(clock)
  }
}
