// User operations end to end on the local stack: anvil with EntryPoint v0.7 and the
// SimpleAccountFactory (devnet), Alto as the bundler, viem's bundler client and our SimpleAccount.
import {
  ACCOUNT_ABSTRACTION,
  type Bundler,
  DEVNET_TOKENS,
  type Devnet,
  deployAccountAbstraction,
  findFreePort,
  startBundler,
  startDevnet,
  TEST_ACCOUNTS,
  testTokenAbi,
} from '@latchkey/devnet'
import {
  type Address,
  createPublicClient,
  createTestClient,
  createWalletClient,
  defineChain,
  encodeFunctionData,
  http,
  type PublicClient,
  parseEther,
  parseUnits,
} from 'viem'
import { type BundlerClient, createBundlerClient } from 'viem/account-abstraction'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SIMPLE_ACCOUNT_CANNOT_SIGN } from './constants.ts'
import { SIMPLE_ACCOUNT_FACTORY, toSimpleAccount } from './simpleAccount.ts'

let devnet: Devnet
let anvil: Devnet['chains'][number]
let bundler: Bundler
let publicClient: PublicClient
let bundlerClient: BundlerClient
const recipient = TEST_ACCOUNTS[5].address

beforeAll(async () => {
  devnet = await startDevnet({ chains: [{ chainId: 31337, port: await findFreePort() }] })
  anvil = devnet.chains[0] as Devnet['chains'][number]
  bundler = await startBundler({
    chainId: anvil.chainId,
    rpcUrl: anvil.rpcUrl,
    port: await findFreePort(),
  })
  const chain = defineChain({
    id: anvil.chainId,
    name: 'devnet',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [anvil.rpcUrl] } },
  })
  publicClient = createPublicClient({ chain, transport: http(anvil.rpcUrl), pollingInterval: 50 })
  bundlerClient = createBundlerClient({
    client: publicClient,
    transport: http(bundler.url),
    pollingInterval: 50,
  })
})

afterAll(async () => {
  await bundler?.stop()
  await devnet?.stop()
})

async function fundedAccount(eth = '1') {
  const owner = privateKeyToAccount(generatePrivateKey())
  const account = await toSimpleAccount({ client: publicClient, owner })
  const address = await account.getAddress()
  await createTestClient({
    chain: publicClient.chain,
    transport: http(anvil.rpcUrl),
    mode: 'anvil',
  }).setBalance({ address, value: parseEther(eth) })
  return { owner, account, address }
}

const balanceOf = (address: Address) => publicClient.getBalance({ address })

describe('the devnet for ERC-4337', () => {
  it('has EntryPoint v0.7 and the SimpleAccountFactory at their public addresses', async () => {
    expect(ACCOUNT_ABSTRACTION.simpleAccountFactory).toBe(SIMPLE_ACCOUNT_FACTORY)
    for (const address of Object.values(ACCOUNT_ABSTRACTION)) {
      expect((await publicClient.getCode({ address }))?.length).toBeGreaterThan(100)
    }
    expect(await bundlerClient.getSupportedEntryPoints()).toEqual([ACCOUNT_ABSTRACTION.entryPoint])
    expect(await bundlerClient.getChainId()).toBe(anvil.chainId)
  })

  it('deploying twice leaves the chain as it is', async () => {
    await expect(deployAccountAbstraction(anvil.chainId, anvil.rpcUrl)).resolves.toEqual(
      ACCOUNT_ABSTRACTION,
    )
  })
})

