// Deploys the local exchange on a devnet chain: WETH9, the Uniswap V2 factory and router from
// their npm artifacts, then the seed pools. Same addresses and reserves on every fresh chain; a
// chain that already has the router is left as it is.
import {
  type Address,
  createPublicClient,
  createTestClient,
  createWalletClient,
  type Hash,
  http,
  isAddressEqual,
  parseEther,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { TEST_ACCOUNT_ETH_BALANCE } from '../accounts.ts'
import { devnetChain, waitForSuccess } from '../deploy.ts'
import { type DevnetToken, TOKEN_DEPLOYER, testTokenAbi } from '../tokens.ts'
import {
  EXCHANGE_ADDRESSES,
  EXCHANGE_DEPLOYER,
  EXCHANGE_DEPLOYER_KEY,
  exchangeBytecode,
  factoryAbi,
  routerAbi,
} from './contracts.ts'
import { baseUnits, SEED_POOLS } from './pools.ts'

/** Far beyond any devnet block's timestamp */
const NO_DEADLINE = 2n ** 64n
/** What the deployer is given: the pools' 400 ETH and gas */
const DEPLOYER_ETH = parseEther('1000')

export async function deployDevnetExchange(
  chainId: number,
  rpcUrl: string,
  tokens: readonly DevnetToken[],
): Promise<typeof EXCHANGE_ADDRESSES> {
  const chain = devnetChain(chainId, rpcUrl)
  const transport = http(rpcUrl)
  const publicClient = createPublicClient({ chain, transport, pollingInterval: 50 })
  const code = await publicClient.getCode({ address: EXCHANGE_ADDRESSES.router })
  if (code !== undefined && code !== '0x') return EXCHANGE_ADDRESSES

  const testClient = createTestClient({ chain, transport, mode: 'anvil' })
  await testClient.setBalance({ address: EXCHANGE_DEPLOYER, value: DEPLOYER_ETH })
  const deployer = createWalletClient({
    account: privateKeyToAccount(EXCHANGE_DEPLOYER_KEY),
    chain,
    transport,
  })
  const confirm = (hash: Hash, action: string) => waitForSuccess(publicClient, hash, action)

  const bytecode = await exchangeBytecode()
  const deploys = [
    { name: 'WETH9', bytecode: bytecode.weth, args: [] },
    { name: 'factory', bytecode: bytecode.factory, args: [EXCHANGE_DEPLOYER] },
    {
      name: 'router',
      bytecode: bytecode.router,
      args: [EXCHANGE_ADDRESSES.factory, EXCHANGE_ADDRESSES.weth],
    },
  ] as const
  const expected = [EXCHANGE_ADDRESSES.weth, EXCHANGE_ADDRESSES.factory, EXCHANGE_ADDRESSES.router]
  for (const [nonce, deploy] of deploys.entries()) {
    const hash = await deployer.deployContract({
      abi: deploy.name === 'WETH9' ? [] : deploy.name === 'factory' ? factoryAbi : routerAbi,
      bytecode: deploy.bytecode,
      args: deploy.args as never,
      nonce,
    })
    const receipt = await confirm(hash, `deploy ${deploy.name}`)
    const at = receipt.contractAddress
    if (!at || !isAddressEqual(at, expected[nonce] as Address)) {
      throw new Error(
        `${deploy.name} deployed at ${at}, expected ${expected[nonce]} (chain ${chainId})`,
      )
    }
  }

  // The token owner mints the pools' tokens to the deployer, then gets its gas back.
  const owner = createWalletClient({
    account: privateKeyToAccount(TOKEN_DEPLOYER.privateKey),
    chain,
    transport,
  })
  const addressOf = (symbol: string) => {
    const token = tokens.find((t) => t.symbol === symbol)
    if (!token) throw new Error(`the devnet has no token ${symbol} (chain ${chainId})`)
    return token.address
  }
  for (const token of tokens) {
    const needed = SEED_POOLS.flatMap((pool) => [pool.a, pool.b])
      .filter((side) => side.symbol === token.symbol)
      .reduce((sum, side) => sum + baseUnits(side), 0n)
    if (needed === 0n) continue
    await confirm(
      await owner.writeContract({
        address: token.address,
        abi: testTokenAbi,
        functionName: 'mint',
        args: [EXCHANGE_DEPLOYER, needed],
      }),
      `mint ${token.symbol} for the pools`,
    )
    await confirm(
      await deployer.writeContract({
        address: token.address,
        abi: testTokenAbi,
        functionName: 'approve',
        args: [EXCHANGE_ADDRESSES.router, needed],
      }),
      `approve ${token.symbol} to the router`,
    )
  }
  await testClient.setBalance({ address: TOKEN_DEPLOYER.address, value: TEST_ACCOUNT_ETH_BALANCE })

  for (const { a, b } of SEED_POOLS) {
    const hash =
      a.symbol === 'ETH'
        ? await deployer.writeContract({
            address: EXCHANGE_ADDRESSES.router,
            abi: routerAbi,
            functionName: 'addLiquidityETH',
            args: [addressOf(b.symbol), baseUnits(b), 0n, 0n, EXCHANGE_DEPLOYER, NO_DEADLINE],
            value: baseUnits(a),
          })
        : await deployer.writeContract({
            address: EXCHANGE_ADDRESSES.router,
            abi: routerAbi,
            functionName: 'addLiquidity',
            args: [
              addressOf(a.symbol),
              addressOf(b.symbol),
              baseUnits(a),
              baseUnits(b),
              0n,
              0n,
              EXCHANGE_DEPLOYER,
              NO_DEADLINE,
            ],
          })
    await confirm(hash, `seed the ${a.symbol}/${b.symbol} pool`)
  }
  return EXCHANGE_ADDRESSES
}
