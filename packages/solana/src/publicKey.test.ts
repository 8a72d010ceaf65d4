import { Keypair, PublicKey } from '@solana/web3.js'
import { describe, expect, it } from 'vitest'
import { addressOf, toPublicKey } from './publicKey.ts'

describe('public keys', () => {
  it("read like web3.js's PublicKey and convert to one", () => {
    const web3 = Keypair.generate().publicKey
    const key = toPublicKey(web3.toBase58())
    expect([key.toBase58(), key.toString(), key.toJSON(), `${key}`]).toEqual(
      Array(4).fill(web3.toBase58()),
    )
    expect(key.toBytes()).toEqual(web3.toBytes())
    expect(new PublicKey(key.toBytes()).equals(web3)).toBe(true)
    expect(key.equals(web3)).toBe(true)
    expect(key.equals(Keypair.generate().publicKey)).toBe(false)
    // toBytes hands out a copy: the key cannot be changed through it.
    key.toBytes().fill(0)
    expect(key.toBytes()).toEqual(web3.toBytes())
    expect(JSON.stringify({ key })).toBe(JSON.stringify({ key: web3 }))
  })

  it('take base58 text or anything with toBase58(); -32602 for the rest', () => {
    const web3 = Keypair.generate().publicKey
    expect(addressOf(web3, 'm')).toBe(web3.toBase58())
    expect(addressOf(web3.toBase58(), 'm')).toBe(web3.toBase58())
    expect(addressOf(toPublicKey(web3.toBase58()), 'm')).toBe(web3.toBase58())
    for (const junk of [undefined, 42, 'O0Il', { toBase58: () => 'short' }, web3.toBytes()]) {
      expect(() => addressOf(junk, 'getBalance', 'the owner')).toThrow(
        expect.objectContaining({
          code: -32602,
          message: 'getBalance expects the owner (base58 text or an object with toBase58())',
        }),
      )
    }
  })
})