describe('a SimpleAccount through the bundler', () => {
  it('knows its address before it exists, and the first user operation deploys it', async () => {
    const { account, address } = await fundedAccount()
    expect(await publicClient.getCode({ address })).toBeUndefined()
    expect(await account.isDeployed()).toBe(false)

    const before = await balanceOf(recipient)
    const hash = await bundlerClient.sendUserOperation({
      account,
      calls: [{ to: recipient, value: parseEther('0.1') }],
    })
    const receipt = await bundlerClient.waitForUserOperationReceipt({ hash })
    expect(receipt.success).toBe(true)
    expect(receipt.sender.toLowerCase()).toBe(address.toLowerCase())
    expect(await account.isDeployed()).toBe(true)
    expect((await balanceOf(recipient)) - before).toBe(parseEther('0.1'))
  })

  it('runs a batch (approve + transfer) atomically in one user operation', async () => {
    const { account, address } = await fundedAccount()
    const lusd = DEVNET_TOKENS.find((t) => t.symbol === 'lUSD')
    if (!lusd) throw new Error('no lUSD')
    // Test account 0 gives the smart account 5 lUSD through a plain transfer first.
    const funder = createWalletClient({
      account: privateKeyToAccount(TEST_ACCOUNTS[0].privateKey),
      chain: publicClient.chain,
      transport: http(anvil.rpcUrl),
    })
    await publicClient.waitForTransactionReceipt({
      hash: await funder.writeContract({
        address: lusd.address,
        abi: testTokenAbi,
        functionName: 'transfer',
        args: [address, parseUnits('5', lusd.decimals)],
        chain: publicClient.chain,
      }),
    })

    const hash = await bundlerClient.sendUserOperation({
      account,
      calls: [
        {
          to: lusd.address,
          data: encodeFunctionData({
            abi: testTokenAbi,
            functionName: 'approve',
            args: [recipient, parseUnits('2', lusd.decimals)],
          }),
        },
        {
          to: lusd.address,
          data: encodeFunctionData({
            abi: testTokenAbi,
            functionName: 'transfer',
            args: [recipient, parseUnits('3', lusd.decimals)],
          }),
        },
      ],
    })
    const receipt = await bundlerClient.waitForUserOperationReceipt({ hash })
    expect(receipt.success).toBe(true)
    const read = (functionName: 'balanceOf' | 'allowance', args: readonly Address[]) =>
      publicClient.readContract({
        address: lusd.address,
        abi: testTokenAbi,
        functionName,
        args,
      } as never)
    expect(await read('allowance', [address, recipient])).toBe(parseUnits('2', lusd.decimals))
    expect(await read('balanceOf', [address])).toBe(parseUnits('2', lusd.decimals))
  })

  it('a failing call reverts the whole batch', async () => {
    const { account, address } = await fundedAccount()
    // Deploy first, so the failing operation below cannot be refused for its init code.
    await bundlerClient.waitForUserOperationReceipt({
      hash: await bundlerClient.sendUserOperation({
        account,
        calls: [{ to: recipient, value: 1n }],
      }),
    })
    const lusd = DEVNET_TOKENS[0] as (typeof DEVNET_TOKENS)[number]
    const ethBefore = await balanceOf(recipient)
    const hash = await bundlerClient.sendUserOperation({
      account,
      calls: [
        { to: recipient, value: parseEther('0.2') },
        // More lUSD than the account holds (none): the token reverts.
        {
          to: lusd.address,
          data: encodeFunctionData({
            abi: testTokenAbi,
            functionName: 'transfer',
            args: [recipient, 1n],
          }),
        },
      ],
      // Gas fixed: estimation would refuse the operation before it reaches the chain.
      callGasLimit: 200_000n,
      verificationGasLimit: 200_000n,
      preVerificationGas: 60_000n,
    })
    const receipt = await bundlerClient.waitForUserOperationReceipt({ hash })
    expect(receipt.success).toBe(false)
    expect(await balanceOf(recipient)).toBe(ethBefore)
    expect(await balanceOf(address)).toBeLessThan(parseEther('1'))
  })

  it('refuses to sign a message: nothing could verify it', async () => {
    const { account } = await fundedAccount()
    await expect(account.signMessage({ message: 'hello' })).rejects.toThrow(
      SIMPLE_ACCOUNT_CANNOT_SIGN,
    )
  })
})
