// Where swaps are offered, and what the visitor reads when the service refuses one.
import { ApiError } from '../api/api.ts'
import { SWAP_SUPPORTED_CAIP_NETWORK_IDS } from '../constants/swap.ts'
import { ErrorText, toUserMessage } from '../errors.ts'

/** §9 Whether the Swap button shows on a network (README "Swap"). */
export function isSwapSupported(caipNetworkId: string): boolean {
  return (SWAP_SUPPORTED_CAIP_NETWORK_IDS as readonly string[]).includes(caipNetworkId)
}

/** §8 The texts a service's reason stands for, when it says so */
const SPEC_REASONS = [
  [/insufficient liquidity/i, ErrorText.insufficientLiquidity],
  [/network not supported for swaps/i, ErrorText.swapsNetworkNotSupported],
  [/network not supported for gas price/i, ErrorText.gasPriceNetworkNotSupported],
] as const

/** What the visitor reads when a step fails: the service's reason where it gave one (§8). */
export function swapErrorText(error: unknown): string {
  if (error instanceof ApiError && error.reason) {
    const reason = error.reason
    return SPEC_REASONS.find(([pattern]) => pattern.test(reason))?.[1] ?? reason
  }
  return toUserMessage(error)
}
