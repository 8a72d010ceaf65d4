// Test support only: nothing in the library imports this module.
import { createStore } from 'zustand/vanilla'
import type { TokenBalance } from '../api/api.ts'
import type { AccountState, ChainState } from '../appkitState.ts'
import type { AdapterEngine, TransferRequest } from '../connection/adapter.ts'
import type { AppKitEventName } from '../events.ts'
import type { CaipNetwork } from '../networks.ts'
import { localChainA, localChainB, localSolana } from '../networks.ts'
import { initialPortfolioState, type PortfolioState } from '../portfolio/portfolioState.ts'
import { createToastController } from '../router/toast.ts'
import { createSendController } from '../send/send.ts'
import { initialSendState, type SendState } from '../send/sendState.ts'
import { manualClock } from './realServer.ts'

/** The devnet's first test account (packages/devnet), as a wallet reports it. */
export const SENDER = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
export const RECEIVER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
export const SOL_SENDER = 'CSEmpGoVoFKC2c4guvZB15TCfj7WNZa6UDNdqm7F6wU4'
export const SOL_RECEIVER = 'CYfYFvowub3xu49ZRcNQ9JZGJLRujxY7TyE2W9kEdUGQ'

export const eth: TokenBalance = {
  name: 'Ether',
  symbol: 'ETH',
  chainId: localChainA.caipNetworkId,
  value: 3000,
  price: 3000,
  quantity: { decimals: '18', numeric: '1' },
  iconUrl: 'https://icons.example/eth.png',
}
export const usd: TokenBalance = {
  name: 'Latchkey USD',
  symbol: 'lUSD',
  chainId: localChainA.caipNetworkId,
  address: `${localChainA.caipNetworkId}:0x5FbDB2315678afecb367f032d93F642f64180aa3`,
  value: 100.5,
  price: 1,
  quantity: { decimals: '6', numeric: '100.5' },
  iconUrl: 'https://icons.example/lusd.png',
}
/** The same token contract on the devnet's second chain. */
export const usdOnB: TokenBalance = {
  ...usd,
  chainId: localChainB.caipNetworkId,
  address: `${localChainB.caipNetworkId}:0x5FbDB2315678afecb367f032d93F642f64180aa3`,
  quantity: { decimals: '6', numeric: '7' },
}
export const sol: TokenBalance = {
  name: 'Solana',
  symbol: 'SOL',
  chainId: localSolana.caipNetworkId,
  value: 300,
  price: 150,
  quantity: { decimals: '9', numeric: '2' },
  iconUrl: 'https://icons.example/sol.png',
}
export const splMint = 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB'
export const spl: TokenBalance = {
  ...sol,
  name: 'Tether',
  symbol: 'USDT',
  address: `${localSolana.caipNetworkId}:${splMint}`,
  price: 1,
  quantity: { decimals: '6', numeric: '5' },
}

export interface SendSetupOptions {
  network?: CaipNetwork
  address?: string
  tokens?: TokenBalance[]
  /** The wallet's side of the send: what the connected wallet answers */
  engine?: Partial<AdapterEngine>
  loadEngine?: () => Promise<AdapterEngine>
  refreshPortfolio?: () => Promise<void>
  /** Names as receivers (README "Names"): the names controller's resolve */
  resolveName?: (name: string) => Promise<string>
}

/**
 * The send controller over real stores and a real toast controller, with the wallet (the adapter
 * engine, tested against anvil in packages/evm) standing in as the caller gives it. Records what
 * the controller asks of the wallet, tracks and logs.
 */
export function setupSend(options: SendSetupOptions = {}) {
  const network = options.network ?? localChainA
  const namespace = network.chainNamespace
  const account = createStore<AccountState>(() => ({
    status: 'connected',
    address: options.address ?? (namespace === 'solana' ? SOL_SENDER : SENDER),
    namespace,
    balanceLoading: false,
  }))
  const chain = createStore<ChainState>(() => ({
    networks: [localChainA, localChainB, localSolana],
    activeCaipNetwork: network,
    activeNamespace: namespace,
    unsupported: false,
  }))
  const portfolio = createStore<PortfolioState>(() => ({
    ...initialPortfolioState(),
    tokens: options.tokens ?? (namespace === 'solana' ? [sol, spl] : [eth, usd, usdOnB]),
  }))
  const send = createStore<SendState>(initialSendState)
  const transfers: TransferRequest[] = []
  const events: { event: AppKitEventName; properties?: Record<string, unknown> }[] = []
  const logs: { message: string; detail?: unknown }[] = []
  let refreshes = 0
  const engine = {
    sendTransfer: async (request: TransferRequest) => {
      transfers.push(request)
      return '0xabc'
    },
    ...options.engine,
  } as AdapterEngine
  const clock = manualClock()
  const toast = createToastController(clock)
  const controller = createSendController({
    stores: { account, chain, portfolio, send },
    loadEngine: options.loadEngine ?? (async () => engine),
    refreshPortfolio: async () => {
      refreshes++
      await options.refreshPortfolio?.()
    },
    toast,
    track: (event: AppKitEventName, properties?: Record<string, unknown>) => {
      events.push(properties === undefined ? { event } : { event, properties })
    },
    log: (message, detail) => {
      logs.push({ message, detail })
    },
    resolveName: options.resolveName,
  })
  /** The visitor picks a token and fills in the form. */
  function fill(tokenKey: string, amount: string, receiver: string) {
    controller.selectToken(tokenKey)
    send.setState({ amount, receiver })
  }
  return {
    controller,
    account,
    chain,
    portfolio,
    send,
    toast: toast.store,
    transfers,
    events,
    logs,
    fill,
    refreshes: () => refreshes,
  }
}
