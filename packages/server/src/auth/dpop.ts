// Proof of possession for the embedded wallet's sessions (SECURITY.md "Proof of possession"):
// RFC 9449 DPoP. The frame signs a proof with its non-extractable key on every auth request; a
// sign-in binds the new session to the key's RFC 7638 thumbprint (jkt), and every use of the
// session must come as `Authorization: DPoP <token>` with a fresh proof by that key for that very
// method and URL. A token lifted from the frame is of no use without the key, which never leaves it.
import type { Context, MiddlewareHandler } from 'hono'
import { HTTPException } from 'hono/http-exception'
import { calculateJwkThumbprint, EmbeddedJWK, jwtVerify } from 'jose'
import type { Kysely } from 'kysely'
import {
  AUTH_DPOP_ALG,
  AUTH_DPOP_MAX_JTI_LENGTH,
  AUTH_DPOP_MAX_PROOF_LENGTH,
  AUTH_DPOP_PROOF_WINDOW_MS,
} from '../constants/auth.ts'
import type { Database } from '../db/schema.ts'
import type { AppEnv } from '../env.ts'
import {
  type AuthErrorBody,
  authNotConnected,
  authProofInvalid,
  authProofRequired,
} from '../errors/auth.ts'
import { sha256 } from './store/hashing.ts'

type Db = Kysely<Database>

export type ProofVerdict =
  | { ok: true; jkt: string; jti: string; iat: number }
  | { ok: false; reason: string }

/** scheme://host[:port]/path of a URL (RFC 9449 §4.3: htu is compared without query and fragment) */
function withoutQuery(url: string): string | undefined {
  const parsed = URL.parse(url)
  return parsed ? `${parsed.origin}${parsed.pathname}` : undefined
}

/**
 * RFC 9449 §4.3's checks of a proof but the replay one: an ES256 JWT of type dpop+jwt signed by
 * the public key in its header, for `method` and `url`, its iat within AUTH_DPOP_PROOF_WINDOW_MS
 * of `nowMs`. Never throws: whatever is wrong with the proof is a reason.
 */
export async function verifyProof(
  proof: string,
  request: { method: string; url: string },
  nowMs: number,
): Promise<ProofVerdict> {
  if (proof.length > AUTH_DPOP_MAX_PROOF_LENGTH) return { ok: false, reason: 'too long' }
  let verified: Awaited<ReturnType<typeof jwtVerify>>
  let jkt: string
  try {
    verified = await jwtVerify(proof, EmbeddedJWK, {
      typ: 'dpop+jwt',
      algorithms: [AUTH_DPOP_ALG],
      currentDate: new Date(nowMs),
    })
    const { jwk } = verified.protectedHeader
    if (!jwk) return { ok: false, reason: 'no jwk' }
    jkt = await calculateJwkThumbprint(jwk, 'sha256')
  } catch {
    return { ok: false, reason: 'not a DPoP proof signed by its key' }
  }
  const { htm, htu, iat, jti } = verified.payload
  if (htm !== request.method) return { ok: false, reason: 'htm is not the request method' }
  const url = typeof htu === 'string' ? withoutQuery(htu) : undefined
  if (url === undefined || url !== withoutQuery(request.url)) {
    return { ok: false, reason: 'htu is not the request URL' }
  }
  if (typeof iat !== 'number' || Math.abs(nowMs - iat * 1000) > AUTH_DPOP_PROOF_WINDOW_MS) {
    return { ok: false, reason: `iat is not within ${AUTH_DPOP_PROOF_WINDOW_MS / 1000} s of now` }
  }
  if (typeof jti !== 'string' || jti === '' || jti.length > AUTH_DPOP_MAX_JTI_LENGTH) {
    return { ok: false, reason: 'no jti' }
  }
  return { ok: true, jkt, jti, iat }
}

/**
 * Records a proof as used; false when it was already (a replay). Kept until its iat is out of
 * the window, in the database so that every instance of the server sees it.
 */
export async function claimProof(
  db: Db,
  proof: { jkt: string; jti: string; iat: number },
  nowMs: number,
): Promise<boolean> {
  await db.deleteFrom('auth_dpop_proofs').where('expires_at', '<', new Date(nowMs)).execute()
  const row = await db
    .insertInto('auth_dpop_proofs')
    .values({
      proof_hash: sha256(`${proof.jkt}.${proof.jti}`),
      expires_at: new Date(proof.iat * 1000 + AUTH_DPOP_PROOF_WINDOW_MS),
    })
    .onConflict((oc) => oc.column('proof_hash').doNothing())
    .returning('proof_hash')
    .executeTakeFirst()
  return row !== undefined
}

function refuse(c: Context<AppEnv>, body: AuthErrorBody, error?: string): never {
  c.header('WWW-Authenticate', `DPoP algs="${AUTH_DPOP_ALG}"${error ? `, error="${error}"` : ''}`)
  throw new HTTPException(401, { message: body.message })
}

export interface PossessionDeps {
  db: Db
  now: () => number
  /** The server's URL as the frame reaches it; '' when unknown: then the request's own URL */
  publicUrl: () => string
  /** Paths whose requests must carry a proof: the sign-ins, whose session is bound to its key */
  bindingPaths: ReadonlySet<string>
}

/**
 * Checks the DPoP proof of an auth request, when it has one (a sign-in path must): 401 for a
 * bad or replayed one; a good one's jkt is `c.var.dpopJkt` for the route.
 */
export function proofOfPossession(deps: PossessionDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const proof = c.req.header('DPoP')
    if (proof === undefined) {
      if (deps.bindingPaths.has(c.req.path)) refuse(c, authProofRequired)
      return next()
    }
    // The URL the frame called: the public one, not what a proxy in front made of it
    const base = deps.publicUrl()
    const url = base ? `${base}${c.req.path}` : c.req.url
    const nowMs = deps.now()
    const verdict = await verifyProof(proof, { method: c.req.method, url }, nowMs)
    if (!verdict.ok) refuse(c, authProofInvalid(verdict.reason), 'invalid_dpop_proof')
    if (!(await claimProof(deps.db, verdict, nowMs))) {
      refuse(c, authProofInvalid('it was used before'), 'invalid_dpop_proof')
    }
    c.set('dpopJkt', verdict.jkt)
    return next()
  }
}

/** Binds a new session to the key of the sign-in's proof. */
export async function bindSession(db: Db, token: string, jkt: string | undefined): Promise<void> {
  if (jkt === undefined) return // unreachable past proofOfPossession; unbound is refused anyway
  await db
    .updateTable('auth_sessions')
    .set({ jkt })
    .where('token_hash', '=', sha256(token))
    .execute()
}

/**
 * 401 unless the request proves possession of the key `token`'s session is bound to. A session
 * from before proofs (no jkt) is refused as not connected: the frame signs in again. An unknown
 * token passes: the session lookup answers for it.
 */
export async function requirePossession(c: Context<AppEnv>, db: Db, token: string): Promise<void> {
  const session = await db
    .selectFrom('auth_sessions')
    .select('jkt')
    .where('token_hash', '=', sha256(token))
    .executeTakeFirst()
  if (!session) return
  if (session.jkt === null) refuse(c, authNotConnected)
  const jkt = c.var.dpopJkt
  if (!/^DPoP /.test(c.req.header('Authorization')?.trim() ?? '') || jkt === undefined) {
    refuse(c, authProofRequired)
  }
  if (jkt !== session.jkt) {
    refuse(c, authProofInvalid("it is not by the session's key"), 'invalid_dpop_proof')
  }
}
