// The onramp sandbox's treasury (README "Buy crypto"): the account the local provider pays
// purchases from. Not a test account, so purchases move no test account's nonce or balances.
// Its key is public: a local chain only.
import {
  type Address,
  createPublicClient,
  createTestClient,
  createWalletClient,
  encodePacked,
  http,
  keccak256,
  parseEther,
  parseUnits,
} from 'viem'
import { privateKeyToAccount, privateKeyToAddress } from 'viem/accounts'
import { TEST_ACCOUNT_ETH_BALANCE } from './accounts.ts'
import { devnetChain, waitForSuccess } from './deploy.ts'
import { type DevnetToken, TOKEN_DEPLOYER, testTokenAbi } from './tokens.ts'

export const ONRAMP_TREASURY_KEY = keccak256(
  encodePacked(['string'], ['latchkey devnet onramp treasury']),
)
export const ONRAMP_TREASURY: Address = privateKeyToAddress(ONRAMP_TREASURY_KEY)

/** What the treasury holds on a fresh chain: far beyond the purchases of any session */
export const ONRAMP_TREASURY_ETH = parseEther('100000')
export const ONRAMP_TREASURY_LUSD = parseUnits('100000000', 6)

/** Funds the treasury with ETH and lUSD; a chain where it holds lUSD already is left as it is. */
export async function fundOnrampTreasury(
  chainId: number,
  rpcUrl: string,
  tokens: readonly DevnetToken[],
): Promise<Address> {
  const chain = devnetChain(chainId, rpcUrl)
  const transport = http(rpcUrl)
  const publicClient = createPublicClient({ chain, transport, pollingInterval: 50 })
  const lusd = tokens.find((t) => t.symbol === 'lUSD')
  if (!lusd) throw new Error(`the devnet has no lUSD (chain ${chainId})`)
  const held = await publicClient.readContract({
    address: lusd.address,
    abi: testTokenAbi,
    functionName: 'balanceOf',
    args: [ONRAMP_TREASURY],
  })
  if (held > 0n) return ONRAMP_TREASURY

  const testClient = createTestClient({ chain, transport, mode: 'anvil' })
  await testClient.setBalance({ address: ONRAMP_TREASURY, value: ONRAMP_TREASURY_ETH })
  const owner = createWalletClient({
    account: privateKeyToAccount(TOKEN_DEPLOYER.privateKey),
    chain,
    transport,
  })
  const hash = await owner.writeContract({
    address: lusd.address,
    abi: testTokenAbi,
    functionName: 'mint',
    args: [ONRAMP_TREASURY, ONRAMP_TREASURY_LUSD],
  })
  await waitForSuccess(publicClient, hash, 'mint lUSD to the onramp treasury')
  // The token owner gets its gas back: test account 0 keeps anvil's default balance.
  await testClient.setBalance({ address: TOKEN_DEPLOYER.address, value: TEST_ACCOUNT_ETH_BALANCE })
  return ONRAMP_TREASURY
}
