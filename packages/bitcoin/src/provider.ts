// What `getProvider()` / `useAppKitProvider('bip122')` gives an app: AppKit's BitcoinConnector
// methods (getAccountAddresses, signMessage, signPSBT, sendTransfer), over the engine.
import { invalidParamsError } from './errors.ts'
import type { AccountAddress } from './link.ts'

/** AppKit's `BitcoinConnector.SignPSBTParams`; `signInputs` may also be Sats Connect's record. */
export interface SignPSBTParams {
  /** base64 */
  psbt: string
  /** Default: every input of the connected payment address */
  signInputs?:
    | { address: string; index: number; sighashTypes?: number[] }[]
    | Record<string, number[]>
  /** Broadcast once signed; default false */
  broadcast?: boolean
}

export interface SignPSBTResponse {
  /** The signed PSBT, base64 */
  psbt: string
  /** Set when it was broadcast */
  txid?: string
}

export interface SignPsbtOptions {
  /** The input indexes each address signs; default every input of the payment address */
  signInputs?: Readonly<Record<string, number[]>>
  broadcast?: boolean
}

export interface BitcoinProvider {
  /** The connected wallet's connector id; undefined once disconnected */
  readonly connectorId: string | undefined
  /** The wallet object: a Wallet Standard wallet or a Sats Connect provider */
  readonly wallet: unknown
  /** The authorised addresses, the payment one first */
  getAccountAddresses(): Promise<AccountAddress[]>
  /** BIP-322 signature, base64; by the payment address unless `address` names another account */
  signMessage(params: { message: string; address?: string }): Promise<string>
  signPSBT(params: SignPSBTParams): Promise<SignPSBTResponse>
  /** Sends `amount` satoshis on the connected network; resolves with the txid */
  sendTransfer(params: { recipient: string; amount: string | number | bigint }): Promise<string>
  /** Moves to another configured network the account is on (refused otherwise) */
  switchNetwork(caipNetworkId: string): Promise<void>
}

/** What the provider needs of the engine's connection. */
export interface ProviderHost {
  connectorId(): string | undefined
  wallet(): unknown
  accounts(): AccountAddress[]
  signMessage(message: string, address?: string): Promise<string>
  signPsbt(psbtBase64: string, options: SignPsbtOptions): Promise<SignPSBTResponse>
  sendTransfer(to: string, amount: bigint): Promise<string>
  switchNetwork(caipNetworkId: string): Promise<void>
}

function toSignInputs(value: SignPSBTParams['signInputs']): Record<string, number[]> | undefined {
  if (value === undefined) return undefined
  if (!Array.isArray(value)) return value
  const byAddress: Record<string, number[]> = {}
  for (const { address, index } of value) {
    if (typeof address !== 'string' || !Number.isSafeInteger(index)) {
      throw invalidParamsError('signPSBT', 'signInputs of { address, index }')
    }
    byAddress[address] = [...(byAddress[address] ?? []), index]
  }
  return byAddress
}

function satoshis(value: unknown): bigint {
  try {
    const amount = BigInt(value as string)
    if (amount > 0n) return amount
  } catch {}
  throw invalidParamsError('sendTransfer', 'an amount in satoshis, a positive whole number')
}

export function createBitcoinProvider(host: ProviderHost): BitcoinProvider {
  return {
    get connectorId() {
      return host.connectorId()
    },
    get wallet() {
      return host.wallet()
    },
    async getAccountAddresses() {
      return host.accounts().map((account) => ({ ...account }))
    },
    signMessage({ message, address }) {
      if (typeof message !== 'string') throw invalidParamsError('signMessage', 'a message string')
      return host.signMessage(message, address)
    },
    signPSBT({ psbt, signInputs, broadcast }) {
      return host.signPsbt(psbt, { signInputs: toSignInputs(signInputs), broadcast })
    },
    sendTransfer({ recipient, amount }) {
      if (typeof recipient !== 'string') throw invalidParamsError('sendTransfer', 'a recipient')
      return host.sendTransfer(recipient, satoshis(amount))
    },
    switchNetwork(caipNetworkId) {
      return host.switchNetwork(caipNetworkId)
    },
  }
}
