// What the engine holds of a connected wallet, whichever way it was found: a Wallet Standard
// wallet (standardLink.ts) or a Sats Connect provider (satsLink.ts).
import type { CaipNetwork } from '@latchkey/core/networks'

export type AddressType = 'p2wpkh' | 'p2tr' | 'p2sh' | 'p2pkh' | 'p2wsh'

/** AppKit's `BitcoinConnector.AccountAddress`. */
export interface AccountAddress {
  address: string
  /** Hex, without 0x */
  publicKey?: string
  path?: string
  purpose: 'payment' | 'ordinal' | 'stx'
}

export interface SignedPsbt {
  psbt: Uint8Array
  /** Set when the wallet broadcast it */
  txid?: string
}

export type LinkEvent =
  /** The wallet now gives these accounts (the first is the payment one), on these chains */
  | { kind: 'accounts'; accounts: AccountAddress[]; chains: string[] }
  /** The wallet ended the connection or went away */
  | { kind: 'gone' }

export interface WalletLink {
  readonly connectorId: string
  readonly walletName: string
  /** The payment account first */
  readonly accounts: readonly AccountAddress[]
  /** CAIP-2 ids of the chains the payment account is on */
  readonly chains: readonly string[]
  /** The wallet object itself (a Wallet Standard wallet or a Sats Connect provider) */
  readonly wallet: unknown
  /** BIP-322 signature of the text by the payment account, base64 */
  signMessage(message: string, address: string): Promise<string>
  /**
   * Signs the inputs of each address. Wallet Standard wallets only sign (the engine broadcasts);
   * a Sats Connect wallet broadcasts itself when asked.
   */
  signPsbt(
    psbt: Uint8Array,
    signInputs: Readonly<Record<string, number[]>>,
    network: CaipNetwork,
    broadcast: boolean,
  ): Promise<SignedPsbt>
  /** A wallet that builds and sends transfers itself (Sats Connect); txid */
  sendTransfer?(to: string, amount: bigint): Promise<string>
  disconnect(): Promise<void>
  watch(onEvent: (event: LinkEvent) => void): () => void
}

/** The type of an address, from its form alone. */
export function addressTypeOf(address: string): AddressType | undefined {
  if (/^(bc|tb|bcrt)1q[02-9ac-hj-np-z]{38}$/i.test(address)) return 'p2wpkh'
  if (/^(bc|tb|bcrt)1q[02-9ac-hj-np-z]{58}$/i.test(address)) return 'p2wsh'
  if (/^(bc|tb|bcrt)1p[02-9ac-hj-np-z]{58}$/i.test(address)) return 'p2tr'
  if (/^[32][1-9A-HJ-NP-Za-km-z]{25,34}$/.test(address)) return 'p2sh'
  if (/^[1mn][1-9A-HJ-NP-Za-km-z]{25,34}$/.test(address)) return 'p2pkh'
  return undefined
}

const PREFERENCE: readonly (AddressType | undefined)[] = ['p2wpkh', 'p2tr', 'p2sh', 'p2pkh']

/** The account to pay from: payment-purpose first, and among those P2WPKH, then P2TR. */
export function preferPayment(accounts: readonly AccountAddress[]): AccountAddress[] {
  const rank = (account: AccountAddress) => {
    const purpose = account.purpose === 'payment' ? 0 : 10
    const type = PREFERENCE.indexOf(addressTypeOf(account.address))
    return purpose + (type < 0 ? PREFERENCE.length : type)
  }
  return [...accounts].sort((a, b) => rank(a) - rank(b))
}
