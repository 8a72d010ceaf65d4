// The embedded wallet's Solana account as a Wallet Standard wallet (spec §7 "Embedded wallet"):
// the Solana adapter finds it by its connector id `ws:Latchkey Email` and connects, signs and
// sends through it like through any other wallet. Each signature is an APP_RPC_REQUEST to the
// frame (chainNamespace 'solana') that waits for the visitor's approval there, through the
// session's frame RPC that the EVM provider uses too. Loaded with the frame client, after a login
// or a restored session; nothing here is in the first load.

import type {
  SolanaSignAndSendTransactionFeature,
  SolanaSignMessageFeature,
  SolanaSignTransactionFeature,
} from '@solana/wallet-standard-features'
import type { IdentifierString, Wallet, WalletAccount, WalletIcon } from '@wallet-standard/base'
import type {
  StandardConnectFeature,
  StandardDisconnectFeature,
  StandardEventsFeature,
  StandardEventsListeners,
} from '@wallet-standard/features'
import { encodeBase58 } from '../base58.ts'
import { ProviderRpcError } from '../connection/eip1193.ts'
import {
  EMBEDDED_SOLANA_CONNECTOR_ID,
  EMBEDDED_SOLANA_WALLET_NAME,
  EMBEDDED_WALLET_FEATURE,
} from '../constants.ts'
import { ErrorText } from '../errors.ts'
import type { CaipNetwork } from '../networks.ts'
import { type EmbeddedUserAccounts, solanaAddressOf, solanaPublicKey } from './embeddedAccounts.ts'
import { embeddedWalletNetworks } from './embeddedNetworks.ts'
import { httpRpcUrl } from './embeddedProvider.ts'
import { malformed, signatureBytes, toBase64, wireBytes } from './embeddedSolanaBytes.ts'
import type { EmbeddedSession } from './embeddedWallet.ts'

export { EMBEDDED_SOLANA_CONNECTOR_ID, EMBEDDED_SOLANA_WALLET_NAME }

/** The frame's Solana methods (social-api.md "Frame"), all unsafe (§6): approved in the frame. */
export type EmbeddedSolanaMethod =
  | 'solana_signMessage'
  | 'solana_signTransaction'
  | 'solana_signAllTransactions'
  | 'solana_signAndSendTransaction'

/** EIP-1193 / Wallet Standard error codes the wallet answers with */
const Code = { unauthorized: 4100, unknownChain: 4902, internal: -32603 } as const

const ACCOUNT_FEATURES = [
  'solana:signMessage',
  'solana:signTransaction',
  'solana:signAndSendTransaction',
] as const satisfies readonly IdentifierString[]
const TRANSACTION_VERSIONS = ['legacy', 0] as const

const ICON: WalletIcon = `data:image/svg+xml;base64,${btoa(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#3b82f6"/><path d="M7 10h18v12H7z" fill="none" stroke="#fff" stroke-width="2"/><path d="m7 10 9 7 9-7" fill="none" stroke="#fff" stroke-width="2"/></svg>',
)}`

type Features = StandardConnectFeature &
  StandardDisconnectFeature &
  StandardEventsFeature &
  SolanaSignMessageFeature &
  SolanaSignTransactionFeature &
  SolanaSignAndSendTransactionFeature & {
    readonly [EMBEDDED_WALLET_FEATURE]: { readonly version: '1.0.0' }
  }

export interface EmbeddedSolanaWallet {
  readonly wallet: Wallet & { readonly features: Features }
  /** The signed-in user's Solana account; undefined, or a user without one: no account. */
  setAccount(user: EmbeddedUserAccounts | undefined): void
  /** The frame session (and the app's networks) requests go through, e.g. after it was recreated. */
  bind(session: EmbeddedSession, networks: readonly CaipNetwork[]): void
}

/**
 * The wallet object. Its only account is the signed-in user's Solana account, shown to the app
 * once it has connected (connect() always answers: the modal itself decides when to connect).
 */
