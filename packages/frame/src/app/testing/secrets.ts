// Test support: what only the frame should be able to do, done by a test to check the frame —
// decrypt the fake server's blobs — and the check that no key is kept or logged in plain form.
import { expect } from 'vitest'
import { base58Decode, base58Encode } from '../base58.ts'
import { decryptPrivateKey, importWrappingKey } from '../keys.ts'
import { decryptSolanaSeed, solanaAddressOf } from '../solanaKey.ts'
import type { FakeUser } from './fakeAuthShared.ts'

/** The plain EVM key and Solana seed the server's blobs hold. */
export async function serverKeys(user: FakeUser | undefined) {
  if (!user?.wallet || !user.solanaWallet) throw new Error('the user has not both wallets')
  const key = await importWrappingKey(user.wrappingKey)
  return {
    privateKey: await decryptPrivateKey(key, user.wallet),
    seed: await decryptSolanaSeed(key, user.solanaWallet),
  }
}

/**
 * Neither key appears in `text`: not as hex, base64 or base58, not even a 16-byte part, nor as
 * the 64-byte seed-and-public-key form Solana tools write.
 */
export async function expectNoPlainKeys(text: string, privateKey: string, seed: Uint8Array) {
  const lower = text.toLowerCase()
  expect(lower).not.toContain(privateKey.slice(2).toLowerCase())
  expect(lower).not.toContain(privateKey.slice(2, 34).toLowerCase())
  const publicKey = base58Decode(await solanaAddressOf(seed)) ?? new Uint8Array()
  const bytes = Buffer.from(seed)
  for (const form of [
    bytes.toString('hex'),
    bytes.subarray(0, 16).toString('hex'),
    bytes.toString('base64'),
    bytes.toString('base64url'),
    bytes.subarray(0, 15).toString('base64'),
    base58Encode(seed),
    base58Encode(new Uint8Array([...seed, ...publicKey])),
    JSON.stringify([...seed]).slice(1, -1),
  ]) {
    expect(text).not.toContain(form)
  }
}
