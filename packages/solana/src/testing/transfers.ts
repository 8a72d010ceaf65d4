// Test support only: one SOL transfer as each kind of transaction an AppKit app hands its
// provider (@solana/web3.js legacy and versioned, @solana/kit), and how to read each back.
import {
  type Blockhash,
  getTransactionDecoder,
  getTransactionEncoder,
  type Transaction as KitTransaction,
} from '@solana/kit'
import {
  PublicKey,
  SystemProgram,
  Transaction,
  TransactionMessage,
  VersionedTransaction,
} from '@solana/web3.js'
import type { AnyTransaction } from '../anyTransaction.ts'
import { buildTransferTransaction } from '../transfer.ts'

export interface Lifetime {
  blockhash: string
  lastValidBlockHeight: number
}

export interface TransferKind<T extends AnyTransaction> {
  name: string
  build(from: string, to: string, lamports: number, lifetime: Lifetime): Promise<T>
  /** Whether a value is this kind (the class for web3.js) */
  is(value: unknown): boolean
  /** The signed message bytes and the signer's signature, if any */
  signatureOf(transaction: T, signer: string): { message: Uint8Array; signature: Uint8Array | null }
  wire(transaction: T): Uint8Array
}

const transfer = (from: string, to: string, lamports: number) =>
  SystemProgram.transfer({
    fromPubkey: new PublicKey(from),
    toPubkey: new PublicKey(to),
    lamports,
  })

export const web3Legacy: TransferKind<Transaction> = {
  name: '@solana/web3.js Transaction',
  build: async (from, to, lamports, lifetime) =>
    new Transaction({ feePayer: new PublicKey(from), ...lifetime }).add(
      transfer(from, to, lamports),
    ),
  is: (value) => value instanceof Transaction,
  signatureOf: (transaction, signer) => ({
    message: new Uint8Array(transaction.serializeMessage()),
    signature:
      transaction.signatures.find((pair) => pair.publicKey.toBase58() === signer)?.signature ??
      null,
  }),
  wire: (transaction) => new Uint8Array(transaction.serialize()),
}

export const web3Versioned: TransferKind<VersionedTransaction> = {
  name: '@solana/web3.js VersionedTransaction (v0)',
  build: async (from, to, lamports, lifetime) =>
    new VersionedTransaction(
      new TransactionMessage({
        payerKey: new PublicKey(from),
        recentBlockhash: lifetime.blockhash,
        instructions: [transfer(from, to, lamports)],
      }).compileToV0Message(),
    ),
  is: (value) => value instanceof VersionedTransaction,
  signatureOf: (transaction, signer) => {
    const index = transaction.message.staticAccountKeys.findIndex((k) => k.toBase58() === signer)
    const signature = transaction.signatures[index]
    return {
      message: transaction.message.serialize(),
      signature: signature?.some((byte) => byte !== 0) ? signature : null,
    }
  },
  wire: (transaction) => transaction.serialize(),
}

export const kit: TransferKind<KitTransaction> = {
  name: '@solana/kit Transaction',
  build: async (from, to, lamports, lifetime) =>
    getTransactionDecoder().decode(
      await buildTransferTransaction(
        { from, to, amount: BigInt(lamports) },
        {
          blockhash: lifetime.blockhash as Blockhash,
          lastValidBlockHeight: BigInt(lifetime.lastValidBlockHeight),
        },
      ),
    ),
  is: (value) =>
    typeof value === 'object' &&
    value !== null &&
    !(value instanceof Transaction) &&
    'messageBytes' in value,
  signatureOf: (transaction, signer) => ({
    message: new Uint8Array(transaction.messageBytes),
    signature: transaction.signatures[signer as keyof typeof transaction.signatures] ?? null,
  }),
  wire: (transaction) => new Uint8Array(getTransactionEncoder().encode(transaction)),
}

export const TRANSFER_KINDS = [web3Legacy, web3Versioned, kit] as const
