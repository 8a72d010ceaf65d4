import {
  type Address,
  createPublicClient,
  createWalletClient,
  type Hash,
  http,
  maxUint256,
  type PublicClient,
  parseEventLogs,
  zeroAddress,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TEST_ACCOUNTS, type TestAccount } from './accounts.ts'
import { type AnvilInstance, startAnvil } from './anvil.ts'
import { deployDevnetTokens, devnetChain } from './deploy.ts'
import { findFreePort } from './free-port.ts'
import { DEVNET_TOKEN_BALANCES, DEVNET_TOKENS, testTokenAbi } from './tokens.ts'

const [OWNER, ALICE, BOB, CAROL] = TEST_ACCOUNTS
const token = DEVNET_TOKENS[0] ?? raise('no devnet tokens')
const INITIAL = DEVNET_TOKEN_BALANCES[token.symbol]

let anvil: AnvilInstance
let publicClient: PublicClient

beforeAll(async () => {
  anvil = await startAnvil({ port: await findFreePort(), chainId: 31337 })
  await deployDevnetTokens(anvil.chainId, anvil.rpcUrl)
  publicClient = createPublicClient({ transport: http(anvil.rpcUrl) })
})

afterAll(async () => {
  await anvil?.stop()
})

function raise(message: string): never {
  throw new Error(message)
}

function walletOf(account: TestAccount) {
  return createWalletClient({
    account: privateKeyToAccount(account.privateKey),
    chain: devnetChain(anvil.chainId, anvil.rpcUrl),
    transport: http(anvil.rpcUrl),
  })
}

async function balanceOf(address: Address): Promise<bigint> {
  return publicClient.readContract({
    address: token.address,
    abi: testTokenAbi,
    functionName: 'balanceOf',
    args: [address],
  })
}

async function allowance(owner: Address, spender: Address): Promise<bigint> {
  return publicClient.readContract({
    address: token.address,
    abi: testTokenAbi,
    functionName: 'allowance',
    args: [owner, spender],
  })
}

async function logsOf(hash: Hash) {
  const receipt = await publicClient.waitForTransactionReceipt({ hash })
  expect(receipt.status).toBe('success')
  return parseEventLogs({ abi: testTokenAbi, logs: receipt.logs })
}

describe('TestToken', () => {
  it('transfers and emits Transfer', async () => {
    const hash = await walletOf(ALICE).writeContract({
      address: token.address,
      abi: testTokenAbi,
      functionName: 'transfer',
      args: [BOB.address, 250n],
    })

    const [log] = await logsOf(hash)
    expect(log?.eventName).toBe('Transfer')
    expect(log?.args).toEqual({ from: ALICE.address, to: BOB.address, value: 250n })
    expect(await balanceOf(ALICE.address)).toBe(INITIAL - 250n)
    expect(await balanceOf(BOB.address)).toBe(INITIAL + 250n)
  })

  it('rejects transfers above the balance and to the zero address', async () => {
    const transfer = (to: Address, amount: bigint) =>
      publicClient.simulateContract({
        account: CAROL.address,
        address: token.address,
        abi: testTokenAbi,
        functionName: 'transfer',
        args: [to, amount],
      })

    await expect(transfer(BOB.address, INITIAL + 1n)).rejects.toThrow('ERC20InsufficientBalance')
    await expect(transfer(zeroAddress, 1n)).rejects.toThrow('ERC20InvalidReceiver')
  })

  it('lets an approved spender transferFrom and spends the allowance', async () => {
    const approveHash = await walletOf(CAROL).writeContract({
      address: token.address,
      abi: testTokenAbi,
      functionName: 'approve',
      args: [BOB.address, 100n],
    })
    const [approval] = await logsOf(approveHash)
    expect(approval?.eventName).toBe('Approval')
    expect(approval?.args).toEqual({ owner: CAROL.address, spender: BOB.address, value: 100n })

    const spend = (amount: bigint) =>
      walletOf(BOB).writeContract({
        address: token.address,
        abi: testTokenAbi,
        functionName: 'transferFrom',
        args: [CAROL.address, ALICE.address, amount],
      })
    await logsOf(await spend(60n))

    expect(await allowance(CAROL.address, BOB.address)).toBe(40n)
    expect(await balanceOf(CAROL.address)).toBe(INITIAL - 60n)
    await expect(spend(41n)).rejects.toThrow('ERC20InsufficientAllowance')
  })

  it('never decreases an unlimited allowance', async () => {
    await logsOf(
      await walletOf(CAROL).writeContract({
        address: token.address,
        abi: testTokenAbi,
        functionName: 'approve',
        args: [ALICE.address, maxUint256],
      }),
    )
    await logsOf(
      await walletOf(ALICE).writeContract({
        address: token.address,
        abi: testTokenAbi,
        functionName: 'transferFrom',
        args: [CAROL.address, ALICE.address, 5n],
      }),
    )

    expect(await allowance(CAROL.address, ALICE.address)).toBe(maxUint256)
  })

  it('lets only the deployer mint', async () => {
    const mint = (minter: TestAccount) =>
      walletOf(minter).writeContract({
        address: token.address,
        abi: testTokenAbi,
        functionName: 'mint',
        args: [BOB.address, 1n],
      })
    const supplyBefore = await publicClient.readContract({
      address: token.address,
      abi: testTokenAbi,
      functionName: 'totalSupply',
    })

    await expect(mint(ALICE)).rejects.toThrow('OwnableUnauthorizedAccount')
    const [log] = await logsOf(await mint(OWNER))

    expect(log?.args).toEqual({ from: zeroAddress, to: BOB.address, value: 1n })
    const supplyAfter = await publicClient.readContract({
      address: token.address,
      abi: testTokenAbi,
      functionName: 'totalSupply',
    })
    expect(supplyAfter).toBe(supplyBefore + 1n)
  })
})
