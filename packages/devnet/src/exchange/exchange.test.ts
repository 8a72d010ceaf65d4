// The local exchange on a real anvil chain: deployed where exchange/contracts.ts says, pools
// seeded as exchange/pools.ts says, and a test account can trade through the router.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import {
  type Address,
  createPublicClient,
  createWalletClient,
  erc20Abi,
  formatUnits,
  http,
  keccak256,
  type PublicClient,
  parseEther,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TEST_ACCOUNT_ETH_BALANCE, TEST_ACCOUNTS } from '../accounts.ts'
import { devnetChain } from '../deploy.ts'
import { type Devnet, startDevnet } from '../devnet.ts'
import { findFreePort } from '../free-port.ts'
import { DEVNET_TOKEN_BALANCES, DEVNET_TOKENS } from '../tokens.ts'
import {
  EXCHANGE_ADDRESSES,
  PAIR_INIT_CODE_HASH,
  pairAbi,
  pairAddress,
  routerAbi,
} from './contracts.ts'
import { baseUnits, SEED_POOLS } from './pools.ts'

const require = createRequire(import.meta.url)
const token = (symbol: string) => {
  const found = DEVNET_TOKENS.find((t) => t.symbol === symbol)
  if (!found) throw new Error(symbol)
  return found.address
}

let devnet: Devnet
let client: PublicClient

beforeAll(async () => {
  devnet = await startDevnet({
    chains: [
      { chainId: 31337, port: await findFreePort() },
      { chainId: 31338, port: await findFreePort() },
    ],
  })
  client = createPublicClient({ transport: http(devnet.chains[0]?.rpcUrl) })
})
afterAll(() => devnet?.stop())

describe('the devnet exchange', () => {
  it("uses the pair creation code's hash the router was built with", () => {
    const pair = JSON.parse(
      readFileSync(require.resolve('@uniswap/v2-core/build/UniswapV2Pair.json'), 'utf8'),
    ) as { bytecode: string }
    expect(keccak256(`0x${pair.bytecode.replace(/^0x/, '')}`)).toBe(PAIR_INIT_CODE_HASH)
  })

  it('is at the same addresses on both chains, and the router knows its factory and WETH', async () => {
    for (const chain of devnet.chains) {
      expect(chain.exchange).toEqual(EXCHANGE_ADDRESSES)
      const onChain = createPublicClient({ transport: http(chain.rpcUrl) })
      const router = { address: EXCHANGE_ADDRESSES.router, abi: routerAbi } as const
      expect(await onChain.readContract({ ...router, functionName: 'factory' })).toBe(
        EXCHANGE_ADDRESSES.factory,
      )
      expect(await onChain.readContract({ ...router, functionName: 'WETH' })).toBe(
        EXCHANGE_ADDRESSES.weth,
      )
    }
  })

  it('holds the seed reserves in each pool', async () => {
    const addressOf = (symbol: string): Address =>
      symbol === 'ETH' ? EXCHANGE_ADDRESSES.weth : token(symbol)
    for (const { a, b } of SEED_POOLS) {
      const pair = pairAddress(addressOf(a.symbol), addressOf(b.symbol))
      const [reserve0, reserve1] = await client.readContract({
        address: pair,
        abi: pairAbi,
        functionName: 'getReserves',
      })
      const token0 = await client.readContract({
        address: pair,
        abi: pairAbi,
        functionName: 'token0',
      })
      const aFirst = token0.toLowerCase() === addressOf(a.symbol).toLowerCase()
      expect(aFirst ? [reserve0, reserve1] : [reserve1, reserve0]).toEqual([
        baseUnits(a),
        baseUnits(b),
      ])
    }
  })

  it('quotes 1 ETH for lUSD within 1 % of the pool price, and a test account swaps it', async () => {
    const path = [EXCHANGE_ADDRESSES.weth, token('lUSD')]
    const [, out] = await client.readContract({
      address: EXCHANGE_ADDRESSES.router,
      abi: routerAbi,
      functionName: 'getAmountsOut',
      args: [parseEther('1'), path],
    })
    const received = Number(formatUnits(out ?? 0n, 6))
    expect(received).toBeGreaterThan(3000 * 0.99)
    expect(received).toBeLessThan(3000)

    const trader = TEST_ACCOUNTS[7]
    const chain = devnetChain(31337, devnet.chains[0]?.rpcUrl ?? '')
    const wallet = createWalletClient({
      account: privateKeyToAccount(trader.privateKey),
      chain,
      transport: http(chain.rpcUrls.default.http[0]),
    })
    // Before trading: the exchange left the test accounts' balances alone.
    expect(await client.getBalance({ address: trader.address })).toBe(TEST_ACCOUNT_ETH_BALANCE)
    const lusd = { address: token('lUSD'), abi: erc20Abi, functionName: 'balanceOf' } as const
    expect(await client.readContract({ ...lusd, args: [trader.address] })).toBe(
      DEVNET_TOKEN_BALANCES.lUSD,
    )
    const hash = await wallet.writeContract({
      address: EXCHANGE_ADDRESSES.router,
      abi: routerAbi,
      functionName: 'swapExactETHForTokens',
      args: [out ?? 0n, path, trader.address, 2n ** 64n],
      value: parseEther('1'),
    })
    expect((await client.waitForTransactionReceipt({ hash })).status).toBe('success')
    expect(await client.readContract({ ...lusd, args: [trader.address] })).toBe(
      DEVNET_TOKEN_BALANCES.lUSD + (out ?? 0n),
    )
  })
})
