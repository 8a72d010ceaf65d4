// Test support only: regtest keys and addresses built with @scure/btc-signer.
import { hex } from '@scure/base'
import { p2tr, p2wpkh } from '@scure/btc-signer'
import { pubECDSA, pubSchnorr, randomPrivateKeyBytes, sha256 } from '@scure/btc-signer/utils.js'
import { REGTEST_ADDRESS_PARAMS } from '../constants.ts'

export type TestAddressKind = 'p2wpkh' | 'p2tr'

export interface TestKey {
  privateKey: Uint8Array
  kind: TestAddressKind
  address: string
  /** Hex: the compressed key (P2WPKH) or the x-only internal key (P2TR) */
  publicKey: string
}

/** A regtest key: from a label (the same one each run) or random. */
export function testKey(kind: TestAddressKind = 'p2wpkh', label?: string): TestKey {
  const privateKey =
    label === undefined
      ? randomPrivateKeyBytes()
      : sha256(new TextEncoder().encode(`latchkey bitcoin test key ${label}`))
  if (kind === 'p2tr') {
    const internal = pubSchnorr(privateKey)
    const address = p2tr(internal, undefined, REGTEST_ADDRESS_PARAMS).address as string
    return { privateKey, kind, address, publicKey: hex.encode(internal) }
  }
  const publicKey = pubECDSA(privateKey, true)
  const address = p2wpkh(publicKey, REGTEST_ADDRESS_PARAMS).address as string
  return { privateKey, kind, address, publicKey: hex.encode(publicKey) }
}

/** An address nobody holds. */
export const freshAddress = () => testKey().address
