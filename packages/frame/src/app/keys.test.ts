import {
  createKeyPairFromPrivateKeyBytes,
  getAddressFromPublicKey,
  getBase58Decoder,
  getBase58Encoder,
  type SignatureBytes,
  verifySignature,
} from '@solana/kit'
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts'
import { describe, expect, it, vi } from 'vitest'
import { base58Decode, base58Encode, isSolanaAddress } from './base58.ts'
import {
  base64ToBytes,
  bytesToBase64,
  decryptPrivateKey,
  encryptPrivateKey,
  importWrappingKey,
  parseEncryptedWallet,
  randomBase64Url,
} from './keys.ts'
import {
  decryptSolanaSeed,
  encryptSolanaSeed,
  generateSolanaSeed,
  SOLANA_UNSUPPORTED,
  solanaAccountFromSeed,
  solanaAddressOf,
} from './solanaKey.ts'

const wrappingKey = () => bytesToBase64(crypto.getRandomValues(new Uint8Array(32)))

function flip(base64: string, index = 0): string {
  const bytes = base64ToBytes(base64)
  bytes[index] = (bytes[index] ?? 0) ^ 1
  return bytesToBase64(bytes)
}

describe('wallet keys at rest (AES-256-GCM, address as additional data)', () => {
  it('round-trips a private key', async () => {
    const key = await importWrappingKey(wrappingKey())
    const privateKey = generatePrivateKey()
    const address = privateKeyToAddress(privateKey)
    const blob = await encryptPrivateKey(key, privateKey, address)
    expect(base64ToBytes(blob.iv)).toHaveLength(12)
    expect(await decryptPrivateKey(key, blob)).toBe(privateKey)
    // the server may store the address lower-cased
    expect(await decryptPrivateKey(key, { ...blob, address: address.toLowerCase() })).toBe(
      privateKey,
    )
  })

  it('uses a fresh iv each time', async () => {
    const key = await importWrappingKey(wrappingKey())
    const privateKey = generatePrivateKey()
    const address = privateKeyToAddress(privateKey)
    const a = await encryptPrivateKey(key, privateKey, address)
    const b = await encryptPrivateKey(key, privateKey, address)
    expect(a.iv).not.toBe(b.iv)
    expect(a.ciphertext).not.toBe(b.ciphertext)
  })

  it('fails with another key, a changed ciphertext or iv, or another address', async () => {
    const key = await importWrappingKey(wrappingKey())
    const other = await importWrappingKey(wrappingKey())
    const privateKey = generatePrivateKey()
    const address = privateKeyToAddress(privateKey)
    const blob = await encryptPrivateKey(key, privateKey, address)
    const otherAddress = privateKeyToAddress(generatePrivateKey())
    const attempts = [
      () => decryptPrivateKey(other, blob),
      () => decryptPrivateKey(key, { ...blob, ciphertext: flip(blob.ciphertext) }),
      () => decryptPrivateKey(key, { ...blob, ciphertext: flip(blob.ciphertext, 40) }),
      () => decryptPrivateKey(key, { ...blob, iv: flip(blob.iv) }),
      () => decryptPrivateKey(key, { ...blob, address: otherAddress }),
      () => decryptPrivateKey(key, { ...blob, iv: 'not base64!' }),
      () => decryptPrivateKey(key, { ...blob, ciphertext: '' }),
      () => decryptPrivateKey(key, { ...blob, address: 'nope' }),
    ]
    for (const attempt of attempts) await expect(attempt()).rejects.toThrow()
  })

  it('refuses to encrypt a key under an address that is not its own', async () => {
    const key = await importWrappingKey(wrappingKey())
    const other = privateKeyToAddress(generatePrivateKey())
    await expect(encryptPrivateKey(key, generatePrivateKey(), other)).rejects.toThrow(
      'The address does not belong to this key',
    )
  })

  it('never puts the private key in the blob', async () => {
    const key = await importWrappingKey(wrappingKey())
    for (let i = 0; i < 20; i++) {
      const privateKey = generatePrivateKey()
      const blob = await encryptPrivateKey(key, privateKey, privateKeyToAddress(privateKey))
      const stored = JSON.stringify(blob)
      expect(stored).not.toContain(privateKey.slice(2))
      expect(stored.toLowerCase()).not.toContain(privateKey.slice(2, 18).toLowerCase())
    }
  })

  it('imports only 32-byte wrapping keys, non-extractable', async () => {
    const key = await importWrappingKey(wrappingKey())
    expect(key.extractable).toBe(false)
    expect(key.algorithm).toMatchObject({ name: 'AES-GCM', length: 256 })
    await expect(crypto.subtle.exportKey('raw', key)).rejects.toThrow()
    await expect(importWrappingKey(bytesToBase64(new Uint8Array(16)))).rejects.toThrow('32 bytes')
    await expect(importWrappingKey('***')).rejects.toThrow()
  })

  it('base64 helpers and the random device secret', () => {
    const bytes = crypto.getRandomValues(new Uint8Array(33))
    expect(base64ToBytes(bytesToBase64(bytes))).toEqual(bytes)
    expect(() => base64ToBytes('abc')).toThrow()
    const secret = randomBase64Url(16)
    expect(secret).toMatch(/^[A-Za-z0-9_-]{22}$/)
    expect(randomBase64Url()).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(new Set(Array.from({ length: 100 }, () => randomBase64Url(16))).size).toBe(100)
  })

  it('parses stored blobs by shape only', () => {
    const address = privateKeyToAddress(generatePrivateKey())
    expect(parseEncryptedWallet({ address, iv: 'a', ciphertext: 'b' })).toEqual({
      address,
      iv: 'a',
      ciphertext: 'b',
    })
    expect(parseEncryptedWallet(null)).toBeUndefined()
    expect(parseEncryptedWallet({ address: 'x', iv: 'a', ciphertext: 'b' })).toBeUndefined()
    expect(parseEncryptedWallet({ address, iv: 1, ciphertext: 'b' })).toBeUndefined()
  })
})

