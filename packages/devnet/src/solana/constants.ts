// Constants of the local Solana node (LiteSVM behind JSON-RPC). Facts about Solana cite the Agave
// validator (anza-xyz/agave) and the RPC docs (solana.com/docs/rpc); values marked "ours" are not
// Solana's.

/** solana-test-validator's default RPC port (`--rpc-port 8899`); env SOLANA_PORT */
export const DEFAULT_SOLANA_PORT = 8899
/** Ours, like the anvils: everything listens on 127.0.0.1 */
export const DEFAULT_SOLANA_HOST = '127.0.0.1'

/**
 * Ours: the devnet's genesis hash (base58 of sha256("latchkey devnet solana genesis")); fixed so
 * the CAIP-2 id below never changes. getGenesisHash answers it.
 */
export const SOLANA_GENESIS_HASH = 'BXGmUWuqThfFb9puWNoLLs99ZQYV6N3nz8oa9DiZuHXB'
/** CAIP-2 for Solana (ChainAgnostic namespaces, solana/caip2.md): the genesis hash's first 32 characters */
export const SOLANA_CAIP_NETWORK_ID = `solana:${SOLANA_GENESIS_HASH.slice(0, 32)}`

/** 1 SOL = 10^9 lamports (solana-native-token LAMPORTS_PER_SOL) */
export const LAMPORTS_PER_SOL = 1_000_000_000n
/** Ours: each test account's SOL at genesis, like solana-test-validator's pre-funded accounts */
export const SOLANA_TEST_ACCOUNT_LAMPORTS = 100n * LAMPORTS_PER_SOL
/** Ours: the airdrop faucet's balance at genesis (below 2^53 lamports, so JSON numbers stay exact) */
export const SOLANA_FAUCET_LAMPORTS = 1_000_000n * LAMPORTS_PER_SOL
/** Ours: what the onramp sandbox's Solana treasury holds at genesis (README "Buy crypto") */
export const SOLANA_ONRAMP_TREASURY_LAMPORTS = 100_000n * LAMPORTS_PER_SOL

/** Ours: the devnet's SPL token, the Solana twin of the EVM devnet's lUSD (6 decimals) */
export const SOLANA_TOKEN_SPEC = { symbol: 'lUSD', name: 'Latchkey USD', decimals: 6 } as const
/** Ours: base units of lUSD in each test account's associated token account (1,000 lUSD) */
export const SOLANA_TEST_ACCOUNT_TOKEN_AMOUNT = 1_000n * 10n ** BigInt(SOLANA_TOKEN_SPEC.decimals)

/** Ours: the labels whose sha256 are the ed25519 seeds of the devnet's keypairs */
export const SOLANA_KEY_LABELS = {
  account: (index: number) => `latchkey devnet solana account ${index}`,
  mint: 'latchkey devnet solana mint lUSD',
  faucet: 'latchkey devnet solana faucet',
  onrampTreasury: 'latchkey devnet solana onramp treasury',
} as const
/** Ours: how many deterministic test accounts are funded, like anvil's ten */
export const SOLANA_TEST_ACCOUNT_COUNT = 10

// ---- Programs (their well-known addresses) ----

export const SYSTEM_PROGRAM = '11111111111111111111111111111111'
export const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'
export const TOKEN_2022_PROGRAM = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb'
export const COMPUTE_BUDGET_PROGRAM = 'ComputeBudget111111111111111111111111111111'
export const ADDRESS_LOOKUP_TABLE_PROGRAM = 'AddressLookupTab1e1111111111111111111111111'

// ---- Runtime facts ----

/** solana-clock MAX_PROCESSING_AGE: a blockhash is usable for 150 blocks */
export const MAX_PROCESSING_AGE = 150n
/** solana-fee-calculator: 5,000 lamports per signature (DEFAULT_TARGET_LAMPORTS_PER_SIGNATURE / 2) */
export const LAMPORTS_PER_SIGNATURE = 5_000n
/** solana-compute-budget: default 200,000 compute units per instruction, at most 1,400,000 */
export const DEFAULT_INSTRUCTION_COMPUTE_UNIT_LIMIT = 200_000n
export const MAX_COMPUTE_UNIT_LIMIT = 1_400_000n
/** Compute-unit prices are in micro-lamports (solana-compute-budget) */
export const MICRO_LAMPORTS_PER_LAMPORT = 1_000_000n
/** Address lookup table accounts: a 56-byte header, then 32-byte addresses (LOOKUP_TABLE_META_SIZE) */
export const LOOKUP_TABLE_META_SIZE = 56
/** Nonce accounts (solana-nonce Versions::Current(State::Initialized)): the durable nonce at 40..72 */
export const NONCE_ACCOUNT_HASH_OFFSET = 40
/** Agave reports u64::MAX as every rent-exempt account's rentEpoch since rent collection ended */
export const RENT_EXEMPT_RENT_EPOCH = 18_446_744_073_709_551_615n

/**
 * The Agave version whose runtime LiteSVM 1.5.0 embeds (solana-program-runtime 4.3.0 in its
 * native binary); getVersion answers it.
 */
export const SOLANA_CORE_VERSION = '4.3.0'

// ---- RPC limits (Agave rpc/src/rpc.rs, rpc_service.rs) ----

/** MAX_REQUEST_BODY_SIZE: 50 KiB */
export const MAX_REQUEST_BODY_BYTES = 50 * 1024
/** MAX_GET_SIGNATURE_STATUSES_QUERY_ITEMS */
export const MAX_SIGNATURE_STATUSES = 256
/** MAX_GET_CONFIRMED_SIGNATURES_FOR_ADDRESS2_LIMIT */
export const MAX_SIGNATURES_FOR_ADDRESS = 1_000
/** MAX_MULTIPLE_ACCOUNTS */
export const MAX_MULTIPLE_ACCOUNTS = 100
/** Ours: processed transactions remembered for getTransaction and history (oldest dropped) */
export const MAX_TRANSACTION_RECORDS = 100_000

/** JSON-RPC 2.0 §5.1 codes and Agave's server error codes (rpc-client-api custom_error.rs) */
export const RPC_ERROR_CODES = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internalError: -32603,
  /** JSON_RPC_SERVER_ERROR_SEND_TRANSACTION_PREFLIGHT_FAILURE */
  preflightFailure: -32002,
  /** JSON_RPC_SERVER_ERROR_TRANSACTION_SIGNATURE_VERIFICATION_FAILURE */
  signatureVerificationFailure: -32003,
  /** JSON_RPC_SERVER_ERROR_UNSUPPORTED_TRANSACTION_VERSION */
  unsupportedTransactionVersion: -32015,
  /** JSON_RPC_SERVER_ERROR_MIN_CONTEXT_SLOT_NOT_REACHED */
  minContextSlotNotReached: -32016,
} as const
