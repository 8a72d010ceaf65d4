// What the test Solana wallet offers a test, and what crosses between its page side and Node.

export interface SolanaWalletOptions {
  /** 64 bytes: the ed25519 seed, then the public key (Solana's keypair format) */
  secretKey: Uint8Array
  /** The local Solana RPC that signAndSendTransaction submits to */
  rpcUrl: string
  /** The chain(s) the wallet lists, e.g. the local network's CAIP-2 id `solana:<ref>` */
  chain: string | readonly string[]
  /** Default 'E2E Solana Wallet'; the modal's connector id is `ws:<name>` */
  name?: string
  /** Features the wallet lacks, e.g. ['solana:signAndSendTransaction'] for a sign-only wallet */
  omitFeatures?: readonly string[]
}

export type RequestKind = 'connect' | 'sign'

export interface WalletError {
  code?: number
  message: string
}

export interface HeldRequest {
  /** Resolves when the dapp has asked */
  requested: Promise<void>
  approve(): void
  reject(error?: WalletError): void
}

/** What every test wallet offers the test, in Node and in a page alike. */
export interface SolanaWalletControls {
  /** The account's address (base58) */
  readonly address: string
  /** Every request the wallet received, in order: its operation and (for connect) whether silent. */
  readonly requests: readonly { op: string; silent?: boolean }[]
  /** The next connect (or signature) is refused; default a 4001 "User rejected the request." */
  rejectNext(kind: RequestKind, error?: WalletError): void
  /** The next connect (or signature) waits until the test approves or rejects it. */
  holdNext(kind: RequestKind): HeldRequest
  /** The wallet ends the connection itself: it forgets the dapp and emits 'change' with no accounts. */
  disconnectFromWallet(): Promise<void>
}

export type Envelope = { ok: true; value: unknown } | { ok: false; code?: number; message: string }
export type Call = (op: string, payload?: unknown) => Promise<Envelope>

export const USER_REJECTED: WalletError = { code: 4001, message: 'User rejected the request.' }
