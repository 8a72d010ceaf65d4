import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import {
  base64ToBytes,
  bytesToBase64,
  decryptPrivateKey,
  encryptPrivateKey,
  importWrappingKey,
  parseEncryptedWallet,
  randomBase64Url,
} from './keys'

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
