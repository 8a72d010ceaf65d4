// The IdRegistry stand-in on a real anvil chain: placed at Farcaster's address, it registers and
// resolves fids, and refuses a second fid for one custody address.
import {
  type Address,
  createPublicClient,
  createWalletClient,
  type Hex,
  http,
  type PublicClient,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import artifact from '../../contracts/IdRegistry.json' with { type: 'json' }
import { TEST_ACCOUNTS } from '../accounts.ts'
import { type AnvilInstance, startAnvil } from '../anvil.ts'
import { devnetChain } from '../deploy.ts'
import { findFreePort } from '../free-port.ts'
import {
  FARCASTER_ID_REGISTRY,
  farcasterIdRegistryAbi,
  placeFarcasterIdRegistry,
  registerFarcasterFid,
} from './idRegistry.ts'

const [, first, second] = TEST_ACCOUNTS
if (!first || !second) throw new Error('missing test accounts')
const registry = { address: FARCASTER_ID_REGISTRY, abi: farcasterIdRegistryAbi } as const

let anvil: AnvilInstance
let client: PublicClient

beforeAll(async () => {
  anvil = await startAnvil({ port: await findFreePort(), chainId: 31337 })
  client = createPublicClient({ transport: http(anvil.rpcUrl), pollingInterval: 50 })
  await placeFarcasterIdRegistry(anvil.rpcUrl)
})

afterAll(async () => {
  await anvil?.stop()
})

describe('the Farcaster IdRegistry stand-in', () => {
  it("puts the contract's runtime code at Farcaster's address, the code a deployment leaves", async () => {
    const placed = await client.getCode({ address: FARCASTER_ID_REGISTRY })
    expect(placed).toBe(artifact.deployedBytecode)

    const wallet = createWalletClient({
      account: privateKeyToAccount(second.privateKey),
      chain: devnetChain(31337, anvil.rpcUrl),
      transport: http(anvil.rpcUrl),
    })
    const hash = await wallet.deployContract({
      abi: farcasterIdRegistryAbi,
      bytecode: artifact.bytecode as Hex,
    })
    const { contractAddress } = await client.waitForTransactionReceipt({ hash })
    if (!contractAddress) throw new Error('no contract deployed')
    expect(await client.getCode({ address: contractAddress })).toBe(placed)
    expect(await client.readContract({ ...registry, functionName: 'idCounter' })).toBe(0n)
  })

  it('registers the key as custody of the next fid and resolves it both ways', async () => {
    const fid = await registerFarcasterFid({ rpcUrl: anvil.rpcUrl, privateKey: first.privateKey })

    expect(fid).toBe(1)
    const idOf = (address: Address) =>
      client.readContract({ ...registry, functionName: 'idOf', args: [address] })
    expect(await idOf(first.address)).toBe(1n)
    expect(await idOf(second.address)).toBe(0n)
    expect(await client.readContract({ ...registry, functionName: 'custodyOf', args: [1n] })).toBe(
      first.address,
    )
    expect(await client.readContract({ ...registry, functionName: 'idCounter' })).toBe(1n)

    const logs = await client.getContractEvents({
      ...registry,
      eventName: 'Register',
      fromBlock: 0n,
    })
    expect(logs.map((log) => log.args)).toEqual([
      { to: first.address, id: 1n, recovery: first.address },
    ])
  })

  it('refuses a second fid for the same custody address (HasId)', async () => {
    await expect(
      client.simulateContract({
        ...registry,
        functionName: 'register',
        args: [second.address],
        account: first.address,
      }),
    ).rejects.toThrow(/HasId/)
  })

  it("registerFarcasterFid answers a key's existing fid without registering again", async () => {
    const counter = () => client.readContract({ ...registry, functionName: 'idCounter' })
    const before = await counter()

    const again = await registerFarcasterFid({ rpcUrl: anvil.rpcUrl, privateKey: first.privateKey })

    expect(again).toBe(1)
    expect(await counter()).toBe(before)
    expect(
      await registerFarcasterFid({ rpcUrl: anvil.rpcUrl, privateKey: second.privateKey }),
    ).toBe(2)
  })
})
