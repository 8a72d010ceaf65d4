// Deploys EntryPoint v0.7 and SimpleAccountFactory on a devnet chain (contracts.ts); a chain
// that already has the EntryPoint is left as it is.
import {
  createPublicClient,
  createTestClient,
  createWalletClient,
  type Hex,
  http,
  parseEther,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { devnetChain, waitForSuccess } from '../deploy.ts'
import {
  ACCOUNT_ABSTRACTION,
  ACCOUNT_ABSTRACTION_DEPLOYER,
  ACCOUNT_ABSTRACTION_DEPLOYER_KEY,
  accountAbstractionInitCode,
  DETERMINISTIC_DEPLOYER,
  deterministicAddress,
} from './contracts.ts'

export async function deployAccountAbstraction(
  chainId: number,
  rpcUrl: string,
): Promise<typeof ACCOUNT_ABSTRACTION> {
  const chain = devnetChain(chainId, rpcUrl)
  const transport = http(rpcUrl)
  const publicClient = createPublicClient({ chain, transport, pollingInterval: 50 })
  const hasCode = async (address: Hex) => {
    const code = await publicClient.getCode({ address })
    return code !== undefined && code !== '0x'
  }
  if (await hasCode(ACCOUNT_ABSTRACTION.entryPoint)) return ACCOUNT_ABSTRACTION
  if (!(await hasCode(DETERMINISTIC_DEPLOYER))) {
    throw new Error(`chain ${chainId} has no deterministic deployer at ${DETERMINISTIC_DEPLOYER}`)
  }

  await createTestClient({ chain, transport, mode: 'anvil' }).setBalance({
    address: ACCOUNT_ABSTRACTION_DEPLOYER,
    value: parseEther('10'),
  })
  const deployer = createWalletClient({
    account: privateKeyToAccount(ACCOUNT_ABSTRACTION_DEPLOYER_KEY),
    chain,
    transport,
  })
  const code = await accountAbstractionInitCode()
  const deploys = [
    ['EntryPoint', code.entryPoint, ACCOUNT_ABSTRACTION.entryPoint],
    ['SimpleAccountFactory', code.factory, ACCOUNT_ABSTRACTION.simpleAccountFactory],
  ] as const
  for (const [name, { salt, initCode }, expected] of deploys) {
    if (deterministicAddress(salt, initCode) !== expected) {
      throw new Error(`${name}'s artifact does not create ${expected}: a different build`)
    }
    const hash = await deployer.sendTransaction({
      to: DETERMINISTIC_DEPLOYER,
      data: `${salt}${initCode.slice(2)}`,
      gas: 8_000_000n,
    })
    await waitForSuccess(publicClient, hash, `deploy ${name}`)
    if (!(await hasCode(expected))) throw new Error(`${name} has no code at ${expected}`)
  }
  return ACCOUNT_ABSTRACTION
}
