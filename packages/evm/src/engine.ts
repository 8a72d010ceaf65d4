import {
  type AccountSnapshot,
  type AdapterEngine,
  ProviderNotFoundError,
} from '@latchkey/core/internal'
import type { CaipNetwork } from '@latchkey/core/networks'
import {
  type Config,
  type Connector,
  connect,
  disconnect,
  estimateFeesPerGas,
  // getAccount/watchAccount: the names @wagmi/core 2 has; 3 keeps them as aliases of
  // getConnection/watchConnection, so one build runs with either major.
  getAccount,
  getBalance,
  reconnect,
  sendTransaction,
  signMessage,
  switchChain,
  ProviderNotFoundError as WagmiProviderNotFoundError,
  waitForTransactionReceipt,
  watchAccount,
  watchBlockNumber,
  writeContract,
} from '@wagmi/core'
import { erc20Abi, numberToHex } from 'viem'

/** How long to wait for an EIP-6963 wallet to announce itself after a page load. */
const ANNOUNCE_WAIT_MS = 2_000

function errorCodes(error: unknown): number[] {
  const codes: number[] = []
  let current = error as { code?: unknown; cause?: unknown } | undefined
  for (let depth = 0; current && depth < 5; depth++) {
    if (typeof current.code === 'number') codes.push(current.code)
    current = current.cause as typeof current
  }
  return codes
}

/** 4902 is the standard "unknown chain"; some wallets answer 4901 (not connected to that chain). */
function isUnknownChain(error: unknown) {
  return errorCodes(error).some((code) => code === 4902 || code === 4901)
}

function snapshotOf(config: Config): AccountSnapshot {
  const connection = getAccount(config)
  return {
    status: connection.status,
    address: connection.address,
    chainId: connection.chainId,
    connectorId: connection.connector?.id,
  }
}

async function waitForConnector(config: Config, id: string): Promise<Connector | undefined> {
  const deadline = Date.now() + ANNOUNCE_WAIT_MS
  for (;;) {
    const connector = config.connectors.find((c) => c.id === id)
    if (connector || Date.now() > deadline) return connector
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}

/** How long a reconnect waits for one that wagmi already runs (the app's reconnectOnMount). */
const RECONNECT_WAIT_MS = 15_000
/** Another reconnect may start while ours waits: how often ours tries before giving up. */
const RECONNECT_ATTEMPTS = 3

/**
 * wagmi runs one reconnect at a time: 'reconnecting' when it had a connection stored, else
 * 'connecting' (an app's WagmiProvider reconnects on mount; nothing else connects during a load).
 */
const isReconnecting = (config: Config) =>
  config.state.status === 'reconnecting' || config.state.status === 'connecting'

/** Resolves once wagmi is not reconnecting (or after RECONNECT_WAIT_MS). */
function reconnectSettled(config: Config): Promise<void> {
  if (!isReconnecting(config)) return Promise.resolve()
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer)
      stop()
      resolve()
    }
    const timer = setTimeout(done, RECONNECT_WAIT_MS)
    const stop = config.subscribe(
      (state) => state.status,
      () => {
        if (!isReconnecting(config)) done()
      },
    )
  })
}

const connectedWith = (config: Config, connectorId: string) =>
  [...config.state.connections.values()].some((c) => c.connector.id === connectorId)

/** wagmi's "no provider" (a connector whose wallet left) as core's, so core sees the wallet gone */
function asOurs(error: unknown): unknown {
  if (!(error instanceof WagmiProviderNotFoundError)) return error
  return new ProviderNotFoundError(error.shortMessage, { cause: error })
}

