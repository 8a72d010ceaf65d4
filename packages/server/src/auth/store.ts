// Embedded-wallet auth in the database (tables auth_*). One-time codes and tokens are stored only
// as SHA-256 hashes; the wallet and the key that unwraps it live in separate tables.
import { createHash, randomBytes, randomInt, randomUUID, timingSafeEqual } from 'node:crypto'
import type { Kysely } from 'kysely'
import {
  AUTH_EMAIL_COOLDOWN_MS,
  AUTH_OTP_DIGITS,
  AUTH_OTP_MAX_ATTEMPTS,
  AUTH_TOKEN_BYTES,
} from '../constants.ts'
import type {
  AccountTypePreference,
  AuthChallengeKind,
  AuthChallengeRow,
  AuthUserRow,
  Database,
  IdentityProvider,
  WalletNamespace,
} from '../db/schema.ts'
import { sessionEnd, slideSession } from './sessionLifetime.ts'

type Db = Kysely<Database>

/** Ours: challenges are deleted this long after they expire */
const CHALLENGE_RETENTION_MS = 60 * 60_000

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')
/** AUTH_TOKEN_BYTES random bytes, base64url: session and device-approval tokens */
export const randomToken = () => randomBytes(AUTH_TOKEN_BYTES).toString('base64url')

export interface HashedOtp {
  otp: string
  salt: string
  hash: string
}

/** A fresh AUTH_OTP_DIGITS-digit code and its salted hash. */
export function newOtp(): HashedOtp {
  const otp = String(randomInt(10 ** AUTH_OTP_DIGITS)).padStart(AUTH_OTP_DIGITS, '0')
  const salt = randomBytes(16).toString('hex')
  return { otp, salt, hash: sha256(salt + otp) }
}

function otpMatches(row: AuthChallengeRow, otp: string): boolean {
  if (row.otp_salt === null || row.otp_hash === null) return false
  return timingSafeEqual(
    Buffer.from(sha256(row.otp_salt + otp), 'hex'),
    Buffer.from(row.otp_hash, 'hex'),
  )
}

// ---- Cooldown (§4 a new email login within 30 s of the last is refused) ----

export interface CooldownKey {
  projectId: string
  email: string
  kind: 'login' | 'change'
}

/**
 * Starts the cooldown unless one is running, in one statement (racing requests cannot both
 * pass). Answers the whole seconds left when one is running.
 */
export async function claimCooldown(
  db: Db,
  key: CooldownKey,
  now: Date,
): Promise<{ ok: true } | { ok: false; retryAfter: number }> {
  const threshold = new Date(now.getTime() - AUTH_EMAIL_COOLDOWN_MS)
  const claimed = await db
    .insertInto('auth_cooldowns')
    .values({ project_id: key.projectId, email: key.email, kind: key.kind, sent_at: now })
    .onConflict((oc) =>
      oc
        .columns(['project_id', 'email', 'kind'])
        .doUpdateSet({ sent_at: now })
        .where('auth_cooldowns.sent_at', '<=', threshold),
    )
    .returning('sent_at')
    .executeTakeFirst()
  if (claimed) return { ok: true }
  const row = await db
    .selectFrom('auth_cooldowns')
    .select('sent_at')
    .where('project_id', '=', key.projectId)
    .where('email', '=', key.email)
    .where('kind', '=', key.kind)
    .executeTakeFirst()
  const left = row ? row.sent_at.getTime() + AUTH_EMAIL_COOLDOWN_MS - now.getTime() : 0
  const seconds = Math.ceil(left / 1000)
  return { ok: false, retryAfter: Math.min(Math.max(seconds, 1), AUTH_EMAIL_COOLDOWN_MS / 1000) }
}

/** Undoes claimCooldown (the mail could not be sent). */
export async function releaseCooldown(db: Db, key: CooldownKey, claimedAt: Date): Promise<void> {
  await db
    .deleteFrom('auth_cooldowns')
    .where('project_id', '=', key.projectId)
    .where('email', '=', key.email)
    .where('kind', '=', key.kind)
    .where('sent_at', '=', claimedAt)
    .execute()
}

// ---- Users and devices ----

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

