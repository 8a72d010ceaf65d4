// The name service's refusals (README "Names"). Each answer carries the text twice: `error`, as
// every route of ours, and `reasons[0].description`, which the modal shows (§8).
import { ACCOUNT_NAME_MAX_LENGTH, ACCOUNT_NAME_MIN_LENGTH, ErrorText } from '@latchkey/core/shared'

export interface NameErrorBody {
  error: string
  reasons: { description: string }[]
}

export function nameError(text: string): NameErrorBody {
  return { error: text, reasons: [{ description: text }] }
}

/** §5 The rule, in our words */
export const nameRuleBroken = `A name has ${ACCOUNT_NAME_MIN_LENGTH} to ${ACCOUNT_NAME_MAX_LENGTH} characters: letters, digits or hyphens`
export function nameZoneUnknown(zone: string): string {
  return `Names end in .${zone}`
}
export const nameNotRegistered = 'Name not registered'
export function nameTaken(name: string): string {
  return `${name} is already registered`
}
export function nameOwnedAlready(name: string): string {
  return `This address already has the name ${name}`
}
/** §5 'Invalid chainId', and why */
export const nameCoinTypeInvalid = `${ErrorText.invalidChainId}: the coin type is an EVM chain id below 2147483648 OR 0x80000000`
export function nameChainUnsupported(chainId: number): string {
  return `Names are not served on chain ${chainId}`
}
export const nameAddressInvalid = 'Invalid address: an EVM address (0x and 40 hex digits)'
export const nameMessageInvalid =
  'The message must be JSON: {"name", "attributes", "timestamp" (seconds)}'
export function nameAttributesInvalid(reason: string): string {
  return `Invalid attributes: ${reason}`
}
export const nameMessageStale = 'The message timestamp is more than 5 minutes from now'
export const nameSignatureInvalid = 'The signature does not match the message and the address'
export const nameSignatureReused = 'This registration was already submitted'
