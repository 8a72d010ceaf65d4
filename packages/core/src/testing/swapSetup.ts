// Test support only: nothing in the library imports this module.
import {
  DEVNET_TOKENS,
  type Devnet,
  findFreePort,
  startDevnet,
  TEST_ACCOUNTS,
} from '@latchkey/devnet'
import { createPublicClient, createWalletClient, type Hex, http } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { foundry } from 'viem/chains'
import { createStore } from 'zustand/vanilla'
import type { ConvertApi } from '../api/convert.ts'
import type { AccountState, ChainState } from '../appkitState.ts'
import type { AdapterEngine, TransactionRequest } from '../connection/adapter.ts'
import type { AppKitEventName } from '../events.ts'
import { type CaipNetwork, localChainA, withRpcUrl } from '../networks.ts'
import { initialPortfolioState, type PortfolioState } from '../portfolio/portfolioState.ts'
import { createToastController } from '../router/toast.ts'
import { createSwapController } from '../swap/swap.ts'
import { initialSwapState, type SwapState } from '../swap/swapState.ts'
import { manualClock, realClient, startRealServer } from './realServer.ts'

export const LUSD = DEVNET_TOKENS.find((t) => t.symbol === 'lUSD')?.address as `0x${string}`
export const LKT = DEVNET_TOKENS.find((t) => t.symbol === 'LKT')?.address as `0x${string}`
export const caip10 = (address: string) => `eip155:31337:${address}`
export const ETH = caip10('0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee')

/**
 * The devnet's chain with its exchange, and the real server over it: 31337 swaps, 8453 (the
 * same node) has no exchange.
 */
export async function startSwapStack() {
  const devnet: Devnet = await startDevnet({
    chains: [{ chainId: 31337, port: await findFreePort() }],
  })
  const rpcUrl = devnet.chains[0]?.rpcUrl ?? ''
  const server = await startRealServer({
    chains: [
      { chainId: 31337, rpcUrl },
      { chainId: 8453, rpcUrl },
    ],
  })
  return {
    rpcUrl,
    serverUrl: server.url,
    network: withRpcUrl(localChainA, rpcUrl),
    node: createPublicClient({ chain: foundry, transport: http(rpcUrl) }),
    async stop() {
      await server.close()
      await devnet.stop()
    },
  }
}

/**
 * A wallet that signs with a devnet test key through viem (the modal's real wallets are tested
 * against anvil in packages/evm); records what it was asked to send.
 */
export function keyWallet(rpcUrl: string, accountIndex: number) {
  const key = TEST_ACCOUNTS[accountIndex]?.privateKey as Hex
  const account = privateKeyToAccount(key)
  const wallet = createWalletClient({ account, chain: foundry, transport: http(rpcUrl) })
  const node = createPublicClient({ chain: foundry, transport: http(rpcUrl), pollingInterval: 50 })
  const sent: TransactionRequest[] = []
  const engine: Partial<AdapterEngine> = {
    async sendTransaction(request) {
      sent.push(request)
      return wallet.sendTransaction({ to: request.to, data: request.data, value: request.value })
    },
    async waitForTransaction(_network, hash) {
      return (await node.waitForTransactionReceipt({ hash: hash as Hex })).status
    },
    watchBlocks: (_network, onBlock) => node.watchBlockNumber({ onBlockNumber: onBlock }),
  }
  return { address: account.address, engine, sent }
}

/** The swap controller over real stores, the real server's convert API and `engine`. */
export function setupSwap(options: {
  serverUrl: string
  network: CaipNetwork
  address: string
  engine: Partial<AdapterEngine>
  /** Wraps the convert API (to count calls); the real one by default */
  convert?: (api: ConvertApi) => ConvertApi
}) {
  const api = realClient(options.serverUrl)
  const convert = options.convert ? options.convert(api.convert) : api.convert
  const account = createStore<AccountState>(() => ({
    status: 'connected',
    address: options.address,
    namespace: 'eip155',
    balanceLoading: false,
  }))
  const chain = createStore<ChainState>(() => ({
    networks: [options.network],
    activeCaipNetwork: options.network,
    activeNamespace: 'eip155',
    unsupported: false,
  }))
  const portfolio = createStore<PortfolioState>(initialPortfolioState)
  const swap = createStore<SwapState>(initialSwapState)
  const events: { event: AppKitEventName; properties?: Record<string, unknown> }[] = []
  const toast = createToastController(manualClock())
  /** The visitor's balances, as the data API reads them from the chain */
  const refreshPortfolio = async () => {
    const tokens = await api.getBalances(options.address, options.network.caipNetworkId, {
      forceUpdate: true,
    })
    portfolio.setState({ tokens })
  }
  const controller = createSwapController({
    stores: { account, chain, portfolio, swap },
    convert: async () => convert,
    loadEngine: async () => options.engine as AdapterEngine,
    refreshPortfolio,
    toast,
    track: (event: AppKitEventName, properties?: Record<string, unknown>) => {
      events.push({ event, properties })
    },
    log: () => undefined,
  })
  return { controller, swap, portfolio, chain, toast: toast.store, events, refreshPortfolio }
}
