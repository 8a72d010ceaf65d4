// Farcaster sign-ins in flight: one row per relay channel. Like a social login's state, the frame
// holds the PKCE verifier and the server only its challenge, so a channel token seen elsewhere
// (the QR code's URL carries it) completes nothing without the verifier.
import type { Kysely } from 'kysely'
import type { FarcasterChannelRow } from '../../db/authSchema.ts'
import type { Database } from '../../db/schema.ts'
import { pkceChallenge } from '../socialStates.ts'
import { sha256 } from '../store/hashing.ts'

type Db = Kysely<Database>

export interface NewFarcasterChannel {
  projectId: string
  /** The relay's channel token; only its hash is stored */
  channelToken: string
  codeChallenge: string
  nonce: string
  domain: string
  expiresAt: Date
}

/** Stores a sign-in in flight; expired ones are swept on the way. */
export async function storeChannel(db: Db, channel: NewFarcasterChannel, now: Date) {
  await db.deleteFrom('farcaster_channels').where('expires_at', '<', now).execute()
  await db
    .insertInto('farcaster_channels')
    .values({
      channel_hash: sha256(channel.channelToken),
      project_id: channel.projectId,
      code_challenge: channel.codeChallenge,
      nonce: channel.nonce,
      domain: channel.domain,
      created_at: now,
      expires_at: channel.expiresAt,
      used_at: null,
    })
    .execute()
}

/**
 * The sign-in of `channelToken` when it is this project's, unused, unexpired, and `codeVerifier`
 * is its verifier; else undefined. Takes nothing: the sign-in may still be pending.
 */
export async function findChannel(
  db: Db,
  projectId: string,
  channelToken: string,
  codeVerifier: string,
  now: Date,
): Promise<FarcasterChannelRow | undefined> {
  return db
    .selectFrom('farcaster_channels')
    .selectAll()
    .where('channel_hash', '=', sha256(channelToken))
    .where('project_id', '=', projectId)
    .where('code_challenge', '=', pkceChallenge(codeVerifier))
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst()
}

/** Marks a completed sign-in used; false when another request took it first. */
export async function takeChannel(db: Db, channel: FarcasterChannelRow, now: Date) {
  const taken = await db
    .updateTable('farcaster_channels')
    .set({ used_at: now })
    .where('channel_hash', '=', channel.channel_hash)
    .where('used_at', 'is', null)
    .returning('channel_hash')
    .executeTakeFirst()
  return taken !== undefined
}
