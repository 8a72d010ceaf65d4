import { ProviderRpcError } from '@latchkey/core/internal'
import { type AnyTransaction, walletWire } from './anyTransaction.ts'
import { asBytes } from './bytes.ts'
import { commitmentLevel, type SolanaSendOptions } from './commitment.ts'
import { ProviderErrorCode } from './constants.ts'
import { notConnectedError, SolanaErrorText } from './errors.ts'
import { createSolanaProvider, type SolanaProvider, type SolanaProviderDeps } from './provider.ts'
import { type SolanaPublicKey, toPublicKey } from './publicKey.ts'
import type { Session } from './session.ts'
import { signAndSendTransaction, signMessage, signTransactions } from './signing.ts'

/** Where `sendTransaction` submits: our connection (useAppKitConnection) or web3.js's `Connection`. */
export interface RawTransactionSender {
  sendRawTransaction(rawTransaction: Uint8Array, options?: SolanaSendOptions): Promise<string>
}

/**
 * AppKit's Solana `Provider` (what `useAppKitProvider<Provider>('solana').walletProvider` is),
 * on top of the WalletConnect-style `request()`. Every transaction method takes @solana/web3.js
 * `Transaction`/`VersionedTransaction` and @solana/kit `Transaction` alike and gives back the
 * kind it was given; signatures are base58.
 */
export interface Provider extends SolanaProvider {
  /** The connected account's key; undefined while nothing is connected */
  readonly publicKey: SolanaPublicKey | undefined
  /** The wallet's ed25519 signature of the bytes */
  signMessage(message: Uint8Array): Promise<Uint8Array>
  /**
   * A web3.js transaction is signed in place (as its `partialSign` does) and returned; a kit
   * one comes back as a new signed kit transaction.
   */
  signTransaction<T extends AnyTransaction>(transaction: T): Promise<T>
  /** All in one wallet request, in order */
  signAllTransactions<T extends AnyTransaction[]>(transactions: T): Promise<T>
  /** Signed and submitted by the wallet (or signed, then sent through the network's RPC) */
  signAndSendTransaction(transaction: AnyTransaction, options?: SolanaSendOptions): Promise<string>
  /** Signed by the wallet, then submitted through `connection.sendRawTransaction` */
  sendTransaction(
    transaction: AnyTransaction,
    connection: RawTransactionSender,
    options?: SolanaSendOptions,
  ): Promise<string>
}

function invalid(method: string, expected: string): never {
  throw new ProviderRpcError(
    ProviderErrorCode.invalidParams,
    SolanaErrorText.invalidParams(method, expected),
  )
}

/** The Solana engine's provider: `request()` and AppKit's methods over the live wallet session. */
export function createWalletProvider(deps: SolanaProviderDeps): Provider {
  const base = createSolanaProvider(deps)
  let key: SolanaPublicKey | undefined

  function live(): Session {
    const session = deps.session()
    if (!session) throw notConnectedError()
    return session
  }

  async function signAll<T extends AnyTransaction[]>(method: string, transactions: T) {
    const session = live()
    const wires = transactions.map((transaction) => walletWire(transaction, method))
    const signed = await signTransactions(
      session,
      wires.map((w) => w.wire),
      method,
    )
    return wires.map((w, index) => {
      const bytes = signed[index]
      if (!bytes) throw new Error(SolanaErrorText.noSignedTransaction)
      return w.withSigned(bytes)
    }) as T
  }

  return {
    request: base.request,

    get publicKey() {
      const address = deps.session()?.account.address
      if (!address) return undefined
      // One object per account, so that it can sit in React dependency lists.
      if (key?.toBase58() !== address) key = toPublicKey(address)
      return key
    },

    async signMessage(message) {
      const session = live()
      const bytes = asBytes(message) ?? invalid('signMessage', 'the message as a Uint8Array')
      return signMessage(session, bytes)
    },

    async signTransaction(transaction) {
      const [signed] = await signAll('signTransaction', [transaction])
      return signed as typeof transaction
    },

    async signAllTransactions(transactions) {
      if (!Array.isArray(transactions) || transactions.length === 0) {
        invalid('signAllTransactions', 'a non-empty array of transactions')
      }
      return signAll('signAllTransactions', transactions)
    },

    async signAndSendTransaction(transaction, options = {}) {
      const session = live()
      const { wire } = walletWire(transaction, 'signAndSendTransaction')
      return signAndSendTransaction(session, () => deps.rpc(session), wire, {
        ...options,
        preflightCommitment: commitmentLevel(options.preflightCommitment),
      })
    },

    async sendTransaction(transaction, connection, options) {
      const session = live()
      const { wire } = walletWire(transaction, 'sendTransaction')
      if (typeof connection?.sendRawTransaction !== 'function') {
        invalid('sendTransaction', 'a connection with sendRawTransaction (useAppKitConnection)')
      }
      const [signed] = await signTransactions(session, [wire], 'sendTransaction')
      if (!signed) throw new Error(SolanaErrorText.noSignedTransaction)
      return connection.sendRawTransaction(signed, options)
    },
  }
}
