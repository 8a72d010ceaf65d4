// Real keys for the SIWX tests: a viem private-key account and a WebCrypto Ed25519 key pair.
import {
  type CaipNetworkId,
  encodeBase58,
  type SIWXMessageData,
  type SIWXSession,
  siwxMessageText,
} from '@latchkey/core/internal'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'

export const EVM_CHAIN: CaipNetworkId = 'eip155:1'
export const SOLANA_CHAIN: CaipNetworkId = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'

export interface TestSigner {
  address: string
  chainId: CaipNetworkId
  sign(message: string): Promise<string>
}

export function evmSigner(chainId: CaipNetworkId = EVM_CHAIN): TestSigner {
  const account = privateKeyToAccount(generatePrivateKey())
  return { address: account.address, chainId, sign: (message) => account.signMessage({ message }) }
}

export async function solanaSigner(chainId: CaipNetworkId = SOLANA_CHAIN): Promise<TestSigner> {
  const keys = (await crypto.subtle.generateKey({ name: 'Ed25519' }, true, [
    'sign',
    'verify',
  ])) as CryptoKeyPair
  const raw = new Uint8Array(await crypto.subtle.exportKey('raw', keys.publicKey))
  return {
    address: encodeBase58(raw),
    chainId,
    async sign(message) {
      const bytes = new Uint8Array(new TextEncoder().encode(message))
      const signature = await crypto.subtle.sign({ name: 'Ed25519' }, keys.privateKey, bytes)
      return encodeBase58(new Uint8Array(signature))
    },
  }
}

/** Message data for `signer`'s account, valid for an hour from now unless `fields` say otherwise. */
export function messageData(
  signer: Pick<TestSigner, 'address' | 'chainId'>,
  fields: Partial<SIWXMessageData> = {},
): SIWXMessageData {
  const now = Date.now()
  return {
    accountAddress: signer.address,
    chainId: signer.chainId,
    domain: 'app.example',
    uri: 'https://app.example/login',
    version: '1',
    nonce: 'Nonce1234567890a',
    issuedAt: new Date(now).toISOString(),
    expirationTime: new Date(now + 60 * 60 * 1000).toISOString(),
    ...fields,
  }
}

/** `data`'s standard text, signed by `signer` (the session the modal hands to addSession). */
export async function signedSession(
  signer: TestSigner,
  data: SIWXMessageData = messageData(signer),
): Promise<SIWXSession> {
  const message = siwxMessageText(data)
  return { data, message, signature: await signer.sign(message) }
}
