// The shapes of the Wallet Standard's Bitcoin features, as ExodusMovement/bitcoin-wallet-standard
// defines them (@exodus/bitcoin-wallet-standard-features 0.0.1; MetaMask's Bitcoin wallet
// implements the same): restated here so that discovery needs no package of theirs.
import type { IdentifierString, WalletAccount } from '@wallet-standard/base'

export type BitcoinAddressPurpose = 'payment' | 'ordinals'

export interface BitcoinConnectFeature {
  readonly version: '1.0.0'
  /** Accounts in the order of `purposes` */
  connect(input: {
    readonly purposes: BitcoinAddressPurpose[]
  }): Promise<{ readonly accounts: readonly WalletAccount[] }>
}

export interface BitcoinSignMessageFeature {
  readonly version: '1.0.0'
  signMessage(
    ...inputs: readonly { readonly account: WalletAccount; readonly message: Uint8Array }[]
  ): Promise<readonly { readonly signedMessage: Uint8Array; readonly signature: Uint8Array }[]>
}

export type BitcoinSigHashFlag =
  | 'ALL'
  | 'NONE'
  | 'SINGLE'
  | 'ALL|ANYONECANPAY'
  | 'NONE|ANYONECANPAY'
  | 'SINGLE|ANYONECANPAY'

export interface InputToSign {
  readonly account: WalletAccount
  readonly signingIndexes: number[]
  readonly sigHash?: BitcoinSigHashFlag
}

export interface BitcoinSignTransactionInput {
  /** The PSBT's raw bytes */
  readonly psbt: Uint8Array
  readonly inputsToSign: InputToSign[]
  readonly chain?: IdentifierString
}

export interface BitcoinSignTransactionFeature {
  readonly version: '1.0.0'
  signTransaction(
    ...inputs: readonly BitcoinSignTransactionInput[]
  ): Promise<readonly { readonly signedPsbt: Uint8Array }[]>
}

export interface BitcoinSignAndSendTransactionFeature {
  readonly version: '1.0.0'
  signAndSendTransaction(
    ...inputs: readonly (BitcoinSignTransactionInput & { readonly chain: IdentifierString })[]
  ): Promise<readonly { readonly txId: string }[]>
}

/** Wallet Standard's `standard:connect` (a wallet may offer it beside `bitcoin:connect`). */
export interface StandardConnectFeature {
  readonly version: string
  connect(input?: { silent?: boolean }): Promise<{ readonly accounts: readonly WalletAccount[] }>
}

export interface DisconnectFeature {
  readonly version: string
  disconnect(): Promise<void>
}

export interface EventsFeature {
  readonly version: string
  on(
    event: 'change',
    listener: (properties: { accounts?: readonly WalletAccount[] }) => void,
  ): () => void
}
