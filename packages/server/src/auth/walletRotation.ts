// Wrapping-key rotation (issue 18 #9). The frame alone can re-encrypt the wallets, so a rotation
// takes two steps: POST /auth/v1/wallet/rotation keeps a new key as pending beside the current
// one, and POST /auth/v1/wallet/rotate swaps in that key and the wallets re-encrypted under it,
// in one transaction, once their addresses are the stored ones. Until then the current key and
// wallets serve; a frame that dies midway leaves a pending key that expires unused.
import { randomBytes, randomUUID } from 'node:crypto'
import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi'
import type { Kysely } from 'kysely'
import {
  AUTH_TOKEN_BYTES,
  AUTH_WRAPPING_KEY_MAX_AGE_MS,
  AUTH_WRAPPING_KEY_ROTATION_TTL_MS,
} from '../constants/auth.ts'
import type { WalletNamespace } from '../db/authSchema.ts'
import type { Database } from '../db/schema.ts'
import type { AppEnv } from '../env.ts'
import { authNotConnected, authRotationGone, authRotationWalletsChanged } from '../errors/auth.ts'
import type { AuthFlow } from './flow.ts'
import {
  authValidationHook,
  body,
  CommonQuery,
  error,
  json,
  session,
  sessionResponses,
  WALLET_NAMESPACES,
} from './schemas.ts'
import { type StoredWallet, wrappingKey } from './store/wallets.ts'
import { canonicalAddress, WalletBody } from './walletSchemas.ts'

type Db = Kysely<Database>
type NamespacedWallet = StoredWallet & { namespace: WalletNamespace }

/** Should the frame rotate the user's key (GET /auth/v1/wallet's rotationDue)? */
export async function rotationDue(db: Db, userId: string, now: Date): Promise<boolean> {
  const row = await db
    .selectFrom('auth_wrapping_keys')
    .select('created_at')
    .where('user_id', '=', userId)
    .executeTakeFirst()
  return (
    row !== undefined && now.getTime() - row.created_at.getTime() >= AUTH_WRAPPING_KEY_MAX_AGE_MS
  )
}

/** Keeps a new key as pending (replacing an earlier pending one); the current key stays. */
export async function startRotation(db: Db, userId: string, now: Date) {
  await wrappingKey(db, userId, now)
  const pending = {
    pending_id: randomUUID(),
    pending_key: randomBytes(AUTH_TOKEN_BYTES).toString('base64'),
    pending_expires_at: new Date(now.getTime() + AUTH_WRAPPING_KEY_ROTATION_TTL_MS),
  }
  await db.updateTable('auth_wrapping_keys').set(pending).where('user_id', '=', userId).execute()
  return pending
}

const sameWallets = (
  stored: { namespace: WalletNamespace; address: string }[],
  sent: NamespacedWallet[],
) =>
  stored.length === sent.length &&
  stored.every((s) => sent.some((w) => w.namespace === s.namespace && w.address === s.address))

/** Swaps in the pending key and the wallets re-encrypted under it, all or nothing. */
export async function commitRotation(
  db: Db,
  userId: string,
  rotationId: string,
  wallets: NamespacedWallet[],
  now: Date,
): Promise<'ok' | 'gone' | 'changed'> {
  return db
    .transaction()
    .execute(async (tx) => {
      const key = await tx
        .selectFrom('auth_wrapping_keys')
        .selectAll()
        .where('user_id', '=', userId)
        .forUpdate()
        .executeTakeFirst()
      const live =
        key?.pending_id === rotationId &&
        key.pending_key !== null &&
        key.pending_expires_at !== null &&
        key.pending_expires_at > now
      if (!live || key.pending_key === null) return 'gone'
      const storedWallets = () =>
        tx
          .selectFrom('auth_wallets')
          .select(['namespace', 'address'])
          .where('user_id', '=', userId)
          .execute()
      if (!sameWallets(await storedWallets(), wallets)) return 'changed'
      for (const { namespace, iv, ciphertext } of wallets) {
        await tx
          .updateTable('auth_wallets')
          .set({ iv, ciphertext })
          .where('user_id', '=', userId)
          .where('namespace', '=', namespace)
          .execute()
      }
      await tx
        .updateTable('auth_wrapping_keys')
        .set({
          wrapping_key: key.pending_key,
          created_at: now,
          pending_id: null,
          pending_key: null,
          pending_expires_at: null,
        })
        .where('user_id', '=', userId)
        .execute()
      // A wallet another device uploaded meanwhile (under the old key) would be lost: undo.
      if (!sameWallets(await storedWallets(), wallets)) throw new WalletsChanged()
      return 'ok'
    })
    .catch((failure: unknown) => {
      if (failure instanceof WalletsChanged) return 'changed' as const
      throw failure
    })
}

class WalletsChanged extends Error {}

// ---- Routes ----

export const postRotationRoute = createRoute({
  method: 'post',
  path: '/auth/v1/wallet/rotation',
  summary: 'Starts a wrapping-key rotation: a new key to re-encrypt the wallets under',
  request: { query: CommonQuery },
  ...session,
  responses: {
    201: json(
      z.object({
        rotationId: z.string(),
        wrappingKey: z.string().openapi({ description: 'The new key, base64; not in use yet' }),
        expiresAt: z.string().openapi({ description: 'Commit before this (ISO 8601)' }),
      }),
      'The pending rotation',
    ),
    ...sessionResponses,
  },
})

const CommitBody = z.object({
  rotationId: z.uuid({ error: 'must be the rotationId the server gave' }),
  wallets: z
    .array(WalletBody)
    .max(WALLET_NAMESPACES.length)
    .refine((list) => new Set(list.map((w) => w.namespace)).size === list.length, {
      error: 'must name each namespace once',
    })
    .openapi({ description: "Every wallet of the user, re-encrypted under the rotation's key" }),
})

export const postRotateRoute = createRoute({
  method: 'post',
  path: '/auth/v1/wallet/rotate',
  summary: 'Commits a rotation: its key and the re-encrypted wallets replace the old, at once',
  request: { query: CommonQuery, body: body(CommitBody) },
  ...session,
  responses: {
    204: { description: 'Rotated' },
    ...sessionResponses,
    409: error('The rotation expired or was replaced, or the wallets are not the stored ones'),
  },
})

export const WALLET_ROTATION_ROUTES = [postRotationRoute, postRotateRoute]

export function registerWalletRotationRoutes(app: OpenAPIHono<AppEnv>, flow: AuthFlow) {
  const { db, now } = flow

  app.openapi(
    postRotationRoute,
    async (c) => {
      const auth = await flow.signedIn(c)
      if (!auth) return c.json(authNotConnected, 401)
      const pending = await startRotation(db, auth.user.row.id, now())
      return c.json(
        {
          rotationId: pending.pending_id,
          wrappingKey: pending.pending_key,
          expiresAt: pending.pending_expires_at.toISOString(),
        },
        201,
      )
    },
    authValidationHook,
  )

  app.openapi(
    postRotateRoute,
    async (c) => {
      const auth = await flow.signedIn(c)
      if (!auth) return c.json(authNotConnected, 401)
      const { rotationId, wallets } = c.req.valid('json')
      const canonical = wallets.map((w) => ({
        ...w,
        address: canonicalAddress(w.namespace, w.address),
      }))
      const outcome = await commitRotation(db, auth.user.row.id, rotationId, canonical, now())
      if (outcome === 'gone') return c.json(authRotationGone, 409)
      if (outcome === 'changed') return c.json(authRotationWalletsChanged, 409)
      return c.body(null, 204)
    },
    authValidationHook,
  )
}
