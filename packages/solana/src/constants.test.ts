import { solana } from '@latchkey/core/networks'
import { isAddress } from '@solana/kit'
import { describe, expect, it } from 'vitest'
import {
  SOLANA_RPC_METHODS,
  TOKEN_2022_PROGRAM_ADDRESS,
  WALLET_STANDARD_CHAIN_NAMES,
} from './constants.ts'

describe('Solana constants', () => {
  it('names real addresses and genesis-hash references', () => {
    expect(isAddress(TOKEN_2022_PROGRAM_ADDRESS)).toBe(true)
    for (const reference of Object.keys(WALLET_STANDARD_CHAIN_NAMES)) {
      expect(reference).toHaveLength(32)
    }
    expect(WALLET_STANDARD_CHAIN_NAMES[String(solana.id)]).toBe('solana:mainnet')
  })

  it('§7 answers the four Solana RPC methods', () => {
    expect(SOLANA_RPC_METHODS).toEqual([
      'solana_signMessage',
      'solana_signTransaction',
      'solana_signAllTransactions',
      'solana_signAndSendTransaction',
    ])
  })
})
