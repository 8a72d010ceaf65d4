// The name service's records in PostgreSQL (or PGlite): names, their addresses per coin type,
// and the messages already used (README "Names").
import type { NameRecord } from '@latchkey/core/shared'
import type { Kysely, Selectable } from 'kysely'
import { sha256 } from '../auth/store/hashing.ts'
import type { NamesTable } from '../db/namesSchema.ts'
import type { Database } from '../db/schema.ts'

export type { NameRecord }

export interface Registration {
  label: string
  /** Checksummed: kept as signed */
  address: string
  coinType: number
  attributes: Record<string, string>
  /** The signed message: with the address, it counts once (whatever signature carries it) */
  message: string
  now: Date
  /** Until when the message is remembered */
  messageExpiresAt: Date
}

export type RegisterOutcome =
  | { ok: true }
  | { ok: false; refused: 'reused' }
  | { ok: false; refused: 'taken' }
  | { ok: false; refused: 'owner-has-name'; label: string }

async function recordsOf(
  db: Kysely<Database>,
  rows: Selectable<NamesTable>[],
  zone: string,
): Promise<NameRecord[]> {
  if (rows.length === 0) return []
  const addresses = await db
    .selectFrom('name_addresses')
    .selectAll()
    .where(
      'label',
      'in',
      rows.map((row) => row.label),
    )
    .orderBy('coin_type')
    .execute()
  return rows.map((row) => ({
    name: `${row.label}.${zone}`,
    registered_at: row.registered_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    addresses: Object.fromEntries(
      addresses
        .filter((entry) => entry.label === row.label)
        .map((entry) => [
          String(entry.coin_type),
          { address: entry.address, created: entry.created_at.toISOString() },
        ]),
    ),
    attributes: row.attributes,
  }))
}

export async function findName(
  db: Kysely<Database>,
  label: string,
  zone: string,
): Promise<NameRecord | undefined> {
  const rows = await db.selectFrom('names').selectAll().where('label', '=', label).execute()
  return (await recordsOf(db, rows, zone))[0]
}

/** The names an address holds (at most one: an address holds one name) */
export async function namesOfAddress(
  db: Kysely<Database>,
  address: string,
  zone: string,
): Promise<NameRecord[]> {
  const rows = await db
    .selectFrom('names')
    .selectAll()
    .where('owner', '=', address.toLowerCase())
    .execute()
  return recordsOf(db, rows, zone)
}

/** Of these labels, the ones registered */
export async function takenLabels(
  db: Kysely<Database>,
  labels: readonly string[],
): Promise<Set<string>> {
  if (labels.length === 0) return new Set()
  const rows = await db.selectFrom('names').select('label').where('label', 'in', labels).execute()
  return new Set(rows.map((row) => row.label))
}

/**
 * Registers `label` for the address, or updates the attributes of the name it already holds and
 * adds the coin type. A message counts once, whatever the outcome (a replayed body is refused).
 */
export function registerName(db: Kysely<Database>, r: Registration): Promise<RegisterOutcome> {
  const owner = r.address.toLowerCase()
  return db.transaction().execute(async (tx): Promise<RegisterOutcome> => {
    await tx.deleteFrom('name_messages').where('expires_at', '<', r.now).execute()
    const fresh = await tx
      .insertInto('name_messages')
      .values({ message_hash: sha256(`${owner}\n${r.message}`), expires_at: r.messageExpiresAt })
      .onConflict((oc) => oc.column('message_hash').doNothing())
      .returning('message_hash')
      .executeTakeFirst()
    if (!fresh) return { ok: false, refused: 'reused' }
    const heldLabel = async () =>
      (await tx.selectFrom('names').select('label').where('owner', '=', owner).executeTakeFirst())
        ?.label
    const held = await heldLabel()
    if (held !== undefined && held !== r.label) {
      return { ok: false, refused: 'owner-has-name', label: held }
    }
    const attributes = JSON.stringify(r.attributes)
    const inserted = await tx
      .insertInto('names')
      .values({ label: r.label, owner, attributes, registered_at: r.now, updated_at: r.now })
      .onConflict((oc) => oc.doNothing())
      .returning('label')
      .executeTakeFirst()
    if (!inserted) {
      const existing = await tx
        .selectFrom('names')
        .select('owner')
        .where('label', '=', r.label)
        .executeTakeFirst()
      if (!existing) {
        // The owner's other name won a race with this one.
        return { ok: false, refused: 'owner-has-name', label: (await heldLabel()) ?? r.label }
      }
      if (existing.owner !== owner) return { ok: false, refused: 'taken' }
      await tx
        .updateTable('names')
        .set({ attributes, updated_at: r.now })
        .where('label', '=', r.label)
        .execute()
    }
    await tx
      .insertInto('name_addresses')
      .values({ label: r.label, coin_type: r.coinType, address: r.address, created_at: r.now })
      .onConflict((oc) => oc.columns(['label', 'coin_type']).doNothing())
      .execute()
    return { ok: true }
  })
}
