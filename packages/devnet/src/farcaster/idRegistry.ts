// Farcaster's IdRegistry on the devnet chains: the stand-in contract (contracts/IdRegistry.sol)
// at Farcaster's own address, so @farcaster/auth-client's viemConnector({ rpcUrl }) resolves
// fids on a local chain exactly as it does on Optimism.
import {
  type Address,
  createPublicClient,
  createTestClient,
  createWalletClient,
  type Hex,
  http,
  parseAbi,
  parseEventLogs,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import artifact from '../../contracts/IdRegistry.json' with { type: 'json' }
import { devnetChain, waitForSuccess } from '../deploy.ts'

/** Farcaster's IdRegistry on Optimism, where auth-client's viemConnector reads `idOf`. */
export const FARCASTER_ID_REGISTRY: Address = '0x00000000Fc6c5F01Fc30151999387Bb99A9f489b'

/** Typed ABI of contracts/IdRegistry.sol; compile.test.ts checks it against the artifact. */
export const farcasterIdRegistryAbi = parseAbi([
  'function idCounter() view returns (uint256)',
  'function idOf(address owner) view returns (uint256 fid)',
  'function custodyOf(uint256 fid) view returns (address custody)',
  'function register(address recovery) returns (uint256 fid)',
  'event Register(address indexed to, uint256 indexed id, address recovery)',
  'error HasId()',
])

const farcasterIdRegistryRuntime = artifact.deployedBytecode as Hex

/**
 * Puts the IdRegistry's runtime code at FARCASTER_ID_REGISTRY. Storage is left as it is, so a
 * chain that already has the registry keeps its fids.
 */
export async function placeFarcasterIdRegistry(rpcUrl: string): Promise<Address> {
  await createTestClient({ transport: http(rpcUrl), mode: 'anvil' }).setCode({
    address: FARCASTER_ID_REGISTRY,
    bytecode: farcasterIdRegistryRuntime,
  })
  return FARCASTER_ID_REGISTRY
}

export interface RegisterFarcasterFidOptions {
  rpcUrl: string
  /** The custody key; it pays the gas */
  privateKey: Hex
}

/**
 * The fid whose custody address is the key's account: registered from that key (IdRegistry
 * `register`, recovery address the account itself), or the one it already has. A number, as Sign in with Farcaster carries it (the
 * message's resource, the relay, auth-client's verifySignInMessage).
 */
export async function registerFarcasterFid({
  rpcUrl,
  privateKey,
}: RegisterFarcasterFidOptions): Promise<number> {
  const account = privateKeyToAccount(privateKey)
  const transport = http(rpcUrl)
  const publicClient = createPublicClient({ transport, pollingInterval: 50 })
  const chain = devnetChain(await publicClient.getChainId(), rpcUrl)
  const registry = { address: FARCASTER_ID_REGISTRY, abi: farcasterIdRegistryAbi } as const

  const existing = await publicClient.readContract({
    ...registry,
    functionName: 'idOf',
    args: [account.address],
  })
  if (existing !== 0n) return Number(existing)

  const hash = await createWalletClient({ account, chain, transport }).writeContract({
    ...registry,
    functionName: 'register',
    args: [account.address],
  })
  const receipt = await waitForSuccess(publicClient, hash, `register an fid for ${account.address}`)
  const [registered] = parseEventLogs({
    abi: farcasterIdRegistryAbi,
    eventName: 'Register',
    logs: receipt.logs,
  })
  if (!registered) throw new Error(`register emitted no Register event (tx ${hash})`)
  return Number(registered.args.id)
}
