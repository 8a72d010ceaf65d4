// The handlers of the passkey routes (routes.ts). The relying party is the frame: its origin is
// the expected clientData origin and its hostname the RP ID, so every app embedding the frame
// offers the same passkeys. A passkey opens the user it was added to, in that user's project.
import type { OpenAPIHono } from '@hono/zod-openapi'
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server'
import { isoBase64URL } from '@simplewebauthn/server/helpers'
import type { Context } from 'hono'
import { AUTH_PASSKEY_MAX_PER_USER } from '../../constants/passkeys.ts'
import type { AppEnv } from '../../env.ts'
import { authNotConnected } from '../../errors/auth.ts'
import {
  passkeyAlreadyRegistered,
  passkeyChallengeExpired,
  passkeyCounterRegressed,
  passkeyLastFactor,
  passkeyLimitReached,
  passkeyNotFound,
  passkeyNotVerified,
  passkeyOriginRefused,
  passkeyResponseMalformed,
  passkeyUnknown,
} from '../../errors/passkeys.ts'
import { bindSession } from '../dpop.ts'
import type { AuthFlow } from '../flow.ts'
import { authValidationHook, toUser } from '../schemas.ts'
import { createSession } from '../store/sessions.ts'
import { findUser, type UserView } from '../store/users.ts'
import {
  deletePasskeyRoute,
  getPasskeysRoute,
  postPasskeyLoginOptionsRoute,
  postPasskeyLoginVerifyRoute,
  postPasskeyRegistrationOptionsRoute,
  postPasskeyRegistrationVerifyRoute,
} from './routes.ts'
import {
  advanceCounter,
  createPasskeyChallenge,
  findProjectPasskey,
  insertPasskey,
  removePasskey,
  takePasskeyChallenge,
  toPasskey,
  userPasskeys,
} from './store.ts'
import {
  authenticationOptions,
  clientDataOf,
  registrationOptions,
  rpIdOf,
  topOriginRefusal,
  verifyAuthentication,
  verifyRegistration,
} from './webauthn.ts'

/** What the authenticator shows as the account: its email, else its name */
function accountLabel({ row, social }: UserView, fallback: string): string {
  return row.email ?? social?.email ?? row.user_name ?? social?.userName ?? fallback
}

