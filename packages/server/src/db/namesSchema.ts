// The name service's tables (part of ./schema.ts's Database; README "Names").
import type { ColumnType } from 'kysely'
import type { JsonColumn } from './schema.ts'

/** One registered name: its normalised label (no zone), owned by one address */
export interface NamesTable {
  label: string
  /** The owner's EVM address, lower-case: an address holds one name */
  owner: string
  attributes: JsonColumn<Record<string, string>>
  registered_at: Date
  updated_at: Date
}

/** §3 A name's address per coin type (chain id OR 0x80000000) */
export interface NameAddressesTable {
  label: string
  /** A bigint column: the drivers read it as text or bigint */
  coin_type: ColumnType<string | number | bigint, number, number>
  /** As the owner signed it (checksummed) */
  address: string
  created_at: Date
}

/** A registration's address and message, hashed, so that the same body cannot be submitted twice */
export interface NameMessagesTable {
  message_hash: string
  expires_at: Date
}
