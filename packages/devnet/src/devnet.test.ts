import { localSolana } from '@latchkey/core/networks'
import { createPublicClient, getAddress, http, type PublicClient } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import idRegistryArtifact from '../contracts/IdRegistry.json' with { type: 'json' }
import { TEST_ACCOUNT_ETH_BALANCE, TEST_ACCOUNTS } from './accounts.ts'
import { deployDevnetTokens } from './deploy.ts'
import { type Devnet, startDevnet } from './devnet.ts'
import { baseUnits, SEED_POOLS } from './exchange/pools.ts'
import { FARCASTER_ID_REGISTRY, farcasterIdRegistryAbi } from './farcaster/idRegistry.ts'
import { findFreePort } from './free-port.ts'
import {
  fundOnrampTreasury,
  ONRAMP_TREASURY,
  ONRAMP_TREASURY_ETH,
  ONRAMP_TREASURY_LUSD,
} from './onrampTreasury.ts'
import { DEVNET_TOKEN_BALANCES, DEVNET_TOKENS, testTokenAbi } from './tokens.ts'

const CHAIN_IDS = [31337, 31338]
const FIRST_ACCOUNT = TEST_ACCOUNTS[0]
const TENTH_ACCOUNT = TEST_ACCOUNTS[9]

let devnet: Devnet
const clients = new Map<number, PublicClient>()

beforeAll(async () => {
  const ports = [await findFreePort(), await findFreePort()]
  devnet = await startDevnet({
    chains: CHAIN_IDS.map((chainId, index) => ({ chainId, port: ports[index] ?? 0 })),
    solana: { port: 0 },
  })
  for (const chain of devnet.chains) {
    clients.set(chain.chainId, createPublicClient({ transport: http(chain.rpcUrl) }))
  }
})

afterAll(async () => {
  await devnet?.stop()
})

function clientFor(chainId: number): PublicClient {
  const client = clients.get(chainId)
  if (!client) throw new Error(`no client for chain ${chainId}`)
  return client
}

