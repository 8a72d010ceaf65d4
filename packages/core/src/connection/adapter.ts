import type { ChainNamespace } from '../caip.ts'
import type { CaipNetwork } from '../networks.ts'

/** §3 Connector: id, name, type, chain, imageUrl, provider. */
export interface ConnectorInfo {
  id: string
  name: string
  type: 'ANNOUNCED' | 'INJECTED'
  chain: ChainNamespace
  imageUrl?: string
  rdns?: string
  /**
   * The wallet itself, as it announced itself: the EIP-1193 provider of an EIP-6963 wallet, the
   * Wallet Standard wallet of a Solana one. For apps that talk to a wallet before connecting.
   */
  provider?: unknown
}

export type AccountStatus = 'connected' | 'connecting' | 'reconnecting' | 'disconnected'

export interface AccountSnapshot {
  status: AccountStatus
  address?: string
  chainId?: number | string
  connectorId?: string
}

export interface NativeBalance {
  value: bigint
  decimals: number
  symbol: string
}

/** §5 Send: a native or token transfer from the connected account. */
export interface TransferRequest {
  network: CaipNetwork
  /** The receiver, already validated for the namespace */
  to: string
  /** In the token's smallest unit */
  amount: bigint
  /** A token contract / SPL mint; undefined for the native coin */
  token?: { address: string; decimals: number }
}

/** A transaction the services built (a swap, an approve), sent by the wallet as it is. */
export interface TransactionRequest {
  network: CaipNetwork
  to: `0x${string}`
  data: `0x${string}`
  /** Wei */
  value: bigint
}

/** §3 Gas price: standard, fast, instant (wei per gas). */
export interface GasPrice {
  standard: bigint
  fast: bigint
  instant: bigint
}

/** The heavy part of an adapter, loaded after first paint. */
export interface AdapterEngine {
  connect(connectorId: string, network?: CaipNetwork): Promise<AccountSnapshot>
  /** Resolves false when the connector is gone or no longer authorised. */
  reconnect(connectorId: string): Promise<boolean>
  disconnect(): Promise<void>
  switchNetwork(network: CaipNetwork): Promise<void>
  getBalance(address: string, network: CaipNetwork): Promise<NativeBalance>
  watchAccount(onChange: (account: AccountSnapshot) => void): () => void
  getProvider(connectorId?: string): unknown
  /**
   * §4 SIWX: the connected wallet signs the text (EVM personal_sign: 0x hex; Solana
   * signMessage: base58).
   */
  signMessage(message: string): Promise<string>
  /** §5 Sends the transfer through the connected wallet; resolves with the tx hash/signature. */
  sendTransfer(request: TransferRequest): Promise<string>
  /** §3 EVM only; other namespaces leave it out. */
  getGasPrice?(network: CaipNetwork): Promise<GasPrice>
  /** EVM only: sends a built transaction through the connected wallet; resolves with its hash. */
  sendTransaction?(request: TransactionRequest): Promise<string>
  /** EVM only: resolves once the transaction is mined, with whether it succeeded. */
  waitForTransaction?(network: CaipNetwork, hash: string): Promise<'success' | 'reverted'>
  /** EVM only: calls `onBlock` with each new block number of `network`; returns the stop. */
  watchBlocks?(network: CaipNetwork, onBlock: (block: bigint) => void): () => void
}

/**
 * EIP-1193 over a wallet the modal itself holds (a WalletConnect session, the embedded wallet):
 * what wagmi (or an app) talks to.
 */
export interface ModalEip1193Provider {
  request(args: { method: string; params?: unknown }): Promise<unknown>
  on(event: string, listener: (...args: unknown[]) => void): void
  removeListener(event: string, listener: (...args: unknown[]) => void): void
  /** True while the wallet holds an account (a session exists, the visitor is signed in). */
  readonly connected: boolean
  disconnect(): Promise<void>
}

export interface AdapterContext {
  networks: readonly CaipNetwork[]
  projectId: string
  /** The modal's WalletConnect session as EIP-1193; loads WalletConnect on first call. */
  walletConnect?: () => Promise<ModalEip1193Provider>
  /** §7 The embedded (email/social) wallet as EIP-1193; loads its frame on first call. */
  embeddedWallet?: () => Promise<ModalEip1193Provider>
  /**
   * Whether the modal has started each of those (a pairing, a login, a stored session): until
   * then nothing may load them, e.g. an app's own wagmi reconnect probing every connector.
   */
  started?: { walletConnect(): boolean; embeddedWallet(): boolean }
}

/** What `createAppKit({ adapters })` takes: a light object that discovers wallets and loads its engine. */
export interface ChainAdapter {
  readonly namespace: ChainNamespace
  /** Wallet discovery that works before the engine loads (EIP-6963, Wallet Standard). */
  watchConnectors(onChange: (connectors: ConnectorInfo[]) => void): () => void
  load(ctx: AdapterContext): Promise<AdapterEngine>
}
