// Wrapping keys are the one thing a lost database cannot give back: without them no stored
// wallet decrypts. These back them up as JSON lines and restore them into a database.
import type { Kysely } from 'kysely'
import { z } from 'zod'
import type { Database } from '../db/schema.ts'

const BackupLine = z.object({
  user_id: z.string().min(1),
  wrapping_key: z.base64(),
  created_at: z.iso.datetime(),
})

export type BackupLine = z.infer<typeof BackupLine>

export interface RestoreReport {
  /** Keys the database did not have */
  added: number
  /** Keys it already had, the same */
  kept: number
  /** Users whose key in the database differs from the backup's: left as they are */
  conflicting: string[]
  /** Users the database does not have (restore the users first) */
  unknownUsers: string[]
}

/** Every wrapping key, one JSON line each, oldest first. */
export async function* exportWrappingKeys(db: Kysely<Database>): AsyncGenerator<string> {
  const rows = await db
    .selectFrom('auth_wrapping_keys')
    .select(['user_id', 'wrapping_key', 'created_at'])
    .orderBy('created_at')
    .orderBy('user_id')
    .execute()
  for (const row of rows) {
    yield JSON.stringify({ ...row, created_at: new Date(row.created_at).toISOString() })
  }
}

/** Parses a backup; a bad line is an error naming its number, and nothing is restored. */
export function parseBackup(text: string): BackupLine[] {
  return text
    .split('\n')
    .map((line, index) => ({ line: line.trim(), number: index + 1 }))
    .filter(({ line }) => line !== '')
    .map(({ line, number }) => {
      let value: unknown
      try {
        value = JSON.parse(line)
      } catch {
        throw new Error(`line ${number}: not JSON`)
      }
      const parsed = BackupLine.safeParse(value)
      if (!parsed.success) {
        throw new Error(`line ${number}: ${parsed.error.issues[0]?.path.join('.')} is invalid`)
      }
      return parsed.data
    })
}

/** Adds the backup's missing keys; never overwrites a key the database holds. */
export async function restoreWrappingKeys(
  db: Kysely<Database>,
  lines: readonly BackupLine[],
): Promise<RestoreReport> {
  const report: RestoreReport = { added: 0, kept: 0, conflicting: [], unknownUsers: [] }
  await db.transaction().execute(async (tx) => {
    for (const line of lines) {
      const user = await tx
        .selectFrom('auth_users')
        .select('id')
        .where('id', '=', line.user_id)
        .executeTakeFirst()
      if (!user) {
        report.unknownUsers.push(line.user_id)
        continue
      }
      const inserted = await tx
        .insertInto('auth_wrapping_keys')
        .values({ ...line, created_at: new Date(line.created_at) })
        .onConflict((oc) => oc.column('user_id').doNothing())
        .executeTakeFirst()
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) {
        report.added++
        continue
      }
      const held = await tx
        .selectFrom('auth_wrapping_keys')
        .select('wrapping_key')
        .where('user_id', '=', line.user_id)
        .executeTakeFirstOrThrow()
      if (held.wrapping_key === line.wrapping_key) report.kept++
      else report.conflicting.push(line.user_id)
    }
  })
  return report
}