describe('startDevnet', () => {
  it('runs one chain per configured chain id', async () => {
    expect(devnet.chains.map((chain) => chain.chainId)).toEqual(CHAIN_IDS)
    for (const chainId of CHAIN_IDS) {
      expect(await clientFor(chainId).getChainId()).toBe(chainId)
    }
  })

  it('deploys both tokens at the same precomputed address on every chain', async () => {
    expect(DEVNET_TOKENS.map(({ symbol, decimals }) => [symbol, decimals])).toEqual([
      ['lUSD', 6],
      ['LKT', 18],
    ])
    for (const chain of devnet.chains) {
      expect(chain.tokens).toEqual(DEVNET_TOKENS)
      for (const token of DEVNET_TOKENS) {
        const client = clientFor(chain.chainId)
        const read = { address: token.address, abi: testTokenAbi } as const
        expect(await client.getCode({ address: token.address })).toMatch(/^0x[0-9a-f]{100,}$/)
        expect(await client.readContract({ ...read, functionName: 'symbol' })).toBe(token.symbol)
        expect(await client.readContract({ ...read, functionName: 'name' })).toBe(token.name)
        expect(await client.readContract({ ...read, functionName: 'decimals' })).toBe(
          token.decimals,
        )
        expect(await client.readContract({ ...read, functionName: 'owner' })).toBe(
          getAddress(FIRST_ACCOUNT.address),
        )
      }
    }
  })

  it.each(CHAIN_IDS)('funds accounts 0 and 9 on chain %i', async (chainId) => {
    const client = clientFor(chainId)
    for (const account of [FIRST_ACCOUNT, TENTH_ACCOUNT]) {
      expect(await client.getBalance({ address: account.address })).toBe(TEST_ACCOUNT_ETH_BALANCE)
      for (const token of DEVNET_TOKENS) {
        const balance = await client.readContract({
          address: token.address,
          abi: testTokenAbi,
          functionName: 'balanceOf',
          args: [account.address],
        })
        expect(balance).toBe(DEVNET_TOKEN_BALANCES[token.symbol])
      }
    }
    expect(DEVNET_TOKEN_BALANCES).toEqual({
      lUSD: 1_000_000n * 10n ** 6n,
      LKT: 1_000n * 10n ** 18n,
    })
  })

  it("mints exactly the test balances, the exchange's pools and the onramp treasury's lUSD, and nothing else", async () => {
    for (const chainId of CHAIN_IDS) {
      for (const token of DEVNET_TOKENS) {
        const totalSupply = await clientFor(chainId).readContract({
          address: token.address,
          abi: testTokenAbi,
          functionName: 'totalSupply',
        })
        const pooled = SEED_POOLS.flatMap((pool) => [pool.a, pool.b])
          .filter((side) => side.symbol === token.symbol)
          .reduce((sum, side) => sum + baseUnits(side), 0n)
        expect(pooled).toBeGreaterThan(0n)
        const treasury = token.symbol === 'lUSD' ? ONRAMP_TREASURY_LUSD : 0n
        expect(totalSupply).toBe(DEVNET_TOKEN_BALANCES[token.symbol] * 10n + pooled + treasury)
      }
    }
  })

  it('funds the onramp treasury on every chain, and a second deploy leaves it as it is', async () => {
    for (const chainId of CHAIN_IDS) {
      const client = clientFor(chainId)
      expect(await client.getBalance({ address: ONRAMP_TREASURY })).toBe(ONRAMP_TREASURY_ETH)
      const lusd = DEVNET_TOKENS.find((t) => t.symbol === 'lUSD')
      if (!lusd) throw new Error('no lUSD')
      expect(
        await client.readContract({
          address: lusd.address,
          abi: testTokenAbi,
          functionName: 'balanceOf',
          args: [ONRAMP_TREASURY],
        }),
      ).toBe(ONRAMP_TREASURY_LUSD)
      // Funded already: nothing is sent again.
      const nonce = await client.getTransactionCount({ address: TEST_ACCOUNTS[0].address })
      const chain = devnet.chains.find((c) => c.chainId === chainId)
      if (!chain) throw new Error(`no chain ${chainId}`)
      await fundOnrampTreasury(chainId, chain.rpcUrl, DEVNET_TOKENS)
      expect(await client.getTransactionCount({ address: TEST_ACCOUNTS[0].address })).toBe(nonce)
      expect(await client.getBalance({ address: ONRAMP_TREASURY })).toBe(ONRAMP_TREASURY_ETH)
    }
  })

  it("puts Farcaster's IdRegistry stand-in at Farcaster's address on every chain, no fid yet", async () => {
    for (const chain of devnet.chains) {
      const client = clientFor(chain.chainId)
      expect(chain.farcasterIdRegistry).toBe(FARCASTER_ID_REGISTRY)
      expect(await client.getCode({ address: FARCASTER_ID_REGISTRY })).toBe(
        idRegistryArtifact.deployedBytecode,
      )
      const idCounter = await client.readContract({
        address: FARCASTER_ID_REGISTRY,
        abi: farcasterIdRegistryAbi,
        functionName: 'idCounter',
      })
      expect(idCounter).toBe(0n)
    }
  })

  it('runs the Solana node when asked, on the network localSolana names', async () => {
    const solana = devnet.solana
    if (!solana) throw new Error('the Solana node did not start')
    expect(solana.caipNetworkId).toBe(localSolana.caipNetworkId)
    const response = await fetch(solana.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getGenesisHash' }),
    })
    expect(((await response.json()) as { result: string }).result).toBe(solana.genesisHash)
  })

  it('leaves already deployed tokens alone when deploying again', async () => {
    const [chain] = devnet.chains
    if (!chain) throw new Error('devnet has no chains')
    const client = clientFor(chain.chainId)
    const nonceBefore = await client.getTransactionCount({ address: FIRST_ACCOUNT.address })

    await deployDevnetTokens(chain.chainId, chain.rpcUrl)

    expect(await client.getTransactionCount({ address: FIRST_ACCOUNT.address })).toBe(nonceBefore)
  })
})
