// The user's wrapping key and the encrypted wallets, kept in separate tables.
import { randomBytes } from 'node:crypto'
import type { Kysely } from 'kysely'
import { AUTH_TOKEN_BYTES } from '../../constants/auth.ts'
import type { WalletNamespace } from '../../db/authSchema.ts'
import type { Database } from '../../db/schema.ts'

type Db = Kysely<Database>

/** The user's wrapping key, created on first use. */
export async function wrappingKey(db: Db, userId: string, now: Date): Promise<string> {
  await db
    .insertInto('auth_wrapping_keys')
    .values({
      user_id: userId,
      wrapping_key: randomBytes(AUTH_TOKEN_BYTES).toString('base64'),
      created_at: now,
    })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute()
  const row = await db
    .selectFrom('auth_wrapping_keys')
    .select('wrapping_key')
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow()
  return row.wrapping_key
}

export interface StoredWallet {
  address: string
  iv: string
  ciphertext: string
}

/**
 * The wrapping key and the wallets it opens, read together: the key row is locked for share, so
 * a rotation's commit (walletRotation.ts, which locks it for update) lands wholly before or after.
 */
export async function keyAndWallets(db: Db, userId: string, now: Date) {
  await wrappingKey(db, userId, now)
  return db.transaction().execute(async (tx) => {
    const row = await tx
      .selectFrom('auth_wrapping_keys')
      .select('wrapping_key')
      .where('user_id', '=', userId)
      .forShare()
      .executeTakeFirstOrThrow()
    return { wrappingKey: row.wrapping_key, wallets: await findWallets(tx, userId) }
  })
}

/** The user's wallets by namespace. */
export async function findWallets(
  db: Db,
  userId: string,
): Promise<Partial<Record<WalletNamespace, StoredWallet>>> {
  const rows = await db
    .selectFrom('auth_wallets')
    .select(['namespace', 'address', 'iv', 'ciphertext'])
    .where('user_id', '=', userId)
    .orderBy('namespace')
    .execute()
  return Object.fromEntries(rows.map(({ namespace, ...wallet }) => [namespace, wallet]))
}

/** false when the user already has a wallet of the namespace (it is never replaced). */
export async function insertWallet(
  db: Db,
  userId: string,
  namespace: WalletNamespace,
  wallet: StoredWallet,
  now: Date,
): Promise<boolean> {
  const row = await db
    .insertInto('auth_wallets')
    .values({ user_id: userId, namespace, ...wallet, created_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'namespace']).doNothing())
    .returning('user_id')
    .executeTakeFirst()
  return row !== undefined
}
