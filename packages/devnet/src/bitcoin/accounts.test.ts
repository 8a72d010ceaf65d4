import { secp256k1 } from '@noble/curves/secp256k1.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { p2wpkh, WIF } from '@scure/btc-signer'
import { describe, expect, it } from 'vitest'
import {
  BITCOIN_TEST_ACCOUNT_SATS,
  BITCOIN_TEST_ACCOUNTS,
  bitcoinAccountLabel,
  fundBitcoinTestAccounts,
} from './accounts.ts'
import { BITCOIN_REGTEST_NETWORK } from './constants.ts'
import { hex } from './hashes.ts'
import { startBitcoinRegtest } from './regtest.ts'

describe('the Bitcoin test accounts', () => {
  it('are the P2WPKH regtest keys of the labels, with their WIF', () => {
    expect(BITCOIN_TEST_ACCOUNTS).toHaveLength(10)
    BITCOIN_TEST_ACCOUNTS.forEach((account, index) => {
      const privateKey = sha256(new TextEncoder().encode(bitcoinAccountLabel(index)))
      const publicKey = secp256k1.getPublicKey(privateKey, true)
      expect(account).toEqual({
        address: p2wpkh(publicKey, BITCOIN_REGTEST_NETWORK).address,
        privateKey: hex.encode(privateKey),
        wif: WIF(BITCOIN_REGTEST_NETWORK).encode(privateKey),
      })
    })
  })

  it('are funded with 10 BTC each, confirmed, as Esplora reports', async () => {
    const regtest = await startBitcoinRegtest({ port: 0 })
    try {
      fundBitcoinTestAccounts(regtest.chain)
      for (const { address } of BITCOIN_TEST_ACCOUNTS) {
        const response = await fetch(`${regtest.url}/address/${address}`)
        const { chain_stats, mempool_stats } = (await response.json()) as Record<
          string,
          { funded_txo_sum: number; tx_count: number }
        >
        expect(chain_stats).toMatchObject({
          funded_txo_sum: Number(BITCOIN_TEST_ACCOUNT_SATS),
          tx_count: 1,
        })
        expect(mempool_stats?.tx_count).toBe(0)
      }
    } finally {
      await regtest.stop()
    }
  })
})
