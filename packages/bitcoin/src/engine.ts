import type { AccountSnapshot, AdapterEngine, NativeBalance } from '@latchkey/core/internal'
import type { CaipNetwork } from '@latchkey/core/networks'
import { base64 } from '@scure/base'
import { pickNetwork } from './chains.ts'
import {
  BIP122_PREFIX,
  SATOSHI_DECIMALS,
  SATS_CONNECT_CONNECTOR_PREFIX,
  STANDARD_CONNECTOR_PREFIX,
  WALLET_REGISTER_WAIT_MS,
} from './constants.ts'
import {
  BitcoinErrorText,
  BitcoinTransferError,
  notConnectedError,
  unknownChainError,
  walletNotFoundError,
} from './errors.ts'
import { createEsploraClient, type EsploraClient, esploraUrlOf } from './esplora.ts'
import type { AccountAddress, LinkEvent, WalletLink } from './link.ts'
import {
  type BitcoinProvider,
  createBitcoinProvider,
  type SignPSBTResponse,
  type SignPsbtOptions,
} from './provider.ts'
import { decodePsbt, finalizedTransaction, inputsOf, psbtBytes } from './psbt.ts'
import { openSatsLink } from './satsLink.ts'
import { openStandardLink } from './standardLink.ts'
import { buildTransfer, checkTransfer, insufficientFunds } from './transfer.ts'

export interface BitcoinEngineOptions {
  /** The app's Bitcoin networks; others are ignored */
  networks: readonly CaipNetwork[]
  /** How long connect/reconnect wait for the wallet to appear (default 2 s) */
  walletWaitMs?: number
}

export interface BitcoinEngine extends AdapterEngine {
  /** AppKit's BitcoinConnector over the connected wallet */
  getProvider(connectorId?: string): BitcoinProvider | undefined
  /**
   * Signs a PSBT (base64) with the connected wallet; with `broadcast`, sends it too (Wallet
   * Standard wallets through the network's Esplora, Sats Connect wallets themselves).
   */
  signPSBT(psbtBase64: string, options?: SignPsbtOptions): Promise<SignPSBTResponse>
  /** The authorised addresses, the payment one first; empty when disconnected */
  getAccountAddresses(): AccountAddress[]
}

interface Session {
  link: WalletLink
  accounts: AccountAddress[]
  /** CAIP-2 ids of the chains the payment address is on */
  chains: string[]
  /** A configured network the account is on; undefined when it is on none of them */
  network: CaipNetwork | undefined
}

const OPENERS = [
  [STANDARD_CONNECTOR_PREFIX, openStandardLink],
  [SATS_CONNECT_CONNECTOR_PREFIX, openSatsLink],
] as const

