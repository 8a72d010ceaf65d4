// Social sign-ins in flight. The frame holds each one's PKCE code verifier; the server keeps only
// its S256 challenge, so the `?code&state` the popup brings back to the host page (where any
// script reads it) completes nothing without the verifier that never left the frame.
import { createHash } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { AuthSocialStateRow, SocialProvider } from '../db/authSchema.ts'
import type { Database } from '../db/schema.ts'
import { sha256 } from './store/hashing.ts'

type Db = Kysely<Database>

/** PKCE S256: base64url of the verifier's SHA-256 */
export const pkceChallenge = (codeVerifier: string) =>
  createHash('sha256').update(codeVerifier).digest('base64url')

export interface NewSocialState {
  projectId: string
  provider: SocialProvider
  /** The OAuth state; only its hash is stored */
  state: string
  /** S256 of the frame's code verifier */
  codeChallenge: string
  nonce: string | null
  redirectUri: string
  expiresAt: Date
}

/** A sign-in taken to complete: its row and the verifier that unlocked it */
export type PendingSocialLogin = AuthSocialStateRow & { codeVerifier: string }

/** Stores a social sign-in in flight; long-expired ones are swept on the way. */
export async function createSocialState(db: Db, state: NewSocialState, now: Date) {
  await db.deleteFrom('auth_social_states').where('expires_at', '<', now).execute()
  await db
    .insertInto('auth_social_states')
    .values({
      state_hash: sha256(state.state),
      project_id: state.projectId,
      provider: state.provider,
      code_challenge: state.codeChallenge,
      nonce: state.nonce,
      redirect_uri: state.redirectUri,
      created_at: now,
      expires_at: state.expiresAt,
    })
    .execute()
}

/**
 * Takes a social sign-in in flight, once, and only with its verifier: whoever lacks it (a host
 * script that lifted the URL) neither completes nor uses up the sign-in. Undefined when the
 * state is unknown, used, of another project, expired, or the verifier is not its own.
 */
export async function takeSocialState(
  db: Db,
  projectId: string,
  state: string,
  codeVerifier: string,
  now: Date,
): Promise<PendingSocialLogin | undefined> {
  const row = await db
    .deleteFrom('auth_social_states')
    .where('state_hash', '=', sha256(state))
    .where('project_id', '=', projectId)
    .where('code_challenge', '=', pkceChallenge(codeVerifier))
    .returningAll()
    .executeTakeFirst()
  return row && row.expires_at > now ? { ...row, codeVerifier } : undefined
}
