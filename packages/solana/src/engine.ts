import type { AccountSnapshot, AdapterEngine, NativeBalance } from '@latchkey/core/internal'
import { ProviderNotFoundError, ProviderRpcError } from '@latchkey/core/internal'
import type { CaipNetwork } from '@latchkey/core/networks'
import {
  address,
  createSolanaRpc,
  getBase58Decoder,
  type Rpc,
  type SolanaRpcApi,
} from '@solana/kit'
import { getWallets } from '@wallet-standard/app'
import type { Wallet, WalletAccount } from '@wallet-standard/base'
import type {
  StandardConnectFeature,
  StandardDisconnectFeature,
  StandardEventsFeature,
} from '@wallet-standard/features'
import { chainReferenceOf, pickNetwork, solanaChains, supportsNetwork } from './chains.ts'
import { waitForConfirmation } from './confirm.ts'
import {
  Feature,
  LAMPORT_DECIMALS,
  ProviderErrorCode,
  WALLET_REGISTER_WAIT_MS,
} from './constants.ts'
import { notConnectedError, SolanaErrorText } from './errors.ts'
import type { Session } from './session.ts'
import { chainOf, signAndSendTransaction, signMessage } from './signing.ts'
import { getSplBalances, type SplTokenBalance } from './tokens.ts'
import { buildTransferTransaction, tokenProgramOf } from './transfer.ts'
import { createWalletProvider, type Provider } from './walletProvider.ts'
import { waitForWallet } from './wallets.ts'

type Connect = StandardConnectFeature[typeof Feature.connect]
type Disconnect = StandardDisconnectFeature[typeof Feature.disconnect]
type Events = StandardEventsFeature[typeof Feature.events]

export interface SolanaEngineOptions {
  /** The app's Solana networks; others are ignored */
  networks: readonly CaipNetwork[]
  /** How long connect/reconnect wait for the wallet to register (default 2 s) */
  walletWaitMs?: number
}

export interface SolanaEngine extends AdapterEngine {
  /** AppKit's Solana `Provider`, with `request()` */
  getProvider(connectorId?: string): Provider | undefined
  /** SPL balances of an owner on the network (Token and Token-2022 accounts). */
  getTokenBalances(owner: string, network: CaipNetwork): Promise<SplTokenBalance[]>
}

function featureOf<T>(wallet: Wallet, name: string): T | undefined {
  return (wallet.features as Record<string, T | undefined>)[name]
}

/** The chains an account takes: its own list, else its wallet's. */
function chainsOf(wallet: Wallet, account: WalletAccount): readonly string[] {
  return account.chains.length > 0 ? account.chains : wallet.chains
}

/** The first account that takes a Solana chain (or lists none). */
function solanaAccount(wallet: Wallet, accounts: readonly WalletAccount[]) {
  return accounts.find((account) => {
    const chains = chainsOf(wallet, account)
    return chains.length === 0 || solanaChains(chains).length > 0
  })
}

