import { COINBASE_PREFERENCE_DEFAULT } from '../constants.ts'
import type { ConnectorInfo } from './adapter.ts'

/**
 * §3 `coinbasePreference`: which Coinbase wallets the modal offers. 'eoaOnly' and 'all' offer
 * the Coinbase Wallet extension (an EOA); 'smartWalletOnly' offers only Coinbase's smart wallet,
 * which lives in Coinbase's cloud and is not part of Latchkey, so no Coinbase wallet is listed.
 */
export type CoinbasePreference = 'all' | 'smartWalletOnly' | 'eoaOnly'

const PREFERENCES: readonly string[] = ['all', 'smartWalletOnly', 'eoaOnly']

/** The Coinbase Wallet extension's EIP-6963 rdns */
export const COINBASE_EXTENSION_RDNS = 'com.coinbase.wallet'

export function resolveCoinbasePreference(
  value: unknown,
  warn: (message: string) => void,
): CoinbasePreference {
  if (value === undefined) return COINBASE_PREFERENCE_DEFAULT
  if (typeof value === 'string' && PREFERENCES.includes(value)) return value as CoinbasePreference
  warn(`coinbasePreference must be one of ${PREFERENCES.join(', ')}; using 'all'`)
  return COINBASE_PREFERENCE_DEFAULT
}

/** The announced wallets the Connect view lists under the preference. */
export function offeredConnectors(
  list: readonly ConnectorInfo[],
  preference: CoinbasePreference,
): ConnectorInfo[] {
  if (preference !== 'smartWalletOnly') return [...list]
  return list.filter((c) => c.rdns !== COINBASE_EXTENSION_RDNS)
}
