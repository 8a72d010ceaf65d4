// Constants of the local Bitcoin chain (a regtest stand-in behind Esplora's HTTP API). Consensus
// and policy facts are Bitcoin Core's (regtest chain parameters, policy/policy.h); the HTTP limits
// are Blockstream Esplora's (electrs src/rest.rs); values marked "ours" are not Bitcoin's.

/** Ours: next to the Farcaster relay's 8791 (Core's regtest RPC has 18443, Esplora 3002) */
export const DEFAULT_BITCOIN_REGTEST_PORT = 8792
/** Ours, like every devnet server: loopback only */
export const BITCOIN_REGTEST_HOST = '127.0.0.1'

/** Regtest's address prefixes (Core chainparams), in @scure/btc-signer's network shape */
export const BITCOIN_REGTEST_NETWORK = {
  bech32: 'bcrt',
  pubKeyHash: 0x6f,
  scriptHash: 0xc4,
  wif: 0xef,
} as const

export const SATS_PER_BTC = 100_000_000n
/** MAX_MONEY: 21 million BTC */
export const MAX_MONEY = 21_000_000n * SATS_PER_BTC

// ---- Consensus (regtest) ----

/** Block 0's subsidy; halved every SUBSIDY_HALVING_INTERVAL blocks */
export const INITIAL_SUBSIDY = 50n * SATS_PER_BTC
/** Regtest's nSubsidyHalvingInterval (mainnet has 210,000) */
export const SUBSIDY_HALVING_INTERVAL = 150
/** COINBASE_MATURITY: a coinbase output is spendable 100 blocks after its own */
export const COINBASE_MATURITY = 100
/** Regtest's powLimit in compact form: about half of all hashes meet it */
export const REGTEST_BITS = 0x207fffff
/** Blocks carry version 0x20000000 (BIP9 top bits, no deployment signalled) */
export const BLOCK_VERSION = 0x20000000
/** MAX_BLOCK_WEIGHT */
export const MAX_BLOCK_WEIGHT = 4_000_000
/** Weight units a block template keeps for its header and coinbase (Core's -blockreservedweight) */
export const BLOCK_RESERVED_WEIGHT = 8_000
/** Median-time-past spans the last 11 blocks */
export const MEDIAN_TIME_SPAN = 11
/** nLockTime below this is a height, at or above it a Unix time */
export const LOCKTIME_THRESHOLD = 500_000_000
/** A sequence of 0xffffffff opts its input out of nLockTime */
export const SEQUENCE_FINAL = 0xffffffff
/** BIP68: the disable flag, the time flag, the 16-bit value, the 512-second granularity */
export const SEQUENCE_LOCKTIME_DISABLE_FLAG = 0x80000000
export const SEQUENCE_LOCKTIME_TYPE_FLAG = 0x00400000
export const SEQUENCE_LOCKTIME_MASK = 0x0000ffff
export const SEQUENCE_LOCKTIME_GRANULARITY = 9

/**
 * The real regtest genesis block (Core chainparams CreateGenesisBlock): its one transaction, the
 * header fields, and the hash they give. Its coinbase output never enters the UTXO set.
 */
export const REGTEST_GENESIS = {
  coinbaseHex:
    '01000000010000000000000000000000000000000000000000000000000000000000000000ffffffff4d04ffff001d0104455468652054696d65732030332f4a616e2f32303039204368616e63656c6c6f72206f6e206272696e6b206f66207365636f6e64206261696c6f757420666f722062616e6b73ffffffff0100f2052a01000000434104678afdb0fe5548271967f1a67130b7105cd6a828e03909a67962e0ea1f61deb649f6bc3f4cef38c4f35504e51ec112de5c384df7ba0b8d578a4c702b6bf11d5fac00000000',
  version: 1,
  time: 1_296_688_602,
  bits: REGTEST_BITS,
  nonce: 2,
  hash: '0f9188f13cb7b2c71f2a335e3a4fc328bf5beb436012afca590b1a11466e2206',
} as const

// ---- Relay policy (Bitcoin Core up to v29; v30 lowered the relay floor to 0.1 sat/vB) ----

/** Standard transaction versions: 1, 2 and 3 (TRUC) */
export const MAX_STANDARD_TX_VERSION = 3
/** MAX_STANDARD_TX_WEIGHT */
export const MAX_STANDARD_TX_WEIGHT = 400_000
/** MIN_STANDARD_TX_NONWITNESS_SIZE */
export const MIN_STANDARD_TX_NONWITNESS_SIZE = 65
/** MAX_STANDARD_SCRIPTSIG_SIZE */
export const MAX_STANDARD_SCRIPTSIG_SIZE = 1650
/** MAX_OP_RETURN_RELAY: an OP_RETURN output's script up to 83 bytes */
export const MAX_OP_RETURN_RELAY = 83
/** DUST_RELAY_TX_FEE in sat/kvB: an output is dust below 3x what spending it would cost at this */
export const DUST_RELAY_FEE_PER_KVB = 3_000n
/** DEFAULT_MIN_RELAY_TX_FEE in sat/kvB: 1 sat/vB */
export const MIN_RELAY_FEE_PER_KVB = 1_000n
/** sendrawtransaction's default maxfeerate: 0.10 BTC/kvB */
export const MAX_FEE_RATE_PER_KVB = SATS_PER_BTC / 10n

// ---- Esplora's HTTP side (electrs src/rest.rs) ----

/** CHAIN_TXS_PER_PAGE: confirmed transactions per history page */
export const CHAIN_TXS_PER_PAGE = 25
/** MAX_MEMPOOL_TXS: unconfirmed transactions before the first history page */
export const MAX_MEMPOOL_TXS = 50
/** BLOCK_LIMIT: blocks per GET /blocks page */
export const BLOCKS_PER_PAGE = 10
/** MAX_BODY_SIZE */
export const MAX_REQUEST_BODY_BYTES = 1_000_000
/** The confirmation targets Esplora's /fee-estimates answers for */
export const FEE_ESTIMATE_TARGETS = [
  ...Array.from({ length: 25 }, (_, index) => index + 1),
  144,
  504,
  1008,
] as const
/**
 * Ours: every target gets 2 sat/vB. The chain mines whatever clears the relay floor at once, and
 * twice the floor leaves room for a wallet that rounds its size estimate down.
 */
export const FEE_ESTIMATE_SAT_PER_VB = 2

// ---- The stand-in's own ----

/** Ours: the label whose sha256 is the miner's private key (it gets every coinbase) */
export const MINER_KEY_LABEL = 'latchkey devnet bitcoin miner'
/** Ours: blocks mined at start, so the miner holds matured coins (as `generate 101` does) */
export const STARTUP_BLOCKS = 101
/** Ours: the faucet pays 2 sat/vB, twice the relay floor */
export const FAUCET_FEE_SAT_PER_VB = 2n
/** Ours: at most this many blocks per mine call or request */
export const MAX_BLOCKS_PER_CALL = 1_000
