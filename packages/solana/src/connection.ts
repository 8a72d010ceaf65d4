import type { Commitment, SolanaSendOptions } from './commitment.ts'
import { DEFAULT_CONNECTION_COMMITMENT } from './constants.ts'
import type { PublicKeyLike, SolanaPublicKey } from './publicKey.ts'

/** A key as the connection takes it: base58 text or anything with `toBase58()` (web3.js `PublicKey`). */
export type PublicKeyInput = PublicKeyLike | string

/** A commitment alone, or web3.js's config object with one. */
export type CommitmentInput = Commitment | { commitment?: Commitment; minContextSlot?: number }

/** web3.js's `RpcResponseAndContext`. */
export interface RpcResponse<T> {
  context: { slot: number }
  value: T
}

/** web3.js's `AccountInfo`; `data` is a Uint8Array (web3.js gives a Buffer, a Uint8Array too). */
export interface SolanaAccountInfo<Data = Uint8Array> {
  executable: boolean
  owner: SolanaPublicKey
  lamports: number
  data: Data
  rentEpoch?: number
}

/** web3.js's `ParsedAccountData`: the RPC's `jsonParsed` account data. */
export interface ParsedAccountData {
  program: string
  parsed: { info: Record<string, unknown>; type: string }
  space: number
}

/** web3.js's `SignatureStatus`. */
export interface SignatureStatus {
  slot: number
  confirmations: number | null
  err: unknown
  confirmationStatus?: 'processed' | 'confirmed' | 'finalized'
}

/** web3.js's `BlockheightBasedTransactionConfirmationStrategy`. */
export interface BlockheightConfirmation {
  signature: string
  blockhash: string
  lastValidBlockHeight: number
  abortSignal?: AbortSignal
}

/**
 * The subset of @solana/web3.js's `Connection` that AppKit apps use with
 * `useAppKitConnection()`, over @solana/kit's RPC. Amounts, slots and heights are numbers, as
 * web3.js gives them.
 */
export interface SolanaConnection {
  readonly rpcEndpoint: string
  /** The level reads and confirmations use unless told ('confirmed', as AppKit's) */
  readonly commitment: Commitment
  /** Lamports */
  getBalance(publicKey: PublicKeyInput, commitment?: CommitmentInput): Promise<number>
  getLatestBlockhash(
    commitment?: CommitmentInput,
  ): Promise<{ blockhash: string; lastValidBlockHeight: number }>
  getAccountInfo(
    publicKey: PublicKeyInput,
    commitment?: CommitmentInput,
  ): Promise<SolanaAccountInfo | null>
  getParsedTokenAccountsByOwner(
    owner: PublicKeyInput,
    filter: { mint: PublicKeyInput } | { programId: PublicKeyInput },
    commitment?: CommitmentInput,
  ): Promise<
    RpcResponse<{ pubkey: SolanaPublicKey; account: SolanaAccountInfo<ParsedAccountData> }[]>
  >
  /** Submits a signed wire transaction; its signature (base58) */
  sendRawTransaction(
    rawTransaction: Uint8Array | readonly number[],
    options?: SolanaSendOptions,
  ): Promise<string>
  /**
   * Waits until the transaction reaches the commitment. As web3.js: a transaction that failed on
   * chain resolves with its `err`; a blockhash strategy rejects once the block height passes
   * `lastValidBlockHeight`; a signature alone rejects after 30 s.
   */
  confirmTransaction(
    strategy: BlockheightConfirmation | string,
    commitment?: Commitment,
  ): Promise<RpcResponse<{ err: unknown }>>
  getSignatureStatus(
    signature: string,
    config?: { searchTransactionHistory?: boolean },
  ): Promise<RpcResponse<SignatureStatus | null>>
  getSignatureStatuses(
    signatures: readonly string[],
    config?: { searchTransactionHistory?: boolean },
  ): Promise<RpcResponse<(SignatureStatus | null)[]>>
}

export interface SolanaConnectionOptions {
  commitment?: Commitment
}

/** What the connection does once @solana/kit has loaded. */
export type ConnectionMethods = Omit<SolanaConnection, 'rpcEndpoint' | 'commitment'>

/**
 * A connection to a Solana RPC endpoint. @solana/kit loads on the first call, not with the
 * page: every method is asynchronous anyway.
 */
export function createSolanaConnection(
  endpoint: string,
  options: SolanaConnectionOptions = {},
): SolanaConnection {
  const commitment = options.commitment ?? DEFAULT_CONNECTION_COMMITMENT
  let methods: Promise<ConnectionMethods> | undefined
  const load = () => {
    methods ??= import('./connectionMethods.ts').then((m) =>
      m.connectionMethods(endpoint, commitment),
    )
    return methods
  }
  const call = <K extends keyof ConnectionMethods>(name: K) =>
    ((...args: unknown[]) =>
      load().then((m) =>
        (m[name] as (...a: unknown[]) => unknown)(...args),
      )) as ConnectionMethods[K]
  return {
    rpcEndpoint: endpoint,
    commitment,
    getBalance: call('getBalance'),
    getLatestBlockhash: call('getLatestBlockhash'),
    getAccountInfo: call('getAccountInfo'),
    getParsedTokenAccountsByOwner: call('getParsedTokenAccountsByOwner'),
    sendRawTransaction: call('sendRawTransaction'),
    confirmTransaction: call('confirmTransaction'),
    getSignatureStatus: call('getSignatureStatus'),
    getSignatureStatuses: call('getSignatureStatuses'),
  }
}
