import type { TokenBalance } from '../api/api.ts'
import type { OnrampAsset } from '../api/onramp.ts'
import { parseAmount } from '../send/sendAmount.ts'

/**
 * What the data API's balances hold of `asset`, in base units: the native coin is the entry
 * without an address, a token the one whose CAIP-10 address ends in the asset's. None is 0.
 */
export function balanceOfAsset(balances: readonly TokenBalance[], asset: OnrampAsset): bigint {
  const found = balances.find((b) =>
    asset.address === null
      ? b.address === undefined && b.symbol === asset.symbol
      : b.address?.split(':').pop()?.toLowerCase() === asset.address.toLowerCase(),
  )
  return found ? parseAmount(found.quantity.numeric, asset.decimals) : 0n
}
