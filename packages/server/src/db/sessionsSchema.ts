// Permissions granted by smart accounts (part of ./schema.ts's Database; README "Smart accounts").
import type { JsonColumn } from './schema.ts'

export interface SmartSessionsTable {
  /** The permissions context an app passes back: 0x and 64 hex digits */
  id: string
  project_id: string
  chain_id: number
  /** The smart account, checksummed */
  account: string
  /** The EOA that owns it and signed the message */
  owner: string
  /** The app's origin the permission is for */
  origin: string
  permissions: JsonColumn<unknown[]>
  expires_at: Date
  /** The exact message the owner signed, and the signature */
  message: string
  signature: string
  created_at: Date
  revoked_at: Date | null
}
