// Permission records (README "Smart accounts"): written once when granted, ended by a revoke.
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.ts'
import type { PermissionMessage } from './permissionMessage.ts'

export interface PermissionRecord {
  id: string
  chainId: number
  account: string
  owner: string
  origin: string
  permissions: unknown[]
  expiry: number
  message: string
  signature: string
  createdAt: string
  revokedAt: string | null
}

export async function createPermission(
  db: Kysely<Database>,
  grant: { id: string; projectId: string; message: string; signature: string; now: Date },
  parsed: PermissionMessage,
): Promise<void> {
  await db
    .insertInto('smart_sessions')
    .values({
      id: grant.id,
      project_id: grant.projectId,
      chain_id: parsed.chainId,
      account: parsed.account,
      owner: parsed.owner,
      origin: parsed.origin,
      permissions: JSON.stringify(parsed.permissions),
      expires_at: new Date(parsed.expiry * 1000),
      message: grant.message,
      signature: grant.signature,
      created_at: grant.now,
      revoked_at: null,
    })
    .execute()
}

export async function findPermission(
  db: Kysely<Database>,
  id: string,
  projectId: string,
): Promise<PermissionRecord | undefined> {
  const row = await db
    .selectFrom('smart_sessions')
    .selectAll()
    .where('id', '=', id)
    .where('project_id', '=', projectId)
    .executeTakeFirst()
  if (!row) return undefined
  const permissions =
    typeof row.permissions === 'string' ? JSON.parse(row.permissions) : row.permissions
  return {
    id: row.id,
    chainId: Number(row.chain_id),
    account: row.account,
    owner: row.owner,
    origin: row.origin,
    permissions: permissions as unknown[],
    expiry: Math.floor(new Date(row.expires_at).getTime() / 1000),
    message: row.message,
    signature: row.signature,
    createdAt: new Date(row.created_at).toISOString(),
    revokedAt: row.revoked_at ? new Date(row.revoked_at).toISOString() : null,
  }
}

/** Ends the permission; false when it had ended already */
export async function revokePermission(db: Kysely<Database>, id: string, now: Date) {
  const result = await db
    .updateTable('smart_sessions')
    .set({ revoked_at: now })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}
