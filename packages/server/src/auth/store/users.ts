import type { Kysely } from 'kysely'
import type { AccountTypePreference, AuthUserRow, IdentityProvider } from '../../db/authSchema.ts'
import type { Database } from '../../db/schema.ts'

type Db = Kysely<Database>

/** The social provider account a user signs in with */
export interface SocialIdentityView {
  provider: IdentityProvider
  email: string | null
  userName: string | null
}

export interface UserView {
  row: AuthUserRow
  /** The uploaded EVM wallet's address */
  address: string | null
  /** The uploaded Solana wallet's address */
  solanaAddress: string | null
  /** null for an email login */
  social: SocialIdentityView | null
}

export async function findUser(
  db: Db,
  where: { projectId: string; email: string } | { id: string },
): Promise<UserView | undefined> {
  let query = db
    .selectFrom('auth_users as u')
    .leftJoin('auth_wallets as w', (join) =>
      join.onRef('w.user_id', '=', 'u.id').on('w.namespace', '=', 'eip155'),
    )
    .leftJoin('auth_wallets as s', (join) =>
      join.onRef('s.user_id', '=', 'u.id').on('s.namespace', '=', 'solana'),
    )
    .leftJoin('auth_social_identities as i', 'i.user_id', 'u.id')
    .selectAll('u')
    .select([
      'w.address as address',
      's.address as solanaAddress',
      'i.provider as socialProvider',
      'i.email as socialEmail',
      'i.user_name as socialUserName',
    ])
  query =
    'id' in where
      ? query.where('u.id', '=', where.id)
      : query.where('u.project_id', '=', where.projectId).where('u.email', '=', where.email)
  const found = await query.executeTakeFirst()
  if (!found) return undefined
  const { address, solanaAddress, socialProvider, socialEmail, socialUserName, ...row } = found
  return {
    row,
    address,
    solanaAddress,
    social: socialProvider
      ? { provider: socialProvider, email: socialEmail, userName: socialUserName }
      : null,
  }
}

export async function approveDeviceOf(db: Db, userId: string, deviceHash: string, now: Date) {
  await db
    .insertInto('auth_devices')
    .values({ user_id: userId, device_hash: deviceHash, approved_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'device_hash']).doNothing())
    .execute()
}

export interface UserPatch {
  chainId?: number | string
  preferredAccountType?: AccountTypePreference
  userName?: string | null
}

export async function updateUser(db: Db, userId: string, patch: UserPatch): Promise<void> {
  const set = {
    ...(patch.chainId !== undefined && { chain_id: JSON.stringify(patch.chainId) }),
    ...(patch.preferredAccountType && { preferred_account_type: patch.preferredAccountType }),
    ...(patch.userName !== undefined && { user_name: patch.userName }),
  }
  if (Object.keys(set).length === 0) return
  await db.updateTable('auth_users').set(set).where('id', '=', userId).execute()
}

/** Is the address another user's of the project? */
export async function emailTaken(db: Db, projectId: string, email: string, userId: string) {
  const row = await db
    .selectFrom('auth_users')
    .select('id')
    .where('project_id', '=', projectId)
    .where('email', '=', email)
    .where('id', '<>', userId)
    .executeTakeFirst()
  return row !== undefined
}

/** false when another user of the project took the address meanwhile (the unique index). */
export async function changeEmail(db: Db, userId: string, email: string): Promise<boolean> {
  try {
    await db.updateTable('auth_users').set({ email }).where('id', '=', userId).execute()
    return true
  } catch (error) {
    if ((error as { code?: unknown }).code === '23505') return false
    throw error
  }
}

// ---- Challenges ----
