// The Solana adapter's constants, each citing its rule ("§N", docs/conformance.md) or the
// standard it comes from. Plain values only: nothing here holds state.

/**
 * A Wallet Standard wallet's connector id: this prefix and the wallet's name (Wallet Standard
 * gives wallets no other stable id; the name is what they are known by across reloads).
 */
export const CONNECTOR_ID_PREFIX = 'ws:'

/** How long reconnect/connect wait for a wallet to register after a page load (ours, as EVM's). */
export const WALLET_REGISTER_WAIT_MS = 2_000

/** §5 Send: how long a transfer's signature is polled for confirmation (ours). */
export const CONFIRMATION_TIMEOUT_MS = 30_000

/** How often getSignatureStatuses is asked while confirming (ours). */
export const CONFIRMATION_POLL_MS = 400

/** A lamport is 10^-9 SOL. */
export const LAMPORT_DECIMALS = 9

/** Wallet Standard features (github.com/wallet-standard/wallet-standard, Solana's features). */
export const Feature = {
  connect: 'standard:connect',
  disconnect: 'standard:disconnect',
  events: 'standard:events',
  signMessage: 'solana:signMessage',
  signTransaction: 'solana:signTransaction',
  signAndSendTransaction: 'solana:signAndSendTransaction',
} as const

/** The Solana chain prefix of Wallet Standard and CAIP-2. */
export const SOLANA_CHAIN_PREFIX = 'solana:'

/**
 * CAIP-2 references of Solana's clusters (the first 32 characters of the genesis hash) and the
 * names Wallet Standard wallets list for them (@solana/wallet-standard-chains). A wallet may list
 * either form; both mean the same chain.
 */
export const WALLET_STANDARD_CHAIN_NAMES: Readonly<Record<string, string>> = {
  '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp': 'solana:mainnet',
  EtWTRABZaYq6iMfeYKouRu166VU2xqa1: 'solana:devnet',
  '4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z': 'solana:testnet',
}

/** §7 The RPC methods a Solana wallet provider answers (spec §7 "Supported RPC methods"). */
export const SOLANA_RPC_METHODS = [
  'solana_signMessage',
  'solana_signTransaction',
  'solana_signAllTransactions',
  'solana_signAndSendTransaction',
] as const

/** Provider error codes (EIP-1193 §Provider Errors, EIP-3085/3326 for the unknown chain, JSON-RPC 2.0). */
export const ProviderErrorCode = {
  /** EIP-1193: the wallet has not authorised the account (not connected) */
  unauthorized: 4100,
  /** EIP-1193: the provider does not support the method */
  unsupportedMethod: 4200,
  /** EIP-3326: the chain is not known to / approved by the wallet */
  unknownChain: 4902,
  /** JSON-RPC 2.0: invalid method parameters */
  invalidParams: -32602,
} as const

/** The Token-2022 program; a mint it owns is transferred through it (the classic one is in @solana-program/token). */
export const TOKEN_2022_PROGRAM_ADDRESS = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb'

/** Solana's commitment levels, weakest first (docs.solana.com, "Configuring State Commitment"). */
export const COMMITMENT_LEVELS = ['processed', 'confirmed', 'finalized'] as const

/** The deprecated commitment names @solana/web3.js still accepts, and the level each means. */
export const DEPRECATED_COMMITMENTS = {
  recent: 'processed',
  single: 'confirmed',
  singleGossip: 'confirmed',
  root: 'finalized',
  max: 'finalized',
} as const

/** The commitment the connection reads and confirms at unless told: AppKit's SolanaAdapter default. */
export const DEFAULT_CONNECTION_COMMITMENT = 'confirmed'
