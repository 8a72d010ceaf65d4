import { hex } from '@scure/base'
import { NETWORK } from '@scure/btc-signer'
import { describe, expect, it } from 'vitest'
import { REGTEST_ADDRESS_PARAMS } from './constants.ts'
import { legacyMessageHash, verifyLegacyMessage } from './legacyMessage.ts'
import { testKey } from './testing/keys.ts'
import { signLegacyMessage } from './testing/legacyMessage.ts'

// bitcoinjs-message's fixtures (test/fixtures.json): keys whose addresses are known, signed by
// Bitcoin Core (uncompressed, compressed) and with BIP-137's segwit headers (the key 1).
const MESSAGE = 'vires is numeris'
const VECTORS = {
  uncompressed: {
    address: '16UwLL9Risc3QfPqBUvKofHmBQ7wMtjvM',
    signature:
      'G8JawPtQOrybrSP1WHQnQPr67B9S3qrxBrl1mlzoTJOSHEpmnF7D3+t+LX0Xei9J20B5AIdPbeL3AaTBZ4N3bY0=',
  },
  compressed: {
    address: '1PMycacnJaSqwwJqjawXBErnLsZ7RkXUAs',
    signature:
      'H8JawPtQOrybrSP1WHQnQPr67B9S3qrxBrl1mlzoTJOSHEpmnF7D3+t+LX0Xei9J20B5AIdPbeL3AaTBZ4N3bY0=',
  },
  p2shP2wpkh: {
    address: '3JvL6Ymt8MVWiCNHC7oWU6nLeHNJKLZGLN',
    signature:
      'JF8nHqFr3K2UKYahhX3soVeoW8W1ECNbr0wfck7lzyXjCS5Q16Ek45zyBuy1Fiy9sTPKVgsqqOuPvbycuVSSVl8=',
  },
  p2wpkh: {
    address: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
    signature:
      'KF8nHqFr3K2UKYahhX3soVeoW8W1ECNbr0wfck7lzyXjCS5Q16Ek45zyBuy1Fiy9sTPKVgsqqOuPvbycuVSSVl8=',
  },
}

describe('legacy signed messages (BIP-137)', () => {
  it('hashes the message behind the magic prefix', () => {
    expect(hex.encode(legacyMessageHash(''))).toBe(
      '80e795d4a4caadd7047af389d9f7f220562feb6196032e2131e10563352c4bcc',
    )
    expect(hex.encode(legacyMessageHash('Vires is Numeris'))).toBe(
      'f8a5affbef4a3241b19067aa694562f64f513310817297089a8929a930f4f933',
    )
  })

  it.each(Object.entries(VECTORS))('verifies the fixtures’ %s signature', (_, vector) => {
    expect(verifyLegacyMessage(vector.address, MESSAGE, vector.signature, NETWORK)).toBe(true)
    expect(verifyLegacyMessage(vector.address, 'foobar', vector.signature, NETWORK)).toBe(false)
  })

  it('refuses another address, and a compressed key for its uncompressed address or the reverse', () => {
    const { uncompressed, compressed } = VECTORS
    expect(
      verifyLegacyMessage('1111111111111111111114oLvT2', MESSAGE, compressed.signature, NETWORK),
    ).toBe(false)
    expect(verifyLegacyMessage(uncompressed.address, MESSAGE, compressed.signature, NETWORK)).toBe(
      false,
    )
    expect(verifyLegacyMessage(compressed.address, MESSAGE, uncompressed.signature, NETWORK)).toBe(
      false,
    )
  })

  it('takes a compressed key’s P2PKH header for its segwit addresses too (Electrum’s lineage)', () => {
    const { privateKey, address } = testKey('p2wpkh')
    for (const form of ['p2pkh', 'p2wpkh'] as const) {
      const signature = signLegacyMessage(privateKey, 'Latchkey', form)
      expect(verifyLegacyMessage(address, 'Latchkey', signature, REGTEST_ADDRESS_PARAMS)).toBe(true)
    }
    // A P2TR address is not a form of the key a legacy signature proves.
    const taproot = testKey('p2tr')
    const signature = signLegacyMessage(taproot.privateKey, 'Latchkey')
    expect(
      verifyLegacyMessage(taproot.address, 'Latchkey', signature, REGTEST_ADDRESS_PARAMS),
    ).toBe(false)
  })

  it('refuses what is not a 65-byte signature with a BIP-137 header', () => {
    const bytes = Buffer.from(VECTORS.compressed.signature, 'base64')
    const variants = [
      Buffer.concat([bytes, Buffer.from([0])]),
      bytes.subarray(0, 64),
      Buffer.from([43, ...bytes.subarray(1)]),
      Buffer.from([26, ...bytes.subarray(1)]),
    ].map((b) => b.toString('base64'))
    for (const signature of [...variants, 'not base64!', '']) {
      expect(verifyLegacyMessage(VECTORS.compressed.address, MESSAGE, signature, NETWORK)).toBe(
        false,
      )
    }
  })
})