export function createWagmiEngine(config: Config): AdapterEngine {
  const watchers = new Set<(account: AccountSnapshot) => void>()
  /** Someone else's reconnect may have finished before we watched: say where things stand. */
  function announce(): true {
    for (const watcher of [...watchers]) watcher(snapshotOf(config))
    return true
  }

  async function addAndSwitch(connector: Connector, network: CaipNetwork) {
    const provider = (await connector.getProvider()) as {
      request(args: { method: string; params?: unknown[] }): Promise<unknown>
    }
    await provider.request({
      method: 'wallet_addEthereumChain',
      params: [
        {
          chainId: numberToHex(Number(network.id)),
          chainName: network.name,
          nativeCurrency: network.nativeCurrency,
          rpcUrls: network.rpcUrls.default.http,
          blockExplorerUrls: network.blockExplorers
            ? [network.blockExplorers.default.url]
            : undefined,
        },
      ],
    })
    await switchChain(config, { chainId: Number(network.id), connector })
  }

  return {
    async connect(connectorId) {
      const connector = await waitForConnector(config, connectorId)
      if (!connector) throw new ProviderNotFoundError(`Wallet ${connectorId} not found`)
      if (getAccount(config).connector?.id !== connectorId) {
        await connect(config, { connector }).catch((error: unknown) => {
          throw asOurs(error)
        })
      }
      return snapshotOf(config)
    },
    async reconnect(connectorId) {
      const connector = await waitForConnector(config, connectorId)
      if (!connector) return false
      // wagmi answers [] to a reconnect while another runs (an app's WagmiProvider reconnects on
      // mount, possibly before this wallet could answer): wait for that one, then run ours.
      for (let attempt = 0; attempt < RECONNECT_ATTEMPTS; attempt++) {
        await reconnectSettled(config)
        if (connectedWith(config, connectorId)) return announce()
        const connections = await reconnect(config, { connectors: [connector] })
        if (connections.length > 0) return true
        // Ours ran (wagmi is idle again) and this wallet did not come back.
        if (!isReconnecting(config)) return connectedWith(config, connectorId) && announce()
      }
      return false
    },
    async disconnect() {
      // A reconnect under way (an app's WagmiProvider reconnects on mount) would put the wallet
      // back into wagmi's connections after this disconnect: let it end first.
      await reconnectSettled(config)
      await disconnect(config)
    },
    async switchNetwork(network) {
      const connector = getAccount(config).connector
      try {
        await switchChain(config, { chainId: Number(network.id), connector })
      } catch (error) {
        if (!connector || !isUnknownChain(error)) throw error
        await addAndSwitch(connector, network)
      }
    },
    async getBalance(address, network) {
      const balance = await getBalance(config, {
        address: address as `0x${string}`,
        chainId: Number(network.id),
      })
      return { value: balance.value, decimals: balance.decimals, symbol: balance.symbol }
    },
    watchAccount(onChange) {
      watchers.add(onChange)
      const stop = watchAccount(config, { onChange: () => onChange(snapshotOf(config)) })
      return () => {
        watchers.delete(onChange)
        stop()
      }
    },
    signMessage(message) {
      return signMessage(config, { message })
    },
    async sendTransfer({ network, to, amount, token }) {
      const chainId = Number(network.id)
      const receiver = to as `0x${string}`
      if (!token) return sendTransaction(config, { chainId, to: receiver, value: amount })
      return writeContract(config, {
        chainId,
        address: token.address as `0x${string}`,
        abi: erc20Abi,
        functionName: 'transfer',
        args: [receiver, amount],
      })
    },
    async getGasPrice(network) {
      const fees = await estimateFeesPerGas(config, { chainId: Number(network.id), type: 'legacy' })
      const standard = fees.gasPrice
      // §3 three speeds; the node gives one price, faster ones bid 20% and 50% over it.
      return { standard, fast: (standard * 12n) / 10n, instant: (standard * 15n) / 10n }
    },
    sendTransaction({ network, to, data, value }) {
      return sendTransaction(config, { chainId: Number(network.id), to, data, value })
    },
    async waitForTransaction(network, hash) {
      const receipt = await waitForTransactionReceipt(config, {
        chainId: Number(network.id),
        hash: hash as `0x${string}`,
      })
      return receipt.status
    },
    watchBlocks(network, onBlock) {
      return watchBlockNumber(config, {
        chainId: Number(network.id),
        onBlockNumber: onBlock,
        emitOnBegin: false,
      })
    },
    getProvider(connectorId) {
      const connector = connectorId
        ? config.connectors.find((c) => c.id === connectorId)
        : getAccount(config).connector
      return connector?.getProvider()
    },
  }
}
