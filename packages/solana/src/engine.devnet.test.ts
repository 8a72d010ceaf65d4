import { isUserRejectedError } from '@latchkey/core/internal'
import { localSolana, withRpcUrl } from '@latchkey/core/networks'
import { SOLANA_TEST_ACCOUNTS, type SolanaDevnet, startSolanaDevnet } from '@latchkey/devnet'
import { createSolanaTestWallet } from '@latchkey/e2e/solanaWallet'
import { address, blockhash, createSolanaRpc, getBase64Decoder } from '@solana/kit'
import { getWallets } from '@wallet-standard/app'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createSolanaEngine } from './engine.ts'
import type { SolanaProvider } from './provider.ts'
import { freshAddress } from './testing/keys.ts'
import { buildTransferTransaction } from './transfer.ts'

let devnet: SolanaDevnet
let network: typeof localSolana
const cleanups: (() => void)[] = []
let count = 0

beforeAll(async () => {
  devnet = await startSolanaDevnet({ port: 0 })
  network = withRpcUrl(localSolana, devnet.rpcUrl)
})
afterAll(() => devnet?.stop())
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup()
})

const rpc = () => createSolanaRpc(devnet.rpcUrl)

/** The engine connected to a real test wallet holding one of the devnet's funded keys. */
async function connected(accountIndex: number, omitFeatures: string[] = []) {
  const account = SOLANA_TEST_ACCOUNTS[accountIndex]
  if (!account) throw new Error(`no Solana test account ${accountIndex}`)
  const name = `Devnet Test Wallet ${++count}`
  const wallet = createSolanaTestWallet({
    secretKey: account.secretKey,
    rpcUrl: devnet.rpcUrl,
    chain: devnet.caipNetworkId,
    name,
    omitFeatures,
  })
  cleanups.push(getWallets().register(wallet.wallet))
  const engine = createSolanaEngine({ networks: [network] })
  await engine.connect(`ws:${name}`, network)
  return { engine, wallet, owner: account.address }
}

async function tokenAmount(owner: string): Promise<bigint> {
  const { value } = await rpc()
    .getTokenAccountsByOwner(
      address(owner),
      { mint: address(devnet.mint) },
      { encoding: 'jsonParsed' },
    )
    .send()
  let total = 0n
  for (const { account } of value) {
    total += BigInt(
      (account.data.parsed as { info: { tokenAmount: { amount: string } } }).info.tokenAmount
        .amount,
    )
  }
  return total
}

describe('Solana engine on the local Solana RPC', () => {
  it('is the network the devnet serves', () => {
    expect(network.caipNetworkId).toBe(devnet.caipNetworkId)
  })

  it('reads SOL (9 decimals) and SPL balances', async () => {
    const { engine, owner } = await connected(1)
    const { value } = await rpc().getBalance(address(owner)).send()
    expect(await engine.getBalance(owner, network)).toEqual({
      value,
      decimals: 9,
      symbol: 'SOL',
    })
    const tokens = await (engine as ReturnType<typeof createSolanaEngine>).getTokenBalances(
      owner,
      network,
    )
    expect(tokens).toEqual([
      {
        mint: devnet.mint,
        amount: await tokenAmount(owner),
        decimals: devnet.tokenDecimals,
        program: 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
      },
    ])
    expect(await engine.getBalance(freshAddress(), network)).toMatchObject({ value: 0n })
  })

  it('§5 sends SOL through solana:signAndSendTransaction and waits for confirmation', async () => {
    const { engine, wallet } = await connected(1)
    const to = freshAddress()
    const signature = await engine.sendTransfer({ network, to, amount: 25_000_000n })
    expect(wallet.requests.at(-1)).toEqual({ op: 'signAndSendTransaction' })
    const { value } = await rpc()
      .getSignatureStatuses([signature as never])
      .send()
    expect(value[0]?.err).toBeNull()
    expect((await rpc().getBalance(address(to)).send()).value).toBe(25_000_000n)
  })

  it("§5 sends an SPL token, creating the receiver's token account when missing", async () => {
    const { engine, owner } = await connected(2)
    const to = freshAddress()
    const before = await tokenAmount(owner)
    const token = { address: devnet.mint, decimals: devnet.tokenDecimals }
    await engine.sendTransfer({ network, to, amount: 1_500_000n, token })
    expect(await tokenAmount(to)).toBe(1_500_000n)
    // The account exists now: the idempotent create does not fail the second time
    await engine.sendTransfer({ network, to, amount: 500_000n, token })
    expect(await tokenAmount(to)).toBe(2_000_000n)
    expect(await tokenAmount(owner)).toBe(before - 2_000_000n)
  })

  it('§5 with a sign-only wallet: solana:signTransaction, then the RPC sends', async () => {
    const { engine, wallet } = await connected(3, ['solana:signAndSendTransaction'])
    const to = freshAddress()
    await engine.sendTransfer({ network, to, amount: 7_000_000n })
    expect(wallet.requests.at(-1)).toEqual({ op: 'signTransactions' })
    expect((await rpc().getBalance(address(to)).send()).value).toBe(7_000_000n)
  })

  it('solana_signAndSendTransaction through the provider: base64 in, base58 signature out', async () => {
    const { engine, owner } = await connected(1)
    const to = freshAddress()
    const { value: lifetime } = await rpc().getLatestBlockhash().send()
    const wire = await buildTransferTransaction({ from: owner, to, amount: 3_000_000n }, lifetime)
    const provider = engine.getProvider() as SolanaProvider
    const { signature } = (await provider.request({
      method: 'solana_signAndSendTransaction',
      params: { transaction: getBase64Decoder().decode(wire) },
    })) as { signature: string }
    expect(signature).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/)
    expect((await rpc().getBalance(address(to)).send()).value).toBe(3_000_000n)
  })

  it("keeps the wallet's rejection of a transfer; refuses a transfer the chain refuses", async () => {
    const { engine, wallet, owner } = await connected(1)
    wallet.rejectNext('sign')
    const error = await engine
      .sendTransfer({ network, to: freshAddress(), amount: 1n })
      .catch((e: unknown) => e)
    expect(isUserRejectedError(error)).toBe(true)

    const { value: balance } = await rpc().getBalance(address(owner)).send()
    await expect(
      engine.sendTransfer({ network, to: freshAddress(), amount: balance * 2n }),
    ).rejects.toThrow('Transaction simulation failed')
    await expect(
      engine.sendTransfer({
        network,
        to: freshAddress(),
        amount: 1n,
        token: { address: owner, decimals: 6 },
      }),
    ).rejects.toThrow(`${owner} is not a token mint`)
  })

  it("passes the RPC's refusal of a transaction through (an unknown blockhash)", async () => {
    const { engine, owner } = await connected(1)
    const wire = await buildTransferTransaction(
      { from: owner, to: freshAddress(), amount: 1n },
      { blockhash: blockhash('11111111111111111111111111111111'), lastValidBlockHeight: 0n },
    )
    const provider = engine.getProvider() as SolanaProvider
    await expect(
      provider.request({
        method: 'solana_signAndSendTransaction',
        params: { transaction: getBase64Decoder().decode(wire) },
      }),
    ).rejects.toMatchObject({
      code: -32002,
      message: expect.stringContaining('Blockhash not found'),
    })
  })
})
