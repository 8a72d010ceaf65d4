// §5 The account-name rule as the visitor types: letters, digits or hyphen, at least 4.
import { ACCOUNT_NAME_MAX_LENGTH, ACCOUNT_NAME_MIN_LENGTH } from '../constants/names.ts'
import type { NameProblem } from './namesState.ts'

/** What is wrong with `label` (without its zone); undefined when it follows the rule */
export function nameProblem(label: string): NameProblem | undefined {
  if (!/^[a-zA-Z0-9-]*$/.test(label)) return 'characters'
  if (label.length < ACCOUNT_NAME_MIN_LENGTH) return 'short'
  if (label.length > ACCOUNT_NAME_MAX_LENGTH) return 'long'
  return undefined
}

/** A receiver typed as a name rather than an address: a label and a zone, e.g. alice.latchkey.id */
export function looksLikeName(text: string): boolean {
  return /^[^\s.]+(\.[^\s.]+)+$/.test(text) && !/^0x[0-9a-fA-F]*$/.test(text)
}
