// wallet_getAssets (EIP-7811): the account's coins and tokens per chain, from the services' data
// API (one balance request for every EVM chain it serves), in the EIP's shape: balances as hex
// integers in the token's smallest unit, the native coin under the address 'native'.
import { type Hex, parseUnits } from 'viem'
import * as z from 'zod/mini'
import { FrameError } from '../frameError.ts'
import { type ServicesDeps, servicesRequest } from './servicesRequest.ts'
import { INVALID_PARAMS, UNAUTHORIZED, WRONG_ACCOUNT } from './signer.ts'

export type AssetType = 'native' | 'erc20'

export const ASSETS_UNREADABLE = 'Could not read the assets'

export interface Asset {
  address: Hex | 'native'
  balance: Hex
  type: AssetType
  metadata: { name: string; symbol: string; decimals: number }
}

const ADDRESS = /^0x[0-9a-fA-F]{40}$/
const CHAIN_HEX = /^0x[0-9a-fA-F]{1,15}$/

const Request = z.object({
  account: z.string().check(z.regex(ADDRESS)),
  chainFilter: z.optional(z.array(z.string().check(z.regex(CHAIN_HEX))).check(z.maxLength(64))),
  assetTypeFilter: z.optional(z.array(z.string()).check(z.maxLength(16))),
  assetFilter: z.optional(
    z.record(
      z.string().check(z.regex(CHAIN_HEX)),
      z.array(z.object({ address: z.string(), type: z.string() })).check(z.maxLength(256)),
    ),
  ),
})
export type AssetsRequest = z.infer<typeof Request>

/** The data API's balance, as far as wallet_getAssets reads it */
const Balance = z.object({
  name: z.string(),
  symbol: z.string(),
  chainId: z.string(),
  address: z.optional(z.string()),
  quantity: z.object({ decimals: z.string(), numeric: z.string() }),
})

/** The request, checked; the account must be one the visitor uses here */
export function parseAssetsRequest(params: unknown, own: readonly string[]): AssetsRequest {
  const parsed = Request.safeParse(Array.isArray(params) ? params[0] : undefined)
  if (!parsed.success) throw new FrameError('Invalid assets request', INVALID_PARAMS)
  const account = parsed.data.account.toLowerCase()
  if (!own.some((address) => address.toLowerCase() === account)) {
    throw new FrameError(WRONG_ACCOUNT, UNAUTHORIZED)
  }
  return parsed.data
}

const chainHex = (chainId: number) => `0x${chainId.toString(16)}` as const

/** One data API balance as an EIP-7811 asset, with its chain; undefined when it is not EVM */
function toAsset(raw: unknown): { chain: string; asset: Asset } | undefined {
  const parsed = Balance.safeParse(raw)
  if (!parsed.success) return undefined
  const { name, symbol, chainId, address, quantity } = parsed.data
  const chain = /^eip155:([0-9]{1,15})$/.exec(chainId)
  const decimals = Number(quantity.decimals)
  if (!chain || !Number.isInteger(decimals) || decimals < 0 || decimals > 255) return undefined
  const token = address?.split(':')[2]
  if (token !== undefined && !ADDRESS.test(token)) return undefined
  let amount: bigint
  try {
    amount = parseUnits(quantity.numeric, decimals)
  } catch {
    return undefined
  }
  return {
    chain: chainHex(Number(chain[1])),
    asset: {
      address: token ? (token as Hex) : 'native',
      balance: `0x${amount.toString(16)}`,
      type: token ? 'erc20' : 'native',
      metadata: { name, symbol, decimals },
    },
  }
}

/** Whether the request's filters keep an asset on a chain (EIP-7811: filters narrow, never add) */
function wanted(request: AssetsRequest, chain: string, asset: Asset): boolean {
  const { chainFilter, assetTypeFilter, assetFilter } = request
  if (chainFilter && !chainFilter.some((c) => BigInt(c) === BigInt(chain))) return false
  if (assetTypeFilter && !assetTypeFilter.includes(asset.type)) return false
  if (!assetFilter) return true
  const listed = Object.entries(assetFilter).find(([c]) => BigInt(c) === BigInt(chain))?.[1]
  return (
    listed?.some(
      (a) => a.type === asset.type && a.address.toLowerCase() === asset.address.toLowerCase(),
    ) ?? false
  )
}

/** The account's assets per chain (hex chain id), as the data API knows them */
export async function walletAssets(
  deps: ServicesDeps,
  request: AssetsRequest,
): Promise<Record<string, Asset[]>> {
  const answer = await servicesRequest(
    deps,
    `/v1/account/${encodeURIComponent(request.account)}/balance`,
    { query: { currency: 'usd' } },
  ).catch(() => {
    throw new FrameError(ASSETS_UNREADABLE)
  })
  const { balances } = answer.body
  if (!answer.ok || !Array.isArray(balances)) {
    throw new FrameError(`${ASSETS_UNREADABLE} (HTTP status code: ${answer.status})`)
  }
  const assets: Record<string, Asset[]> = {}
  for (const raw of balances) {
    const found = toAsset(raw)
    if (!found || !wanted(request, found.chain, found.asset)) continue
    assets[found.chain] = [...(assets[found.chain] ?? []), found.asset]
  }
  return assets
}