/** The Bitcoin adapter's engine: the wallet signs; Esplora reads balances and coins and broadcasts. */
export function createBitcoinEngine(options: BitcoinEngineOptions): BitcoinEngine {
  const networks = options.networks.filter((n) => n.chainNamespace === 'bip122')
  const waitMs = options.walletWaitMs ?? WALLET_REGISTER_WAIT_MS
  const listeners = new Set<(account: AccountSnapshot) => void>()
  const clients = new Map<string, EsploraClient>()
  let session: Session | undefined
  let stopWatching: (() => void) | undefined

  function esploraFor(network: CaipNetwork): EsploraClient {
    const url = esploraUrlOf(network)
    let client = clients.get(url)
    if (!client) {
      client = createEsploraClient(network)
      clients.set(url, client)
    }
    return client
  }

  function snapshot(): AccountSnapshot {
    const payment = session?.accounts[0]
    if (!session || !payment) return { status: 'disconnected' }
    // No configured network fits: report the account's own chain, which the modal shows as unsupported.
    const chainId = session.network?.id ?? session.chains[0]?.slice(BIP122_PREFIX.length)
    return {
      status: 'connected',
      address: payment.address,
      chainId,
      connectorId: session.link.connectorId,
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

  function onLinkEvent(link: WalletLink, event: LinkEvent) {
    if (session?.link !== link) return
    if (event.kind === 'gone') {
      end()
    } else {
      const { accounts, chains } = event
      const kept = session.network && chains.includes(session.network.caipNetworkId)
      session = {
        ...session,
        accounts,
        chains,
        network: kept ? session.network : pickNetwork(chains, networks),
      }
    }
    emit()
  }

  function start(link: WalletLink, preferred?: CaipNetwork) {
    end()
    const chains = [...link.chains]
    session = {
      link,
      accounts: [...link.accounts],
      chains,
      network: pickNetwork(chains, networks, preferred),
    }
    stopWatching = link.watch((event) => onLinkEvent(link, event))
    emit()
  }

  function open(connectorId: string, silent: boolean) {
    const opener = OPENERS.find(([prefix]) => connectorId.startsWith(prefix))?.[1]
    if (!opener) throw walletNotFoundError(connectorId)
    return opener(connectorId, { silent, waitMs })
  }

  function connected(): Session & { payment: AccountAddress } {
    const payment = session?.accounts[0]
    if (!session || !payment) throw notConnectedError()
    return { ...session, payment }
  }

  /** The network to act on: a configured one the account is on. */
  function usable(current: Session, network: CaipNetwork | undefined): CaipNetwork {
    const address = current.accounts[0]?.address ?? ''
    if (!network) {
      throw unknownChainError(BitcoinErrorText.chainNotApproved(current.chains[0] ?? ''))
    }
    if (!current.chains.includes(network.caipNetworkId)) {
      throw unknownChainError(BitcoinErrorText.networkNotOnAccount(network.name, address))
    }
    return network
  }

  /** Finalizes a signed PSBT and broadcasts it; the txid Esplora gives, checked against ours. */
  async function broadcast(signed: Uint8Array, network: CaipNetwork): Promise<string> {
    const { rawHex, txid } = finalizedTransaction(signed)
    const accepted = await esploraFor(network).broadcast(rawHex)
    if (accepted !== txid) throw new Error(BitcoinErrorText.txidMismatch(txid, accepted))
    return txid
  }

  async function signPsbt(psbtBase64: string, psbtOptions: SignPsbtOptions = {}) {
    const current = connected()
    const network = usable(current, current.network)
    const bytes = psbtBytes(psbtBase64, 'signPSBT')
    const tx = decodePsbt(bytes)
    const from = current.payment.address
    let signInputs = psbtOptions.signInputs
    if (!signInputs) {
      const own = inputsOf(tx, from, network)
      if (own.length === 0) throw new Error(BitcoinErrorText.noInputsToSign(from))
      signInputs = { [from]: own }
    }
    const wanted = psbtOptions.broadcast === true
    const signed = await current.link.signPsbt(bytes, signInputs, network, wanted)
    const txid = signed.txid ?? (wanted ? await broadcast(signed.psbt, network) : undefined)
    return { psbt: base64.encode(signed.psbt), ...(txid !== undefined && { txid }) }
  }

  async function transfer(to: string, amount: bigint, target: CaipNetwork | undefined) {
    const current = connected()
    const network = usable(current, target)
    checkTransfer(to, amount, network)
    const esplora = esploraFor(network)
    const { payment, link } = current
    if (link.sendTransfer) {
      const available = await esplora.balance(payment.address)
      if (available < amount) throw insufficientFunds(amount, available)
      return link.sendTransfer(to, amount)
    }
    const plan = await buildTransfer(
      { from: payment.address, publicKey: payment.publicKey, to, amount, network },
      esplora,
    )
    const signed = await link.signPsbt(plan.psbt, { [payment.address]: plan.inputs }, network, true)
    return signed.txid ?? broadcast(signed.psbt, network)
  }

  async function switchNetwork(network: CaipNetwork) {
    const known = networks.find((n) => n.caipNetworkId === network.caipNetworkId)
    if (!known) throw unknownChainError(BitcoinErrorText.chainNotApproved(network.caipNetworkId))
    if (!session) return
    session = { ...session, network: usable(session, known) }
    emit()
  }

  const provider = createBitcoinProvider({
    connectorId: () => session?.link.connectorId,
    wallet: () => session?.link.wallet,
    accounts: () => connected().accounts,
    async signMessage(message, address) {
      const current = connected()
      return current.link.signMessage(message, address ?? current.payment.address)
    },
    signPsbt,
    sendTransfer: (to, amount) => transfer(to, amount, session?.network),
    async switchNetwork(caipNetworkId) {
      const known = networks.find((n) => n.caipNetworkId === caipNetworkId)
      if (!known) throw unknownChainError(BitcoinErrorText.chainNotApproved(caipNetworkId))
      await switchNetwork(known)
    },
  })

  return {
    async connect(connectorId, network) {
      const link = await open(connectorId, false)
      if (!link) throw new Error(BitcoinErrorText.noAccount)
      start(link, network?.chainNamespace === 'bip122' ? network : undefined)
      return snapshot()
    },

    /** Never prompts: see standardLink.ts and satsLink.ts for what each kind answers silently. */
    async reconnect(connectorId) {
      try {
        const link = await open(connectorId, true)
        if (!link) return false
        start(link)
        return true
      } catch {
        return false
      }
    },

    async disconnect() {
      const link = session?.link
      end()
      emit()
      await link?.disconnect()
    },

    switchNetwork,

    async getBalance(address, network): Promise<NativeBalance> {
      return {
        value: await esploraFor(network).balance(address),
        decimals: SATOSHI_DECIMALS,
        symbol: network.nativeCurrency.symbol,
      }
    },

    watchAccount(onChange) {
      listeners.add(onChange)
      return () => {
        listeners.delete(onChange)
      }
    },

    async signMessage(text) {
      const current = connected()
      return current.link.signMessage(text, current.payment.address)
    },

    async sendTransfer({ network, to, amount, token }) {
      if (token) throw new BitcoinTransferError(BitcoinErrorText.tokensUnsupported)
      return transfer(to, amount, network)
    },

    signPSBT: signPsbt,

    getAccountAddresses() {
      return session ? session.accounts.map((account) => ({ ...account })) : []
    },

    getProvider(connectorId) {
      if (!session || (connectorId !== undefined && connectorId !== session.link.connectorId)) {
        return undefined
      }
      return provider
    },
  }
}