export function registerPasskeyRoutes(
  app: OpenAPIHono<AppEnv>,
  flow: AuthFlow,
  /** The frame's origins: the relying parties (FRAME_ORIGINS; AppDeps.frameOrigins) */
  frameOrigins: readonly string[],
) {
  const { db, now } = flow
  /** The frame origin the request comes from; undefined for any other (or none) */
  const frameOrigin = (c: Context<AppEnv>) => {
    const origin = c.req.header('Origin')
    return origin !== undefined && frameOrigins.includes(origin) ? origin : undefined
  }
  /** The clientData topOrigin check against the project's pages (webauthn.ts) */
  const topRefusal = (
    c: Context<AppEnv>,
    clientData: { crossOrigin?: boolean; topOrigin?: string },
  ) => topOriginRefusal(clientData, c.var.project.allowed_origins, frameOrigins)

  app.openapi(
    postPasskeyRegistrationOptionsRoute,
    async (c) => {
      const auth = await flow.signedIn(c)
      if (!auth) return c.json(authNotConnected, 401)
      const origin = frameOrigin(c)
      if (!origin) return c.json(passkeyOriginRefused, 400)
      const userId = auth.user.row.id
      const passkeys = await userPasskeys(db, userId)
      if (passkeys.length >= AUTH_PASSKEY_MAX_PER_USER) return c.json(passkeyLimitReached, 409)
      const project = c.var.project
      const rpId = rpIdOf(origin)
      const ceremony = { projectId: project.project_id, userId, origin, rpId }
      const { challenge, expiresAt } = await createPasskeyChallenge(
        db,
        { ...ceremony, ceremony: 'registration' },
        now(),
      )
      const label = accountLabel(auth.user, project.name)
      const options = await registrationOptions({
        challenge,
        rpId,
        rpName: project.name,
        userId,
        userName: label,
        userDisplayName: `${label} (${project.name})`,
        exclude: passkeys.filter((p) => p.rp_id === rpId),
      })
      return c.json({ options, expiresAt: expiresAt.toISOString() }, 200)
    },
    authValidationHook,
  )

  app.openapi(
    postPasskeyRegistrationVerifyRoute,
    async (c) => {
      const auth = await flow.signedIn(c)
      if (!auth) return c.json(authNotConnected, 401)
      const { response, name } = c.req.valid('json')
      const clientData = clientDataOf(response.response.clientDataJSON)
      if (!clientData) return c.json(passkeyResponseMalformed, 400)
      const userId = auth.user.row.id
      const at = now()
      const where = { projectId: c.var.project.project_id, ceremony: 'registration' as const }
      const ceremony = await takePasskeyChallenge(
        db,
        { ...where, challenge: clientData.challenge, userId },
        at,
      )
      if (!ceremony) return c.json(passkeyChallengeExpired, 410)
      const refused = topRefusal(c, clientData)
      if (refused) return c.json(passkeyNotVerified(refused), 401)
      const verdict = await verifyRegistration(response as RegistrationResponseJSON, {
        challenge: clientData.challenge,
        origin: ceremony.origin,
        rpId: ceremony.rp_id,
      })
      if (!verdict.ok) return c.json(passkeyNotVerified(verdict.reason), 401)
      if ((await userPasskeys(db, userId)).length >= AUTH_PASSKEY_MAX_PER_USER) {
        return c.json(passkeyLimitReached, 409)
      }
      const { credential, aaguid, credentialBackedUp } = verdict.value
      const passkey = {
        credential_id: credential.id,
        user_id: userId,
        rp_id: ceremony.rp_id,
        public_key: isoBase64URL.fromBuffer(credential.publicKey),
        counter: credential.counter,
        transports: credential.transports ?? [],
        aaguid,
        name: name ?? null,
        backed_up: credentialBackedUp,
        created_at: at,
      }
      if (!(await insertPasskey(db, passkey))) return c.json(passkeyAlreadyRegistered, 409)
      return c.json({ passkey: toPasskey({ ...passkey, last_used_at: null }) }, 201)
    },
    authValidationHook,
  )

  app.openapi(
    postPasskeyLoginOptionsRoute,
    async (c) => {
      const origin = frameOrigin(c)
      if (!origin) return c.json(passkeyOriginRefused, 400)
      const rpId = rpIdOf(origin)
      const ceremony = {
        projectId: c.var.project.project_id,
        ceremony: 'authentication' as const,
        userId: null,
        origin,
        rpId,
      }
      const { challenge, expiresAt } = await createPasskeyChallenge(db, ceremony, now())
      const options = await authenticationOptions({ challenge, rpId })
      return c.json({ options, expiresAt: expiresAt.toISOString() }, 200)
    },
    authValidationHook,
  )

  app.openapi(
    postPasskeyLoginVerifyRoute,
    async (c) => {
      const response = c.req.valid('json').response as AuthenticationResponseJSON
      const clientData = clientDataOf(response.response.clientDataJSON)
      if (!clientData) return c.json(passkeyResponseMalformed, 400)
      const projectId = c.var.project.project_id
      const at = now()
      const where = { projectId, ceremony: 'authentication' as const }
      const ceremony = await takePasskeyChallenge(
        db,
        { ...where, challenge: clientData.challenge },
        at,
      )
      if (!ceremony) return c.json(passkeyChallengeExpired, 410)
      const refused = topRefusal(c, clientData)
      if (refused) return c.json(passkeyNotVerified(refused), 401)
      const passkey = await findProjectPasskey(db, projectId, response.id)
      if (!passkey) return c.json(passkeyUnknown, 401)
      if (passkey.rp_id !== ceremony.rp_id) {
        return c.json(passkeyNotVerified(`it was registered for ${passkey.rp_id}`), 401)
      }
      const verdict = await verifyAuthentication(
        response,
        {
          challenge: clientData.challenge,
          origin: ceremony.origin,
          rpId: ceremony.rp_id,
          ...(clientData.crossOrigin &&
            clientData.topOrigin && { topOrigin: clientData.topOrigin }),
        },
        passkey,
      )
      if (!verdict.ok) return c.json(passkeyNotVerified(verdict.reason), 401)
      const use = { counter: verdict.value.newCounter, backedUp: verdict.value.credentialBackedUp }
      if (!(await advanceCounter(db, passkey.credential_id, use, at))) {
        return c.json(passkeyCounterRegressed, 401)
      }
      const token = await createSession(db, passkey.user_id, at)
      const user = await findUser(db, { id: passkey.user_id })
      if (!user) return c.json(passkeyUnknown, 401) // deleted meanwhile
      await bindSession(db, token, c.var.dpopJkt)
      return c.json({ token, user: toUser(user) }, 200)
    },
    authValidationHook,
  )

  app.openapi(
    getPasskeysRoute,
    async (c) => {
      const auth = await flow.signedIn(c)
      if (!auth) return c.json(authNotConnected, 401)
      const passkeys = await userPasskeys(db, auth.user.row.id)
      return c.json({ passkeys: passkeys.map(toPasskey) }, 200)
    },
    authValidationHook,
  )

  app.openapi(
    deletePasskeyRoute,
    async (c) => {
      const auth = await flow.signedIn(c)
      if (!auth) return c.json(authNotConnected, 401)
      const outcome = await removePasskey(db, auth.user.row.id, c.req.valid('param').credentialId)
      if (outcome === 'not-found') return c.json(passkeyNotFound, 404)
      if (outcome === 'last-factor') return c.json(passkeyLastFactor, 409)
      return c.body(null, 204)
    },
    authValidationHook,
  )
}
