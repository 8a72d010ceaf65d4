// Which EVM chains the data API serves: startServer({ chains }) or EVM_RPC_URLS.
import { type Address, getAddress, isAddress } from 'viem'
import { urlListFromEnv } from './urlListFromEnv.ts'

export interface ChainConfig {
  chainId: number
  rpcUrl: string
  /**
   * A Uniswap V2 router (or a fork with its interface) for /v1/convert/*; default the devnet's
   * on the local chains (LOCAL_SWAP_CHAIN_IDS), none elsewhere: swaps are not offered there
   */
  swapRouter?: Address
  /**
   * The chain's ERC-4337 bundler (EntryPoint v0.7) for the gateway at /v1/bundler; none: smart
   * accounts are not offered on the chain
   */
  bundlerUrl?: string
}

/** The CAIP-2 id of an EVM chain: eip155:<chainId>. */
export function caip2(chainId: number): string {
  return `eip155:${chainId}`
}

/** The chain id of an eip155 CAIP-2 id, or undefined when it is not one. */
export function parseCaip2(value: string): number | undefined {
  const match = /^eip155:([1-9]\d{0,15})$/.exec(value)
  if (!match) return undefined
  const id = Number(match[1])
  return Number.isSafeInteger(id) ? id : undefined
}

/**
 * EVM_RPC_URLS: a comma list of chainId=url, e.g. "31337=http://127.0.0.1:8545"; EVM_SWAP_ROUTERS
 * (chainId=router address, same shape) gives chains their exchange, EVM_BUNDLER_URLS
 * (chainId=url) their ERC-4337 bundler.
 */
export function chainsFromEnv(
  raw = process.env.EVM_RPC_URLS,
  routers = process.env.EVM_SWAP_ROUTERS,
  bundlers = process.env.EVM_BUNDLER_URLS,
): ChainConfig[] {
  const swapRouters = swapRoutersFromEnv(routers)
  const bundlerUrls = new Map(
    urlListFromEnv(bundlers, { variable: 'EVM_BUNDLER_URLS', key: 'chainId' }, (key, url) => {
      const chainId = Number(key)
      return Number.isSafeInteger(chainId) && chainId > 0 ? ([chainId, url] as const) : undefined
    }),
  )
  return urlListFromEnv(raw, { variable: 'EVM_RPC_URLS', key: 'chainId' }, (key, rpcUrl) => {
    const chainId = Number(key)
    if (!Number.isSafeInteger(chainId) || chainId <= 0) return undefined
    const swapRouter = swapRouters.get(chainId)
    const bundlerUrl = bundlerUrls.get(chainId)
    return {
      chainId,
      rpcUrl,
      ...(swapRouter && { swapRouter }),
      ...(bundlerUrl && { bundlerUrl }),
    }
  })
}

function swapRoutersFromEnv(raw: string | undefined): Map<number, Address> {
  const routers = new Map<number, Address>()
  for (const item of (raw ?? '').split(',').map((part) => part.trim())) {
    if (item === '') continue
    const [key = '', address = ''] = item.split('=').map((part) => part.trim())
    const chainId = Number(key)
    if (!Number.isSafeInteger(chainId) || chainId <= 0 || !isAddress(address, { strict: false })) {
      throw new Error(`EVM_SWAP_ROUTERS items must be chainId=0x…(40 hex digits), got '${item}'`)
    }
    routers.set(chainId, getAddress(address))
  }
  return routers
}
