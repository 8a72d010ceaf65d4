import { bytesToHex } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { DEVNET_MNEMONIC, TEST_ACCOUNTS } from './accounts.ts'

describe('TEST_ACCOUNTS', () => {
  it('are the first ten HD accounts of the devnet mnemonic', () => {
    expect(TEST_ACCOUNTS).toHaveLength(10)
    TEST_ACCOUNTS.forEach((account, addressIndex) => {
      const derived = mnemonicToAccount(DEVNET_MNEMONIC, { addressIndex })
      const privateKey = derived.getHdKey().privateKey
      expect(derived.address).toBe(account.address)
      expect(privateKey && bytesToHex(privateKey)).toBe(account.privateKey)
    })
  })
})