/** The Solana adapter's engine: Wallet Standard wallets for accounts and signing, @solana/kit for the chain. */
export function createSolanaEngine(options: SolanaEngineOptions): SolanaEngine {
  const networks = options.networks.filter((n) => n.chainNamespace === 'solana')
  const listeners = new Set<(account: AccountSnapshot) => void>()
  const rpcs = new Map<string, Rpc<SolanaRpcApi>>()
  let session: Session | undefined
  let stopWatching: (() => void) | undefined

  function rpcFor(network: CaipNetwork): Rpc<SolanaRpcApi> {
    const url = network.rpcUrls.default.http[0]
    if (!url) throw new Error(SolanaErrorText.noRpcUrl(network.caipNetworkId))
    let rpc = rpcs.get(url)
    if (!rpc) {
      rpc = createSolanaRpc(url)
      rpcs.set(url, rpc)
    }
    return rpc
  }

  function snapshot(): AccountSnapshot {
    if (!session) return { status: 'disconnected' }
    const chains = solanaChains(chainsOf(session.wallet, session.account))
    // No configured network fits: report the account's own chain, which the modal shows as unsupported.
    const chainId = session.network?.id ?? chainReferenceOf(chains[0] ?? 'solana:mainnet')
    return {
      status: 'connected',
      address: session.account.address,
      chainId,
      connectorId: session.connectorId,
    }
  }

  function emit() {
    const current = snapshot()
    for (const listener of listeners) listener(current)
  }

  function end() {
    stopWatching?.()
    stopWatching = undefined
    session = undefined
  }

  /** The wallet's account changes, and the wallet going away, end or move the session. */
  function watch(wallet: Wallet) {
    const offs: (() => void)[] = []
    const events = featureOf<Events>(wallet, Feature.events)
    if (events) {
      offs.push(
        events.on('change', ({ accounts }) => {
          if (!accounts || session?.wallet !== wallet) return
          const current = session.account.address
          const account =
            accounts.find((a) => a.address === current) ?? solanaAccount(wallet, accounts)
          if (!account) {
            end()
          } else {
            const chains = chainsOf(wallet, account)
            const network =
              session.network && supportsNetwork(chains, session.network)
                ? session.network
                : pickNetwork(chains, networks)
            session = { ...session, account, network }
          }
          emit()
        }),
      )
    }
    offs.push(
      getWallets().on('unregister', (...gone) => {
        if (session && gone.includes(session.wallet)) {
          end()
          emit()
        }
      }),
    )
    return () => {
      for (const off of offs) off()
    }
  }

  function start(
    wallet: Wallet,
    connectorId: string,
    accounts: readonly WalletAccount[],
    preferred?: CaipNetwork,
  ): boolean {
    const account = solanaAccount(wallet, accounts)
    if (!account) return false
    end()
    session = {
      wallet,
      connectorId,
      account,
      network: pickNetwork(chainsOf(wallet, account), networks, preferred),
    }
    stopWatching = watch(wallet)
    emit()
    return true
  }

  async function connectWallet(connectorId: string, silent: boolean) {
    const wallet = await waitForWallet(connectorId, options.walletWaitMs ?? WALLET_REGISTER_WAIT_MS)
    if (!wallet) throw new ProviderNotFoundError(SolanaErrorText.walletNotFound(connectorId))
    const connect = featureOf<Connect>(wallet, Feature.connect)
    if (!connect) throw new ProviderNotFoundError(SolanaErrorText.walletNotFound(connectorId))
    const { accounts } = await connect.connect(silent ? { silent: true } : undefined)
    return { wallet, accounts }
  }

  const provider = createWalletProvider({
    session: () => session,
    rpc: (s) => {
      // The account is on none of the app's networks: there is no RPC to send through.
      if (!s.network) {
        throw new ProviderRpcError(
          ProviderErrorCode.unknownChain,
          SolanaErrorText.chainNotApproved(chainOf(s)),
        )
      }
      return rpcFor(s.network)
    },
  })

  return {
    async connect(connectorId, network) {
      const { wallet, accounts } = await connectWallet(connectorId, false)
      const preferred = network?.chainNamespace === 'solana' ? network : undefined
      if (!start(wallet, connectorId, accounts, preferred))
        throw new Error(SolanaErrorText.noAccount)
      return snapshot()
    },

    async reconnect(connectorId) {
      try {
        const { wallet, accounts } = await connectWallet(connectorId, true)
        return start(wallet, connectorId, accounts)
      } catch {
        return false
      }
    },

    async disconnect() {
      const wallet = session?.wallet
      end()
      emit()
      const disconnect = wallet && featureOf<Disconnect>(wallet, Feature.disconnect)
      if (disconnect) await disconnect.disconnect()
    },

    async switchNetwork(network) {
      const known = networks.find((n) => n.caipNetworkId === network.caipNetworkId)
      const refuse = () =>
        new ProviderRpcError(
          ProviderErrorCode.unknownChain,
          SolanaErrorText.chainNotApproved(network.caipNetworkId),
        )
      if (!known) throw refuse()
      if (!session) return
      // Solana wallets have no switch: the account either takes the chain or it does not.
      if (!supportsNetwork(chainsOf(session.wallet, session.account), known)) throw refuse()
      session = { ...session, network: known }
      emit()
    },

    async getBalance(owner, network): Promise<NativeBalance> {
      const { value } = await rpcFor(network).getBalance(address(owner)).send()
      return {
        value: BigInt(value),
        decimals: LAMPORT_DECIMALS,
        symbol: network.nativeCurrency.symbol,
      }
    },

    async signMessage(text) {
      if (!session) throw notConnectedError()
      const signature = await signMessage(session, new TextEncoder().encode(text))
      return getBase58Decoder().decode(signature)
    },

    getTokenBalances(owner, network) {
      return getSplBalances(rpcFor(network), owner)
    },

    watchAccount(onChange) {
      listeners.add(onChange)
      return () => {
        listeners.delete(onChange)
      }
    },

    async sendTransfer({ network, to, amount, token }) {
      if (!session) throw notConnectedError()
      const current: Session = { ...session, network }
      const rpc = rpcFor(network)
      const program = token ? await tokenProgramOf(rpc, token.address) : undefined
      const { value: lifetime } = await rpc.getLatestBlockhash().send()
      const transaction = await buildTransferTransaction(
        {
          from: current.account.address,
          to,
          amount,
          token: token && program && { mint: token.address, decimals: token.decimals, program },
        },
        lifetime,
      )
      const signature = await signAndSendTransaction(current, () => rpc, transaction)
      await waitForConfirmation(rpc, signature)
      return signature
    },

    getProvider(connectorId) {
      if (connectorId !== undefined && connectorId !== session?.connectorId) return undefined
      return provider
    },
  }
}
