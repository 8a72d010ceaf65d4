// Addresses and output scripts on a network, with @scure/btc-signer: loaded with the engine.
import type { CaipNetwork } from '@latchkey/core/networks'
import { hex } from '@scure/base'
import { Address, NETWORK, OutScript, p2sh, p2tr, p2wpkh, TEST_NETWORK } from '@scure/btc-signer'
import type { TransactionInputUpdate } from '@scure/btc-signer/psbt.js'
import { chainNameOf } from './chains.ts'
import { REGTEST_ADDRESS_PARAMS } from './constants.ts'
import { BitcoinErrorText, BitcoinTransferError } from './errors.ts'

export type AddressParams = typeof NETWORK

/** The address prefixes of a network: mainnet's, regtest's, or the test networks' shared ones. */
export function addressParamsOf(network: CaipNetwork): AddressParams {
  const name = chainNameOf(network)
  if (name === 'mainnet') return NETWORK
  if (name === 'regtest') return REGTEST_ADDRESS_PARAMS
  return name || network.testnet ? TEST_NETWORK : NETWORK
}

/** The output script paying `address` on `network`; a BitcoinTransferError if it is not one. */
export function outputScriptOf(address: string, network: CaipNetwork): Uint8Array {
  try {
    return OutScript.encode(Address(addressParamsOf(network)).decode(address))
  } catch {
    throw new BitcoinTransferError(BitcoinErrorText.invalidAddress(address, network.name))
  }
}

/**
 * What an input of `address` carries for a wallet to sign it: the script it spends, and the
 * key or redeem script a P2TR or P2SH-P2WPKH input needs (from the account's public key).
 */
export function spendingFields(
  address: string,
  publicKey: string | undefined,
  network: CaipNetwork,
): { script: Uint8Array; fields: Partial<TransactionInputUpdate> } {
  const params = addressParamsOf(network)
  const script = outputScriptOf(address, network)
  const decoded = OutScript.decode(script)
  const key = publicKey && /^[0-9a-f]+$/i.test(publicKey) ? hex.decode(publicKey) : undefined
  if (decoded.type === 'wpkh') return { script, fields: {} }
  if (decoded.type === 'tr' && key && (key.length === 32 || key.length === 33)) {
    const internal = key.length === 33 ? key.subarray(1) : key
    if (p2tr(internal, undefined, params).address === address) {
      return { script, fields: { tapInternalKey: internal } }
    }
  }
  if (decoded.type === 'sh' && key?.length === 33) {
    const nested = p2sh(p2wpkh(key, params), params)
    if (nested.address === address) return { script, fields: { redeemScript: nested.redeemScript } }
  }
  throw new BitcoinTransferError(BitcoinErrorText.unspendableAddress(address))
}