describe('the Solana key at rest (ed25519 seed, base58 address as additional data)', () => {
  it('derives the address @solana/kit derives, and signs what ed25519 verifies', async () => {
    const seed = generateSolanaSeed()
    const kitKeys = await createKeyPairFromPrivateKeyBytes(seed)
    const expected = await getAddressFromPublicKey(kitKeys.publicKey)
    expect(await solanaAddressOf(seed)).toBe(expected)
    const account = await solanaAccountFromSeed(seed)
    expect(account.address).toBe(expected)
    expect(isSolanaAddress(account.address)).toBe(true)
    const message = new TextEncoder().encode('hello solana')
    const signature = await account.sign(message)
    expect(signature).toHaveLength(64)
    expect(await verifySignature(kitKeys.publicKey, signature as SignatureBytes, message)).toBe(
      true,
    )
  })

  it('round-trips a seed; the address with its case changed does not decrypt', async () => {
    const key = await importWrappingKey(wrappingKey())
    const seed = generateSolanaSeed()
    const address = await solanaAddressOf(seed)
    const blob = await encryptSolanaSeed(key, seed, address)
    expect(blob.address).toBe(address)
    expect(base64ToBytes(blob.iv)).toHaveLength(12)
    expect(await decryptSolanaSeed(key, blob)).toEqual(seed)
    const swapped = [...address]
      .map((c) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase()))
      .join('')
    await expect(decryptSolanaSeed(key, { ...blob, address: swapped })).rejects.toThrow()
  })

  it('fails with another key, a changed ciphertext or iv, or another address', async () => {
    const key = await importWrappingKey(wrappingKey())
    const other = await importWrappingKey(wrappingKey())
    const seed = generateSolanaSeed()
    const blob = await encryptSolanaSeed(key, seed, await solanaAddressOf(seed))
    const otherAddress = await solanaAddressOf(generateSolanaSeed())
    const attempts = [
      () => decryptSolanaSeed(other, blob),
      () => decryptSolanaSeed(key, { ...blob, ciphertext: flip(blob.ciphertext) }),
      () => decryptSolanaSeed(key, { ...blob, ciphertext: flip(blob.ciphertext, 40) }),
      () => decryptSolanaSeed(key, { ...blob, iv: flip(blob.iv) }),
      () => decryptSolanaSeed(key, { ...blob, address: otherAddress }),
      () =>
        decryptSolanaSeed(key, { ...blob, address: '0x0000000000000000000000000000000000000000' }),
      () => decryptSolanaSeed(key, { ...blob, ciphertext: '' }),
    ]
    for (const attempt of attempts) await expect(attempt()).rejects.toThrow()
    // an EVM blob is not a Solana one, and the other way round
    const privateKey = generatePrivateKey()
    const evmBlob = await encryptPrivateKey(key, privateKey, privateKeyToAddress(privateKey))
    await expect(decryptSolanaSeed(key, evmBlob)).rejects.toThrow()
    await expect(decryptPrivateKey(key, blob)).rejects.toThrow()
  })

  it('refuses to encrypt a seed under an address that is not its own', async () => {
    const key = await importWrappingKey(wrappingKey())
    const other = await solanaAddressOf(generateSolanaSeed())
    await expect(encryptSolanaSeed(key, generateSolanaSeed(), other)).rejects.toThrow(
      'The address does not belong to this key',
    )
    await expect(encryptSolanaSeed(key, generateSolanaSeed(), 'nope')).rejects.toThrow(
      'Invalid wallet address',
    )
  })

  it('never puts the seed in the blob, in any encoding', async () => {
    const key = await importWrappingKey(wrappingKey())
    for (let i = 0; i < 20; i++) {
      const seed = generateSolanaSeed()
      const address = await solanaAddressOf(seed)
      const stored = JSON.stringify(await encryptSolanaSeed(key, seed, address))
      const bytes = Buffer.from(seed)
      for (const form of [
        bytes.toString('hex'),
        bytes.subarray(0, 16).toString('hex'),
        bytes.toString('base64').slice(0, 20),
        bytes.toString('base64url').slice(0, 20),
        base58Encode(seed).slice(0, 20),
        base58Encode(new Uint8Array([...seed, ...(base58Decode(address) ?? [])])).slice(0, 20),
      ]) {
        expect(stored.toLowerCase()).not.toContain(form.toLowerCase())
      }
    }
  })

  it('the signing key in memory cannot be exported', async () => {
    const exportKey = vi.spyOn(crypto.subtle, 'exportKey')
    const importKey = vi.spyOn(crypto.subtle, 'importKey')
    try {
      const account = await solanaAccountFromSeed(generateSolanaSeed())
      const signingKey = (await importKey.mock.results.at(-1)?.value) as CryptoKey
      expect(signingKey.extractable).toBe(false)
      expect(signingKey.usages).toEqual(['sign'])
      await expect(crypto.subtle.exportKey('pkcs8', signingKey)).rejects.toThrow()
      expect(await account.sign(new Uint8Array([1]))).toHaveLength(64)
    } finally {
      exportKey.mockRestore()
      importKey.mockRestore()
    }
  })

  it('says so when the browser has no Ed25519', async () => {
    const importKey = vi
      .spyOn(crypto.subtle, 'importKey')
      .mockRejectedValue(new DOMException('Unrecognized name.', 'NotSupportedError'))
    try {
      await expect(solanaAccountFromSeed(generateSolanaSeed())).rejects.toThrow(SOLANA_UNSUPPORTED)
    } finally {
      importKey.mockRestore()
    }
  })

  it('parses stored Solana blobs by shape only', async () => {
    const address = await solanaAddressOf(generateSolanaSeed())
    expect(parseEncryptedWallet({ address, iv: 'a', ciphertext: 'b' }, 'solana')).toEqual({
      address,
      iv: 'a',
      ciphertext: 'b',
    })
    expect(parseEncryptedWallet({ address, iv: 'a', ciphertext: 'b' })).toBeUndefined()
    const evm = privateKeyToAddress(generatePrivateKey())
    expect(
      parseEncryptedWallet({ address: evm, iv: 'a', ciphertext: 'b' }, 'solana'),
    ).toBeUndefined()
  })
})

