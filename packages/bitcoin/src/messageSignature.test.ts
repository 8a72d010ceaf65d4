import { describe, expect, it } from 'vitest'
import { REGTEST_ADDRESS_PARAMS } from './constants.ts'
import { verifyBitcoinMessage } from './messageSignature.ts'
import { signBip322 } from './testing/bip322.ts'
import { testKey } from './testing/keys.ts'
import { signLegacyMessage } from './testing/legacyMessage.ts'

describe('verifyBitcoinMessage', () => {
  const message = 'localhost wants you to sign in with your Bitcoin account:'

  it('takes both forms a wallet answers, by the signature’s shape', () => {
    const segwit = testKey('p2wpkh')
    const taproot = testKey('p2tr')
    const signatures = [
      [segwit, signBip322(segwit.privateKey, segwit.address, message, REGTEST_ADDRESS_PARAMS)],
      [taproot, signBip322(taproot.privateKey, taproot.address, message, REGTEST_ADDRESS_PARAMS)],
      [segwit, signLegacyMessage(segwit.privateKey, message, 'p2wpkh')],
    ] as const
    for (const [key, signature] of signatures) {
      expect(verifyBitcoinMessage(key.address, message, signature, REGTEST_ADDRESS_PARAMS)).toBe(
        true,
      )
      expect(
        verifyBitcoinMessage(key.address, `${message}!`, signature, REGTEST_ADDRESS_PARAMS),
      ).toBe(false)
    }
  })

  it('refuses another key’s signature and malformed ones', () => {
    const key = testKey('p2wpkh')
    const other = testKey('p2wpkh')
    const signatures = [
      signBip322(other.privateKey, other.address, message, REGTEST_ADDRESS_PARAMS),
      signLegacyMessage(other.privateKey, message, 'p2wpkh'),
      'AAAA',
      '%%%',
      '',
    ]
    for (const signature of signatures) {
      expect(verifyBitcoinMessage(key.address, message, signature, REGTEST_ADDRESS_PARAMS)).toBe(
        false,
      )
    }
  })
})
