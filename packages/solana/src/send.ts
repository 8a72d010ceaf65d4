import {
  type Base64EncodedWireTransaction,
  getBase64Decoder,
  type Rpc,
  type SolanaRpcApi,
} from '@solana/kit'
import { commitmentLevel, type SolanaSendOptions } from './commitment.ts'

/** Submits a signed wire transaction through the RPC's `sendTransaction`; its signature (base58). */
export function sendWireTransaction(
  rpc: Rpc<SolanaRpcApi>,
  wire: Uint8Array,
  options: SolanaSendOptions = {},
): Promise<string> {
  const encoded = getBase64Decoder().decode(wire) as Base64EncodedWireTransaction
  return rpc
    .sendTransaction(encoded, {
      encoding: 'base64',
      skipPreflight: options.skipPreflight,
      preflightCommitment: commitmentLevel(options.preflightCommitment),
      maxRetries: options.maxRetries === undefined ? undefined : BigInt(options.maxRetries),
      minContextSlot:
        options.minContextSlot === undefined ? undefined : BigInt(options.minContextSlot),
    })
    .send()
}
