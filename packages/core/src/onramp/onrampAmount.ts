// Whether the amount typed can be bought, before anything is asked of the provider.
import type { OnrampAsset } from '../api/onramp.ts'
import { OnrampText } from './onrampContext.ts'
import type { OnrampState } from './onrampState.ts'

/**
 * The amount's problem, or undefined when the method takes it. An amount in crypto is checked
 * against the limits by the provider's quote: its price in fiat is the provider's to say.
 */
export function amountProblem(
  state: Pick<OnrampState, 'amount' | 'amountIn' | 'asset' | 'currency'>,
  limits: { min: number; max: number },
  asset: OnrampAsset | undefined,
): string | undefined {
  const { amount, amountIn } = state
  if (amountIn === 'crypto') {
    const [, whole = '', fraction = ''] = /^(\d+)(?:\.(\d+))?$/.exec(amount.trim()) ?? []
    const positive = /[1-9]/.test(whole + fraction)
    return asset && positive && fraction.length <= asset.decimals
      ? undefined
      : OnrampText.cryptoAmount(state.asset ?? '', asset?.decimals ?? 0)
  }
  const { min, max } = limits
  const value = Number(amount)
  const plain = /^\d+(\.\d{1,2})?$/.test(amount.trim())
  return plain && value >= min && value <= max
    ? undefined
    : OnrampText.amount(min, max, state.currency)
}
