import { describe, expect, it } from 'vitest'
import { SOLANA_FAUCET_KEYPAIR, SOLANA_MINT_KEYPAIR, SOLANA_TEST_ACCOUNTS } from './accounts.ts'
import { SOLANA_KEY_LABELS, SOLANA_TEST_ACCOUNT_COUNT } from './constants.ts'
import { keypairFromSeed, seedOfLabel, signWithSecretKey } from './keys.ts'

describe('Solana keypairs', () => {
  it('are the ed25519 keypairs of the labelled seeds', () => {
    expect(SOLANA_TEST_ACCOUNTS).toHaveLength(SOLANA_TEST_ACCOUNT_COUNT)
    SOLANA_TEST_ACCOUNTS.forEach((account, index) => {
      expect(account).toEqual(keypairFromSeed(seedOfLabel(SOLANA_KEY_LABELS.account(index))))
    })
    expect(SOLANA_MINT_KEYPAIR).toEqual(keypairFromSeed(seedOfLabel(SOLANA_KEY_LABELS.mint)))
    expect(SOLANA_FAUCET_KEYPAIR).toEqual(keypairFromSeed(seedOfLabel(SOLANA_KEY_LABELS.faucet)))
  })

  it('hold 64-byte secret keys that WebCrypto accepts and that sign like node:crypto', async () => {
    const { createKeyPairFromBytes, signBytes, verifySignature } = await import('@solana/kit')
    const [account] = SOLANA_TEST_ACCOUNTS
    if (!account) throw new Error('no test account')
    expect(account.secretKey).toHaveLength(64)
    const pair = await createKeyPairFromBytes(account.secretKey)
    const message = new TextEncoder().encode('latchkey')
    const signature = signWithSecretKey(account.secretKey, message)
    expect(await signBytes(pair.privateKey, message)).toEqual(signature)
    expect(await verifySignature(pair.publicKey, signature as never, message)).toBe(true)
  })
})
