// Key export (issue 30): before the frame shows the user's key, it asks here. The server holds
// no plain key and never sees one; it checks that the session's sign-in (an email code, a social
// login or a passkey: each makes a new session) or its last reverification (reverify.ts: an email
// code) is from the last 5 minutes, records the export (time, device, address) and mails the user.
import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi'
import { AUTH_KEY_EXPORT_FRESH_MS } from '../constants/auth.ts'
import type { AppEnv } from '../env.ts'
import {
  authExportNeedsFreshSignIn,
  authNotConnected,
  authNoWalletToExport,
} from '../errors/auth.ts'
import type { AuthFlow } from './flow.ts'
import { authMails } from './mailer.ts'
import { deviceSummary, displayAddress } from './requestInfo.ts'
import {
  authValidationHook,
  body,
  CommonQuery,
  error,
  json,
  session,
  sessionResponses,
} from './schemas.ts'
import { sha256 } from './store/hashing.ts'

export const postKeyExportRoute = createRoute({
  method: 'post',
  path: '/auth/v1/wallet/exports',
  summary: "Records an export of the session user's key, which the frame then shows",
  description:
    'Needs a session signed in within the last 5 minutes. The server records the export and ' +
    'mails the user; the key itself never leaves the frame.',
  request: {
    query: CommonQuery,
    body: body(z.strictObject({ namespace: z.enum(['eip155', 'solana']) })),
  },
  ...session,
  responses: {
    201: json(
      z.object({ address: z.string(), exportedAt: z.string() }),
      'Recorded: the frame may show the key of this address',
    ),
    ...sessionResponses,
    404: error('The user has no wallet in this namespace'),
    409: error('The session signed in more than 5 minutes ago: sign in again'),
  },
})

export const KEY_EXPORT_ROUTES = [postKeyExportRoute]

export function registerKeyExportRoutes(app: OpenAPIHono<AppEnv>, flow: AuthFlow) {
  const { db } = flow
  app.openapi(
    postKeyExportRoute,
    async (c) => {
      const auth = await flow.signedIn(c)
      if (!auth) return c.json(authNotConnected, 401)
      const { namespace } = c.req.valid('json')
      const at = flow.now()
      const signedIn = await db
        .selectFrom('auth_sessions')
        .select(['created_at', 'verified_at'])
        .where('token_hash', '=', sha256(auth.token))
        .executeTakeFirst()
      if (!signedIn) return c.json(authNotConnected, 401)
      const proved = Math.max(signedIn.created_at.getTime(), signedIn.verified_at?.getTime() ?? 0)
      if (at.getTime() - proved > AUTH_KEY_EXPORT_FRESH_MS) {
        return c.json(authExportNeedsFreshSignIn, 409)
      }
      const { user } = auth
      const address = namespace === 'eip155' ? user.address : user.solanaAddress
      if (!address) return c.json(authNoWalletToExport, 404)
      const request = {
        device: deviceSummary(c.req.header('User-Agent')),
        ip: displayAddress(flow.clientAddressOf(c)),
        at,
      }
      await db
        .insertInto('auth_key_exports')
        .values({
          user_id: user.row.id,
          namespace,
          address,
          device: request.device,
          ip: request.ip,
          created_at: at,
        })
        .execute()
      const to = user.row.email ?? user.social?.email
      // The record stands even when the mail fails: the export is the user's own act
      if (to) await flow.sendMail(authMails.keyExported(to, address, request))
      return c.json({ address, exportedAt: at.toISOString() }, 201)
    },
    authValidationHook,
  )
}
