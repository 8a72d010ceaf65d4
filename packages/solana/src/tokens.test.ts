import {
  SOLANA_TEST_ACCOUNT_TOKEN_AMOUNT,
  SOLANA_TEST_ACCOUNTS,
  type SolanaDevnet,
  startSolanaDevnet,
} from '@latchkey/devnet'
import { generateSecretKey } from '@latchkey/e2e/solanaWallet'
import { createSolanaRpc, getBase58Decoder } from '@solana/kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getSplBalances } from './tokens.ts'

let devnet: SolanaDevnet
beforeAll(async () => {
  devnet = await startSolanaDevnet({ port: 0 })
})
afterAll(() => devnet?.stop())

describe('SPL balances', () => {
  it("lists the devnet's token for a funded account, in its smallest unit", async () => {
    const owner = SOLANA_TEST_ACCOUNTS[5]?.address as string
    expect(await getSplBalances(createSolanaRpc(devnet.rpcUrl), owner)).toEqual([
      {
        mint: devnet.mint,
        amount: BigInt(SOLANA_TEST_ACCOUNT_TOKEN_AMOUNT),
        decimals: devnet.tokenDecimals,
        program: 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
      },
    ])
  })

  it('is empty for an owner without token accounts', async () => {
    const owner = getBase58Decoder().decode(generateSecretKey().slice(32))
    expect(await getSplBalances(createSolanaRpc(devnet.rpcUrl), owner)).toEqual([])
  })
})
