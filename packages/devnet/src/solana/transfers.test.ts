import { createSolanaRpc, generateKeyPairSigner } from '@solana/kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SOLANA_TEST_ACCOUNTS } from './accounts.ts'
import { type SolanaDevnet, startSolanaDevnet } from './devnet.ts'
import { associatedTokenAddress } from './genesis.ts'
import { sendSolanaTokenTransfer, sendSolanaTransfer } from './transfers.ts'

let devnet: SolanaDevnet
const [FROM] = SOLANA_TEST_ACCOUNTS

beforeAll(async () => {
  devnet = await startSolanaDevnet({ port: 0 })
})

afterAll(async () => {
  await devnet?.stop()
})

describe('transfer helpers', () => {
  it('send SOL and lUSD to a new owner and wait until they landed', async () => {
    if (!FROM) throw new Error('no test account')
    const rpc = createSolanaRpc(devnet.rpcUrl)
    const to = (await generateKeyPairSigner()).address
    await sendSolanaTransfer(devnet.rpcUrl, FROM, to, 2_000_000n)
    await sendSolanaTokenTransfer(devnet.rpcUrl, FROM, to, 750_000n)
    expect((await rpc.getBalance(to).send()).value).toBe(2_000_000n)
    const ata = await associatedTokenAddress(to, devnet.mint)
    const { value } = await rpc.getTokenAccountBalance(ata as never).send()
    expect(value.uiAmountString).toBe('0.75')
  })

  it('reject when the transaction cannot land', async () => {
    if (!FROM) throw new Error('no test account')
    const to = (await generateKeyPairSigner()).address
    await expect(sendSolanaTransfer(devnet.rpcUrl, FROM, to, 10n ** 15n)).rejects.toThrow(
      /simulation failed/i,
    )
  })
})