async function approveDeviceOf(db: Db, userId: string, deviceHash: string, now: Date) {
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

export interface NewChallenge {
  projectId: string
  kind: AuthChallengeKind
  email: string
  userId?: string | null
  deviceHash?: string | null
  newEmail?: string | null
  /** Device approval: the link's token, hashed */
  approvalTokenHash?: string
  otp?: HashedOtp
  expiresAt: Date
  /** login: the asking browser, summarised, and its address (the approval mail and page) */
  requestDevice?: string | null
  requestIp?: string | null
}

/** Stores a challenge and answers its id; long-expired ones are swept on the way. */
export async function createChallenge(db: Db, challenge: NewChallenge, now: Date) {
  await db
    .deleteFrom('auth_challenges')
    .where('expires_at', '<', new Date(now.getTime() - CHALLENGE_RETENTION_MS))
    .execute()
  const id = randomUUID()
  await db
    .insertInto('auth_challenges')
    .values({
      id,
      project_id: challenge.projectId,
      kind: challenge.kind,
      email: challenge.email,
      user_id: challenge.userId ?? null,
      device_hash: challenge.deviceHash ?? null,
      new_email: challenge.newEmail ?? null,
      approval_token_hash: challenge.approvalTokenHash ?? null,
      approved_at: null,
      otp_salt: challenge.otp?.salt ?? null,
      otp_hash: challenge.otp?.hash ?? null,
      created_at: now,
      expires_at: challenge.expiresAt,
      used_at: null,
      request_device: challenge.requestDevice ?? null,
      request_ip: challenge.requestIp ?? null,
    })
    .execute()
  return id
}

export async function deleteChallenge(db: Db, id: string): Promise<void> {
  await db.deleteFrom('auth_challenges').where('id', '=', id).execute()
}

export type OtpOutcome =
  | { status: 'ok'; challenge: AuthChallengeRow }
  | { status: 'wrong'; attemptsLeft: number }
  /** `counted`: this try's wrong code locked the challenge (it was compared) */
  | { status: 'locked'; counted?: true }
  | { status: 'expired' }

/**
 * Checks a code. Each try first takes one of the AUTH_OTP_MAX_ATTEMPTS attempts in a single
 * UPDATE, so racing guesses can never compare more codes than the limit; a right code then
 * uses the challenge up (once).
 */
export async function verifyOtp(
  db: Db,
  where: { projectId: string; id: string; kind: AuthChallengeKind; userId?: string },
  otp: string,
  now: Date,
): Promise<OtpOutcome> {
  let match = db
    .updateTable('auth_challenges')
    .where('id', '=', where.id)
    .where('project_id', '=', where.projectId)
    .where('kind', '=', where.kind)
  if (where.userId !== undefined) match = match.where('user_id', '=', where.userId)
  const tried = await match
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('used_at', 'is', null)
    .where('otp_hash', 'is not', null)
    .where('expires_at', '>', now)
    .where('attempts', '<', AUTH_OTP_MAX_ATTEMPTS)
    .returningAll()
    .executeTakeFirst()
  if (!tried) {
    const row = await db
      .selectFrom('auth_challenges')
      .select(['attempts', 'used_at', 'project_id', 'kind', 'user_id'])
      .where('id', '=', where.id)
      .executeTakeFirst()
    const ours =
      row?.project_id === where.projectId &&
      row.kind === where.kind &&
      (where.userId === undefined || row.user_id === where.userId)
    const locked = ours && row.used_at === null && row.attempts >= AUTH_OTP_MAX_ATTEMPTS
    return { status: locked ? 'locked' : 'expired' }
  }
  if (!otpMatches(tried, otp)) {
    const attemptsLeft = AUTH_OTP_MAX_ATTEMPTS - tried.attempts
    return attemptsLeft > 0
      ? { status: 'wrong', attemptsLeft }
      : { status: 'locked', counted: true }
  }
  const used = await db
    .updateTable('auth_challenges')
    .set({ used_at: now })
    .where('id', '=', where.id)
    .where('used_at', 'is', null)
    .returningAll()
    .executeTakeFirst()
  return used ? { status: 'ok', challenge: used } : { status: 'expired' }
}

/** Undoes verifyOtp's use of a challenge (the next step's mail could not be sent). */
export async function releaseChallenge(db: Db, id: string): Promise<void> {
  await db.updateTable('auth_challenges').set({ used_at: null }).where('id', '=', id).execute()
}

// ---- Login and sessions ----

/**
 * A verified login challenge: the user (created for a new email), its device approved, and a
 * new session. Answers the session's token (only its hash is stored). A challenge without a
 * user (asked before the email had one) signs in only if it was approved from the mail: else a
 * challenge from before the account existed could take the account over; undefined then.
 */
export async function completeLogin(
  db: Db,
  challenge: AuthChallengeRow,
  now: Date,
): Promise<{ token: string; userId: string } | undefined> {
  if (challenge.user_id === null && challenge.approved_at === null) return undefined
  return db.transaction().execute(async (tx) => {
    let userId = challenge.user_id
    if (userId === null) {
      await tx
        .insertInto('auth_users')
        .values({
          id: randomUUID(),
          project_id: challenge.project_id,
          email: challenge.email,
          chain_id: JSON.stringify(null),
          preferred_account_type: 'eoa',
          user_name: null,
          created_at: now,
        })
        .onConflict((oc) => oc.columns(['project_id', 'email']).doNothing())
        .execute()
      const user = await tx
        .selectFrom('auth_users')
        .select('id')
        .where('project_id', '=', challenge.project_id)
        .where('email', '=', challenge.email)
        .executeTakeFirstOrThrow()
      userId = user.id
    }
    if (challenge.device_hash) await approveDeviceOf(tx, userId, challenge.device_hash, now)
    return { token: await createSession(tx, userId, now), userId }
  })
}

/** A new session of the user (expired ones are swept on the way); answers its token. */
async function createSession(db: Db, userId: string, now: Date): Promise<string> {
  await db.deleteFrom('auth_sessions').where('expires_at', '<=', now).execute()
  const token = randomToken()
  await db
    .insertInto('auth_sessions')
    .values({
      token_hash: sha256(token),
      user_id: userId,
      created_at: now,
      expires_at: sessionEnd(now, now),
    })
    .execute()
  return token
}

// ---- Social login ----

export interface SocialAccount {
  projectId: string
  provider: IdentityProvider
  sub: string
  email: string | null
  userName: string | null
}

/**
 * A social sign-in: the user of (project, provider, sub), created for a new one, its email and
 * name refreshed from the provider, and a new session. Answers the session's token.
 */
export async function completeSocialLogin(
  db: Db,
  account: SocialAccount,
  now: Date,
): Promise<{ token: string; userId: string }> {
  return db.transaction().execute(async (tx) => {
    const identity = {
      project_id: account.projectId,
      provider: account.provider,
      sub: account.sub,
    }
    const refreshed = await tx
      .updateTable('auth_social_identities')
      .set({ email: account.email, user_name: account.userName, updated_at: now })
      .where('project_id', '=', identity.project_id)
      .where('provider', '=', identity.provider)
      .where('sub', '=', identity.sub)
      .returning('user_id')
      .executeTakeFirst()
    let userId = refreshed?.user_id
    if (userId === undefined) {
      const newId = randomUUID()
      await tx
        .insertInto('auth_users')
        .values({
          id: newId,
          project_id: account.projectId,
          email: null,
          chain_id: JSON.stringify(null),
          preferred_account_type: 'eoa',
          user_name: null,
          created_at: now,
        })
        .execute()
      const inserted = await tx
        .insertInto('auth_social_identities')
        .values({
          ...identity,
          user_id: newId,
          email: account.email,
          user_name: account.userName,
          created_at: now,
          updated_at: now,
        })
        .onConflict((oc) => oc.columns(['project_id', 'provider', 'sub']).doNothing())
        .returning('user_id')
        .executeTakeFirst()
      if (inserted) {
        userId = inserted.user_id
      } else {
        // A racing sign-in of the same account created it first: use that user.
        await tx.deleteFrom('auth_users').where('id', '=', newId).execute()
        const existing = await tx
          .selectFrom('auth_social_identities')
          .select('user_id')
          .where('project_id', '=', identity.project_id)
          .where('provider', '=', identity.provider)
          .where('sub', '=', identity.sub)
          .executeTakeFirstOrThrow()
        userId = existing.user_id
      }
    }
    return { token: await createSession(tx, userId, now), userId }
  })
}

/** The user of a live session token of the project; the use slides the session's end. */
export async function sessionUser(
  db: Db,
  projectId: string,
  token: string,
  now: Date,
): Promise<UserView | undefined> {
  const row = await db
    .selectFrom('auth_sessions as s')
    .innerJoin('auth_users as u', 'u.id', 's.user_id')
    .select(['u.id', 's.token_hash', 's.created_at', 's.expires_at'])
    .where('s.token_hash', '=', sha256(token))
    .where('s.expires_at', '>', now)
    .where('u.project_id', '=', projectId)
    .executeTakeFirst()
  if (!row) return undefined
  await slideSession(db, row, now)
  return findUser(db, { id: row.id })
}

export async function deleteSession(db: Db, token: string): Promise<void> {
  await db.deleteFrom('auth_sessions').where('token_hash', '=', sha256(token)).execute()
}

// ---- Keys ----

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
