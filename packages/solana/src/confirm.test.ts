import { SOLANA_TEST_ACCOUNTS, type SolanaDevnet, startSolanaDevnet } from '@latchkey/devnet'
import { createSolanaTestWallet, generateSecretKey } from '@latchkey/e2e/solanaWallet'
import { createSolanaRpc, getBase58Decoder, getBase64Decoder, type Signature } from '@solana/kit'
import type { WalletAccount } from '@wallet-standard/base'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { waitForConfirmation } from './confirm.ts'
import { signTransactions } from './signing.ts'
import { buildTransferTransaction } from './transfer.ts'

let devnet: SolanaDevnet
beforeAll(async () => {
  devnet = await startSolanaDevnet({ port: 0 })
})
afterAll(() => devnet?.stop())

/** Signs a transfer with the test wallet and submits it itself, preflight skipped. */
async function submit(lamports: bigint): Promise<string> {
  const account = SOLANA_TEST_ACCOUNTS[4]
  if (!account) throw new Error('no Solana test account')
  const test = createSolanaTestWallet({
    secretKey: account.secretKey,
    rpcUrl: devnet.rpcUrl,
    chain: devnet.caipNetworkId,
  })
  const connect = test.wallet.features['standard:connect'] as {
    connect(): Promise<{ accounts: WalletAccount[] }>
  }
  const [walletAccount] = (await connect.connect()).accounts
  if (!walletAccount) throw new Error('no account')
  const rpc = createSolanaRpc(devnet.rpcUrl)
  const { value: lifetime } = await rpc.getLatestBlockhash().send()
  const to = getBase58Decoder().decode(generateSecretKey().slice(32))
  const wire = await buildTransferTransaction(
    { from: account.address, to, amount: lamports },
    lifetime,
  )
  const session = {
    wallet: test.wallet,
    connectorId: 'ws:x',
    account: walletAccount,
    network: undefined,
  }
  const [signed] = await signTransactions(session, [wire])
  return rpc
    .sendTransaction(getBase64Decoder().decode(signed as Uint8Array) as never, {
      encoding: 'base64',
      skipPreflight: true,
    })
    .send()
}

describe('waiting for a signature', () => {
  it('resolves once the transaction is confirmed', async () => {
    const signature = await submit(1_000_000n)
    await expect(
      waitForConfirmation(createSolanaRpc(devnet.rpcUrl), signature),
    ).resolves.toBeUndefined()
  })

  it('rejects with the chain error of a transaction that failed', async () => {
    const signature = await submit(10n ** 15n)
    await expect(waitForConfirmation(createSolanaRpc(devnet.rpcUrl), signature)).rejects.toThrow(
      `Transaction ${signature} failed: `,
    )
  })

  it('gives up after the timeout on a signature the chain never saw', async () => {
    const unknown = getBase58Decoder().decode(new Uint8Array(64).fill(7)) as Signature
    const started = Date.now()
    await expect(
      waitForConfirmation(createSolanaRpc(devnet.rpcUrl), unknown, { timeoutMs: 300, pollMs: 100 }),
    ).rejects.toThrow(`Transaction ${unknown} was not confirmed within 30 s`)
    expect(Date.now() - started).toBeLessThan(1_000)
  })
})
