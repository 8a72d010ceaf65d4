import { hex } from '@scure/base'
import { Address, NETWORK, OutScript, WIF } from '@scure/btc-signer'
import { describe, expect, it } from 'vitest'
import { bip322MessageHash, toSign, toSpend, verifyBip322 } from './bip322.ts'
import { REGTEST_ADDRESS_PARAMS } from './constants.ts'
import { signBip322 } from './testing/bip322.ts'
import { testKey } from './testing/keys.ts'

// BIP-322's own test vectors (bip-0322.mediawiki, "Test vectors").
const VECTOR = {
  address: 'bc1q9vza2e8x573nczrlzms0wvx3gsqjx7vavgkx0l',
  wif: 'L3VFeEujGtevx9w18HD1fhRbCH67Az2dpCymeRE1SoPK6XQtaN2k',
  empty:
    'AkcwRAIgM2gBAQqvZX15ZiysmKmQpDrG83avLIT492QBzLnQIxYCIBaTpOaD20qRlEylyxFSeEA2ba9YOixpX8z46TSDtS40ASECx/EgAxlkQpQ9hYjgGu6EBCPMVPwVIVJqO4XCsMvViHI=',
  helloWorld:
    'AkcwRAIgZRfIY3p7/DoVTty6YZbWS71bc5Vct9p9Fia83eRmw2QCICK/ENGfwLtptFluMGs2KsqoNSk89pO7F29zJLUx9a/sASECx/EgAxlkQpQ9hYjgGu6EBCPMVPwVIVJqO4XCsMvViHI=',
  taprootAddress: 'bc1ppv609nr0vr25u07u95waq5lucwfm6tde4nydujnu8npg4q75mr5sxq8lt3',
  taprootHelloWorld:
    'AUHd69PrJQEv+oKTfZ8l+WROBHuy9HKrbFCJu7U1iK2iiEy1vMU5EfMtjc+VSHM7aU0SDbak5IUZRVno2P5mjSafAQ==',
}
const challenge = () => OutScript.encode(Address(NETWORK).decode(VECTOR.address))

describe('BIP-322 simple signatures', () => {
  it("builds the BIP's message hashes and virtual transactions", () => {
    expect(hex.encode(bip322MessageHash(''))).toBe(
      'c90c269c4f8fcbe6880f72a721ddfbf1914268a794cbb21cfafee13770ae19f1',
    )
    expect(hex.encode(bip322MessageHash('Hello World'))).toBe(
      'f0eb03b1a75ac6d9847f55c624a99169b5dccba2a31f5b23bea77ba270de0a7a',
    )
    expect(toSpend(challenge(), '').id).toBe(
      'c5680aa69bb8d860bf82d4e9cd3504b55dde018de765a91bb566283c545a99a7',
    )
    expect(toSpend(challenge(), 'Hello World').id).toBe(
      'b79d196740ad5217771c1098fc4a4b51e0535c32236c71f1ea4d61a2d603352b',
    )
    expect(toSign(challenge(), 'Hello World').id).toBe(
      '88737ae86f2077145f93cc4b153ae9a1cb8d56afa511988c149c5c8c9d93bddf',
    )
  })

  it("verifies the BIP's P2WPKH and P2TR signatures and refuses other messages or addresses", () => {
    expect(verifyBip322(VECTOR.address, '', VECTOR.empty, NETWORK)).toBe(true)
    expect(verifyBip322(VECTOR.address, 'Hello World', VECTOR.helloWorld, NETWORK)).toBe(true)
    expect(
      verifyBip322(VECTOR.taprootAddress, 'Hello World', VECTOR.taprootHelloWorld, NETWORK),
    ).toBe(true)
    expect(verifyBip322(VECTOR.address, 'Hello World', VECTOR.empty, NETWORK)).toBe(false)
    expect(verifyBip322(VECTOR.taprootAddress, 'Hello', VECTOR.taprootHelloWorld, NETWORK)).toBe(
      false,
    )
    expect(
      verifyBip322('bc1qp0ahvfh83088w49k405szqgg4f3pptr7p2g0f0', '', VECTOR.empty, NETWORK),
    ).toBe(false)
    expect(verifyBip322(VECTOR.address, '', 'not base64 witness', NETWORK)).toBe(false)
  })

  it('refuses a witness of the wrong shape, an address of another network, a zero hash type byte', () => {
    // The P2WPKH witness for the P2TR address and the P2TR one for the P2WPKH address
    expect(verifyBip322(VECTOR.taprootAddress, 'Hello World', VECTOR.helloWorld, NETWORK)).toBe(
      false,
    )
    expect(verifyBip322(VECTOR.address, 'Hello World', VECTOR.taprootHelloWorld, NETWORK)).toBe(
      false,
    )
    expect(
      verifyBip322(VECTOR.address, 'Hello World', VECTOR.helloWorld, REGTEST_ADDRESS_PARAMS),
    ).toBe(false)
    // A wallet's 64-byte Schnorr signature (SIGHASH_DEFAULT) with an explicit 0 byte appended
    const { privateKey, address } = testKey('p2tr')
    const signed = signBip322(privateKey, address, 'Latchkey', REGTEST_ADDRESS_PARAMS)
    const [count, length, ...bytes] = Buffer.from(signed, 'base64')
    expect(length).toBe(64)
    const padded = Buffer.from([count ?? 0, 65, ...bytes, 0]).toString('base64')
    expect(verifyBip322(address, 'Latchkey', padded, REGTEST_ADDRESS_PARAMS)).toBe(false)
    expect(verifyBip322(address, 'Latchkey', signed, REGTEST_ADDRESS_PARAMS)).toBe(true)
  })

  it("signs what it verifies: the BIP's key, and regtest P2WPKH and P2TR keys", () => {
    const key = WIF(NETWORK).decode(VECTOR.wif)
    const signature = signBip322(key, VECTOR.address, 'Hello World', NETWORK)
    expect(verifyBip322(VECTOR.address, 'Hello World', signature, NETWORK)).toBe(true)
    for (const kind of ['p2wpkh', 'p2tr'] as const) {
      const { privateKey, address } = testKey(kind)
      const signed = signBip322(privateKey, address, 'Latchkey', REGTEST_ADDRESS_PARAMS)
      expect(verifyBip322(address, 'Latchkey', signed, REGTEST_ADDRESS_PARAMS)).toBe(true)
      expect(verifyBip322(address, 'Latchkey!', signed, REGTEST_ADDRESS_PARAMS)).toBe(false)
    }
  })
})
