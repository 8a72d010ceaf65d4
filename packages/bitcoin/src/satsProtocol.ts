// Sats Connect's provider protocol, as @sats-connect/core 0.17 (the core of sats-connect 4)
// defines it: a wallet announces itself in `window.btc_providers` with the path of its provider
// object on `window`; the provider's `request(method, params)` answers a JSON-RPC 2.0 response.
// Spoken here directly, without the sats-connect package.
import { ProviderRpcError } from '@latchkey/core/internal'
import { BitcoinErrorText } from './errors.ts'

/** An entry of `window.btc_providers`. */
export interface SatsProviderInfo {
  /** The provider's path on `window`, e.g. `XverseProviders.BitcoinProvider` */
  id: string
  name: string
  icon: string
  webUrl?: string
  chromeWebStoreUrl?: string
  mozillaAddOnsUrl?: string
  googlePlayStoreUrl?: string
  iOSAppStoreUrl?: string
  methods?: string[]
}

export type SatsRpcResponse =
  | { jsonrpc: '2.0'; id: string | number | null; result: unknown }
  | {
      jsonrpc: '2.0'
      id: string | number | null
      error: { code: number; message: string; data?: unknown }
    }

/** A `btc_providers` wallet's provider object: the part of it this adapter uses. */
export interface SatsProvider {
  request(method: string, params: unknown): Promise<SatsRpcResponse>
  /** `accountChange`, `networkChange`, `disconnect`; returns the removal */
  addListener?(listener: { eventName: string; cb: (event: unknown) => void }): () => void
}

/** `AddressPurpose` and `AddressType` of Sats Connect's addresses */
export interface SatsAddress {
  address: string
  publicKey: string
  purpose: string
  addressType?: string
  walletType?: string
}

/** `wallet_getNetwork`'s result (and `wallet_connect`'s `network`) */
export interface SatsNetwork {
  bitcoin: { name: string }
}

/** One request: its result, or the wallet's error as a ProviderRpcError with the wallet's code. */
export async function satsRequest<T>(
  provider: SatsProvider,
  method: string,
  params: unknown = null,
): Promise<T> {
  const response = (await provider.request(method, params)) as Partial<{
    result: unknown
    error: { code?: unknown; message?: unknown }
  }>
  if (response && typeof response === 'object' && response.error) {
    const code = typeof response.error.code === 'number' ? response.error.code : -32603
    const message = String(response.error.message ?? '')
    throw new ProviderRpcError(code, BitcoinErrorText.providerError(code, message))
  }
  if (!response || typeof response !== 'object' || !('result' in response)) {
    throw new Error(BitcoinErrorText.unknownResponse(method))
  }
  return response.result as T
}
