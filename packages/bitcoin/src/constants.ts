// The Bitcoin adapter's constants, each citing the standard or protocol it comes from; values
// marked "ours" are Latchkey's choices. Plain values only: nothing here holds state.

/** CAIP-2 (bip122): a chain's reference is the first 32 hex characters of its genesis block hash. */
export const GENESIS_REFERENCE = {
  mainnet: '000000000019d6689c085ae165831e93',
  testnet: '000000000933ea01ad0ee984209779ba',
  testnet4: '00000000da84f2bafbbc53dee25a72ae',
  signet: '00000008819873e925422c1ff0f99f7c',
  regtest: '0f9188f13cb7b2c71f2a335e3a4fc328',
} as const

export type BitcoinChainName = keyof typeof GENESIS_REFERENCE

/** The CAIP-2 namespace of Bitcoin chains. */
export const BIP122_PREFIX = 'bip122:'

/** Wallet Standard names Bitcoin chains `bitcoin:<name>` (ExodusMovement/bitcoin-wallet-standard). */
export const WALLET_STANDARD_CHAIN_PREFIX = 'bitcoin:'

/**
 * The chain names Sats Connect's `wallet_getNetwork` answers (`bitcoin.name`), and the chain each
 * is (@sats-connect/core 0.17, `BitcoinNetworkType`).
 */
export const SATS_CONNECT_NETWORK_NAMES: Readonly<Record<string, BitcoinChainName>> = {
  Mainnet: 'mainnet',
  Testnet: 'testnet',
  Testnet4: 'testnet4',
  Signet: 'signet',
  Regtest: 'regtest',
}

/**
 * Connector ids (ours): Wallet Standard gives a wallet no stable id but its name, and a Sats
 * Connect provider announces an id (its path on `window`). Prefixed so that a wallet that is also
 * a Solana Wallet Standard wallet (`ws:<name>`) keeps a distinct connector per namespace.
 */
export const STANDARD_CONNECTOR_PREFIX = 'ws-bitcoin:'
export const SATS_CONNECT_CONNECTOR_PREFIX = 'sats-connect:'

/** How long connect/reconnect wait for a wallet to appear after a page load (ours, as Solana's). */
export const WALLET_REGISTER_WAIT_MS = 2_000

/** How often a Sats Connect provider is looked for on `window` while waiting (ours). */
export const PROVIDER_POLL_MS = 100

/** Wallet Standard features (bitcoin-wallet-standard's, and the base standard's). */
export const Feature = {
  connect: 'bitcoin:connect',
  signMessage: 'bitcoin:signMessage',
  signTransaction: 'bitcoin:signTransaction',
  signAndSendTransaction: 'bitcoin:signAndSendTransaction',
  /** Wallet Standard's own; some Bitcoin wallets also answer it with `silent` */
  standardConnect: 'standard:connect',
  standardDisconnect: 'standard:disconnect',
  standardEvents: 'standard:events',
  /** MetaMask's Bitcoin wallet names its disconnect and events features in the bitcoin namespace */
  bitcoinDisconnect: 'bitcoin:disconnect',
  bitcoinEvents: 'bitcoin:events',
} as const

/** Sats Connect's JSON-RPC methods (@sats-connect/core 0.17, `bitcoinMethods`, `walletMethods`). */
export const SatsMethod = {
  connect: 'wallet_connect',
  disconnect: 'wallet_disconnect',
  getAccounts: 'getAccounts',
  getNetwork: 'wallet_getNetwork',
  getCurrentPermissions: 'wallet_getCurrentPermissions',
  signMessage: 'signMessage',
  signPsbt: 'signPsbt',
  sendTransfer: 'sendTransfer',
} as const

/** JSON-RPC 2.0's "method not found". */
export const METHOD_NOT_FOUND = -32601

/** Sats Connect's message signing protocol for BIP-322 (`MessageSigningProtocols.BIP322`). */
export const BIP322_PROTOCOL = 'BIP322'

/** The address purpose the modal connects: payments (Sats Connect's `AddressPurpose.Payment`). */
export const PAYMENT_PURPOSE = 'payment'

/** A satoshi is 10^-8 BTC. */
export const SATOSHI_DECIMALS = 8

/**
 * The smallest amount sent (Bitcoin Core's dust limit for a P2PKH output at 3 sat/vB, the one
 * most wallets apply to every output).
 */
export const DUST_LIMIT_SATS = 546n

/** The confirmation target, in blocks, whose Esplora fee estimate a transfer pays (ours). */
export const FEE_TARGET_BLOCKS = 3

/** The fee rate when Esplora gives no estimate: Bitcoin Core's minimum relay fee, 1 sat/vB. */
export const MIN_FEE_RATE_SAT_PER_VB = 1

/** Regtest's address prefixes (Bitcoin Core chainparams), in @scure/btc-signer's network shape. */
export const REGTEST_ADDRESS_PARAMS = {
  bech32: 'bcrt',
  pubKeyHash: 0x6f,
  scriptHash: 0xc4,
  wif: 0xef,
} as const

/** Provider error codes (EIP-1193 and EIP-3326, as the other adapters use them; JSON-RPC 2.0). */
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
