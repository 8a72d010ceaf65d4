import {
  type Abi,
  type Chain,
  createPublicClient,
  createTestClient,
  createWalletClient,
  defineChain,
  type Hash,
  type Hex,
  http,
  isAddressEqual,
  type PublicClient,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import artifact from '../contracts/TestToken.json' with { type: 'json' }
import { TEST_ACCOUNT_ETH_BALANCE, TEST_ACCOUNTS } from './accounts.ts'
import {
  DEVNET_TOKEN_BALANCES,
  DEVNET_TOKENS,
  type DevnetToken,
  TOKEN_DEPLOYER,
  testTokenAbi,
} from './tokens.ts'

const testTokenBytecode = artifact.bytecode as Hex
const testTokenConstructorAbi = artifact.abi as Abi

export function devnetChain(chainId: number, rpcUrl: string): Chain {
  return defineChain({
    id: chainId,
    name: `Latchkey devnet ${chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
    testnet: true,
  })
}

/**
 * Deploys every devnet token from the deployer account (token i with nonce i) and mints the test
 * balances. Tokens whose address already holds code are left untouched.
 */
export async function deployDevnetTokens(
  chainId: number,
  rpcUrl: string,
): Promise<readonly DevnetToken[]> {
  const chain = devnetChain(chainId, rpcUrl)
  const transport = http(rpcUrl)
  const publicClient = createPublicClient({ chain, transport, pollingInterval: 50 })
  const walletClient = createWalletClient({
    account: privateKeyToAccount(TOKEN_DEPLOYER.privateKey),
    chain,
    transport,
  })

  // All deploys come first: they must use nonces 0..n-1 for the addresses to match DEVNET_TOKENS.
  const deployed: DevnetToken[] = []
  for (const [nonce, token] of DEVNET_TOKENS.entries()) {
    const code = await publicClient.getCode({ address: token.address })
    if (code !== undefined && code !== '0x') continue

    const hash = await walletClient.deployContract({
      abi: testTokenConstructorAbi,
      bytecode: testTokenBytecode,
      args: [token.name, token.symbol, token.decimals],
      nonce,
    })
    const receipt = await waitForSuccess(publicClient, hash, `deploy ${token.symbol}`)
    if (!receipt.contractAddress || !isAddressEqual(receipt.contractAddress, token.address)) {
      throw new Error(
        `${token.symbol} deployed at ${receipt.contractAddress}, expected ${token.address} (chain ${chainId})`,
      )
    }
    deployed.push(token)
  }

  for (const token of deployed) {
    for (const account of TEST_ACCOUNTS) {
      const hash = await walletClient.writeContract({
        address: token.address,
        abi: testTokenAbi,
        functionName: 'mint',
        args: [account.address, DEVNET_TOKEN_BALANCES[token.symbol]],
      })
      await waitForSuccess(publicClient, hash, `mint ${token.symbol} to ${account.address}`)
    }
  }

  // Refund the deployer's gas so every test account starts with exactly anvil's default balance.
  if (deployed.length > 0) {
    await createTestClient({ chain, transport, mode: 'anvil' }).setBalance({
      address: TOKEN_DEPLOYER.address,
      value: TEST_ACCOUNT_ETH_BALANCE,
    })
  }
  return DEVNET_TOKENS
}

export async function waitForSuccess(publicClient: PublicClient, hash: Hash, action: string) {
  const receipt = await publicClient.waitForTransactionReceipt({ hash })
  if (receipt.status !== 'success') throw new Error(`${action} reverted (tx ${hash})`)
  return receipt
}
