// The permission records' refusals (README "Smart accounts"), as `{ error }` like our other routes.
import { PERMISSION_MAX_EXPIRY_S } from '../constants/sessions.ts'

export const permissionMessageInvalid =
  'The message must be a Latchkey permission: {"kind", "version", "account", "owner", "chainId", "origin", "expiry", "permissions"}'
export function permissionChainUnsupported(chainId: number): string {
  return `Smart accounts are not served on chain ${chainId}`
}
export const permissionExpiryInvalid = `The expiry must be in the future, at most ${PERMISSION_MAX_EXPIRY_S / 86_400} days away`
export const permissionSignatureInvalid = 'The signature is not the owner’s over this message'
export const permissionAccountNotOwned = 'The account is not the smart account of this owner'
export const permissionNotFound = 'Permission not found'
export const permissionRevokedAlready = 'The permission was revoked already'
export const permissionPciMismatch = 'pci must be the permission’s id'
