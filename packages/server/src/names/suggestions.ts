// Free variants of a name that is taken: the name with a digit, then with a hyphen and a digit.
import { ACCOUNT_NAME_MAX_LENGTH } from '@latchkey/core/shared'
import { parseName } from './nameRules.ts'

/** The candidates for `label`, in the order offered; each one a valid name itself */
export function nameVariants(label: string, zones: readonly string[]): string[] {
  const endings = [
    ...Array.from({ length: 9 }, (_, i) => String(i + 1)),
    ...Array.from({ length: 9 }, (_, i) => `-${i + 1}`),
  ]
  const variants = endings.map(
    (ending) => label.slice(0, ACCOUNT_NAME_MAX_LENGTH - ending.length) + ending,
  )
  return [...new Set(variants)].filter(
    (variant) => variant !== label && parseName(variant, zones).ok,
  )
}