describe('base58', () => {
  it('agrees with @solana/kit, leading zeros included', () => {
    const encoder = getBase58Encoder()
    const decoder = getBase58Decoder()
    const samples = [
      new Uint8Array(),
      new Uint8Array([0]),
      new Uint8Array([0, 0, 1]),
      new Uint8Array(32),
      new Uint8Array(32).fill(255),
      ...Array.from({ length: 200 }, (_, i) => crypto.getRandomValues(new Uint8Array(i % 70))),
    ]
    for (const bytes of samples) {
      const text = base58Encode(bytes)
      expect(text).toBe(decoder.decode(bytes))
      expect(base58Decode(text)).toEqual(bytes)
      expect(new Uint8Array(encoder.encode(text))).toEqual(bytes)
    }
    expect(base58Encode(new Uint8Array(32))).toBe('11111111111111111111111111111111')
  })

  it('refuses what is not base58; addresses are 32 bytes', () => {
    for (const bad of ['0', 'O', 'I', 'l', 'abc+', ' 1']) expect(base58Decode(bad)).toBeUndefined()
    expect(isSolanaAddress('11111111111111111111111111111111')).toBe(true)
    expect(isSolanaAddress('1111111111111111111111111111111')).toBe(false)
    expect(isSolanaAddress(base58Encode(new Uint8Array(33).fill(7)))).toBe(false)
    expect(isSolanaAddress('0x0000000000000000000000000000000000000000')).toBe(false)
    expect(isSolanaAddress(42)).toBe(false)
  })
})
