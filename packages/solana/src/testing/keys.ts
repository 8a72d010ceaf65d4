// Test support only: ed25519 verification, fresh receivers and the devnet's funded test wallets.
import { createPublicKey, verify } from 'node:crypto'
import { SOLANA_TEST_ACCOUNTS, type SolanaDevnet } from '@latchkey/devnet'
import { createSolanaTestWallet, generateSecretKey } from '@latchkey/e2e/solanaWallet'
import { getBase58Decoder } from '@solana/kit'
import { getWallets } from '@wallet-standard/app'

/** ed25519 verification with node:crypto against the raw 32-byte public key. */
export function verifiesEd25519(
  message: Uint8Array,
  signature: Uint8Array,
  publicKey: Uint8Array,
): boolean {
  const spki = Buffer.concat([Buffer.from('302a300506032b6570032100', 'hex'), publicKey])
  return verify(
    null,
    message,
    createPublicKey({ key: spki, format: 'der', type: 'spki' }),
    signature,
  )
}

/** An address nobody holds (no account on chain yet). */
export const freshAddress = () => getBase58Decoder().decode(generateSecretKey().slice(32))

let registered = 0

/**
 * A real Wallet Standard wallet holding one of the devnet's funded keys, registered on the page;
 * connect it as `ws:<name>`. `unregister()` takes it off again.
 */
export function registerFundedWallet(
  devnet: SolanaDevnet,
  accountIndex: number,
  omitFeatures: string[] = [],
) {
  const account = SOLANA_TEST_ACCOUNTS[accountIndex]
  if (!account) throw new Error(`no Solana test account ${accountIndex}`)
  const name = `Funded Test Wallet ${++registered}`
  const test = createSolanaTestWallet({
    secretKey: account.secretKey,
    rpcUrl: devnet.rpcUrl,
    chain: devnet.caipNetworkId,
    name,
    omitFeatures,
  })
  const unregister = getWallets().register(test.wallet)
  return { test, connectorId: `ws:${name}`, owner: account.address, account, unregister }
}
