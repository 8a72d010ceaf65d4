// A code the signed-in user was mailed for an account action (email change, reverification):
// checked against the session's own user, so another user's session cannot use it.
import type { Context } from 'hono'
import type { AuthChallengeKind } from '../db/authSchema.ts'
import type { AppEnv } from '../env.ts'
import { authNotConnected } from '../errors/auth.ts'
import type { AuthFlow } from './flow.ts'
import { otpRefusal } from './schemas.ts'
import { verifyOtp } from './store/challenges.ts'

/** The user, its session token and the challenge; or the refusal to answer with */
export async function verifyUserCode(
  flow: AuthFlow,
  c: Context<AppEnv>,
  { challengeId, otp }: { challengeId: string; otp: string },
  kind: AuthChallengeKind,
  at: Date,
) {
  const auth = await flow.signedIn(c)
  if (!auth) return { ok: false as const, refused: c.json(authNotConnected, 401) }
  const { row } = auth.user
  const where = { projectId: row.project_id, id: challengeId, userId: row.id }
  const outcome = await verifyOtp(flow.db, { ...where, kind }, otp, at)
  if (outcome.status !== 'ok') {
    const { body, status } = otpRefusal(outcome)
    return { ok: false as const, refused: c.json(body, status) }
  }
  return { ok: true as const, row, token: auth.token, challenge: outcome.challenge }
}