export function createEmbeddedSolanaWallet(
  session: EmbeddedSession,
  networks: readonly CaipNetwork[],
): EmbeddedSolanaWallet {
  let current = session
  let solanaNetworks = embeddedWalletNetworks(networks).filter((n) => n.chainNamespace === 'solana')
  let account: WalletAccount | undefined
  let connected = false
  const listeners = new Set<StandardEventsListeners['change']>()

  const chains = () => solanaNetworks.map((n) => n.caipNetworkId) as IdentifierString[]
  const accounts = (): readonly WalletAccount[] => (account && connected ? [account] : [])

  function emitChange() {
    const properties = { accounts: accounts() }
    for (const listener of [...listeners]) listener(properties)
  }

  /** Signing out of the frame (from the EVM side too) takes the account away. */
  const onSignedOut = () => setAccount(undefined)
  let unfollow = follow(session)
  function follow(target: EmbeddedSession) {
    target.provider.on('disconnect', onSignedOut)
    return () => target.provider.removeListener('disconnect', onSignedOut)
  }

  function setAccount(user: EmbeddedUserAccounts | undefined) {
    const address = solanaAddressOf(user)
    const publicKey = address && solanaPublicKey(address)
    if (address === account?.address) return
    const shown = connected
    account =
      address && publicKey
        ? Object.freeze({ address, publicKey, chains: chains(), features: [...ACCOUNT_FEATURES] })
        : undefined
    if (!account) connected = false
    if (shown) emitChange()
  }

  function requireAccount(input: { account: WalletAccount }): WalletAccount {
    if (!account || !connected || input.account?.address !== account.address) {
      throw new ProviderRpcError(Code.unauthorized, ErrorText.notConnectedToEmailOrSocial)
    }
    return account
  }

  /**
   * The network of a Wallet Standard chain (`solana:<ref>`); without one (where the feature lets
   * the chain out), the first network.
   */
  function networkOf(chain: IdentifierString | undefined, required = false): CaipNetwork {
    const network =
      chain === undefined && !required
        ? solanaNetworks[0]
        : solanaNetworks.find((n) => n.caipNetworkId === chain)
    if (!network) {
      throw new ProviderRpcError(Code.unknownChain, `Chain ${chain} is not supported`)
    }
    return network
  }

  async function request(
    method: EmbeddedSolanaMethod,
    params: Record<string, unknown>,
    network: CaipNetwork,
  ): Promise<Record<string, unknown>> {
    const result = await current.rpc.send({
      method,
      params,
      chainNamespace: 'solana',
      chainId: String(network.id),
      rpcUrl: httpRpcUrl(network),
    })
    if (typeof result !== 'object' || result === null) throw malformed(method)
    return result as Record<string, unknown>
  }

  const features: Features = {
    'standard:connect': {
      version: '1.0.0',
      async connect(input) {
        if (!account) {
          if (input?.silent) return { accounts: [] }
          throw new ProviderRpcError(Code.unauthorized, ErrorText.notConnectedToEmailOrSocial)
        }
        if (!connected) {
          connected = true
          emitChange()
        }
        return { accounts: accounts() }
      },
    },
    'standard:disconnect': {
      version: '1.0.0',
      // The app forgets the account; signing out of the frame is the EVM provider's (both go).
      async disconnect() {
        if (!connected) return
        connected = false
        emitChange()
      },
    },
    'standard:events': {
      version: '1.0.0',
      on(event, listener) {
        if (event !== 'change') return () => undefined
        const own = (properties: Parameters<StandardEventsListeners['change']>[0]) =>
          listener(properties)
        listeners.add(own)
        return () => listeners.delete(own)
      },
    },
    'solana:signMessage': {
      version: '1.1.0',
      async signMessage(...inputs) {
        const outputs = []
        for (const input of inputs) {
          const { address } = requireAccount(input)
          const method = 'solana_signMessage'
          const reply = await request(
            method,
            { message: encodeBase58(input.message), pubkey: address },
            networkOf(undefined),
          )
          outputs.push({
            signedMessage: input.message,
            signature: signatureBytes(reply.signature, method),
            signatureType: 'ed25519' as const,
          })
        }
        return outputs
      },
    },
    'solana:signTransaction': {
      version: '1.0.0',
      supportedTransactionVersions: TRANSACTION_VERSIONS,
      async signTransaction(...inputs) {
        for (const input of inputs) requireAccount(input)
        const targets = inputs.map((input) => networkOf(input.chain))
        const [first] = targets
        // Several for one chain: one approval in the frame for all of them.
        if (first && inputs.length > 1 && targets.every((n) => n === first)) {
          const method = 'solana_signAllTransactions'
          const reply = await request(
            method,
            { transactions: inputs.map((input) => toBase64(input.transaction)) },
            first,
          )
          const signed = reply.transactions
          if (!Array.isArray(signed) || signed.length !== inputs.length) throw malformed(method)
          return signed.map((wire) => ({ signedTransaction: wireBytes(wire, method) }))
        }
        const outputs = []
        for (const [index, input] of inputs.entries()) {
          const method = 'solana_signTransaction'
          const reply = await request(
            method,
            { transaction: toBase64(input.transaction) },
            targets[index] as CaipNetwork,
          )
          outputs.push({ signedTransaction: wireBytes(reply.transaction, method) })
        }
        return outputs
      },
    },
    'solana:signAndSendTransaction': {
      version: '1.0.0',
      supportedTransactionVersions: TRANSACTION_VERSIONS,
      async signAndSendTransaction(...inputs) {
        const outputs = []
        for (const input of inputs) {
          requireAccount(input)
          const method = 'solana_signAndSendTransaction'
          const reply = await request(
            method,
            {
              transaction: toBase64(input.transaction),
              ...(input.options ? { options: { ...input.options } } : {}),
            },
            networkOf(input.chain, true),
          )
          outputs.push({ signature: signatureBytes(reply.signature, method) })
        }
        return outputs
      },
    },
    [EMBEDDED_WALLET_FEATURE]: { version: '1.0.0' },
  }

  const wallet = {
    version: '1.0.0' as const,
    name: EMBEDDED_SOLANA_WALLET_NAME,
    icon: ICON,
    get chains() {
      return chains()
    },
    get accounts() {
      return accounts()
    },
    features,
  }

  return {
    wallet,
    setAccount,
    bind(next, nextNetworks) {
      if (next !== current) {
        unfollow()
        current = next
        unfollow = follow(next)
      }
      solanaNetworks = embeddedWalletNetworks(nextNetworks).filter(
        (n) => n.chainNamespace === 'solana',
      )
    },
  }
}
