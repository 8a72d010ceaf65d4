// The server's passkey routes (issue 30, packages/server/src/auth/passkeys/routes.ts) through the
// frame's door to it (api.ts `call`): every answer parsed before use, the session and the DPoP
// proof as every other auth request carries them.
import * as z from 'zod/mini'
import { type AuthApi, LoginAnswer, type ServerUser } from './api.ts'

const Options = z.object({
  options: z.looseObject({ challenge: z.string() }),
  expiresAt: z.string(),
})
const Passkey = z.object({
  id: z.string(),
  name: z.nullable(z.string()),
  backedUp: z.boolean(),
  createdAt: z.string(),
  lastUsedAt: z.nullable(z.string()),
})
const Passkeys = z.object({ passkeys: z.array(Passkey) })
const Stored = z.object({ passkey: Passkey })

export type PasskeyOptions = Record<string, unknown> & { challenge: string }
export type Passkey = z.infer<typeof Passkey>

export function passkeyApi(api: AuthApi) {
  const base = '/auth/v1/passkeys'
  return {
    registrationOptions: async (token: string): Promise<PasskeyOptions> =>
      (await api.call('POST', `${base}/registration/options`, Options, { token })).options,
    register: async (token: string, response: unknown): Promise<Passkey> =>
      (await api.call('POST', `${base}/registration/verify`, Stored, { token, body: { response } }))
        .passkey,
    loginOptions: async (): Promise<PasskeyOptions> =>
      (await api.call('POST', `${base}/login/options`, Options)).options,
    login: (response: unknown): Promise<{ token: string; user: ServerUser }> =>
      api.call('POST', `${base}/login/verify`, LoginAnswer, { body: { response } }),
    list: async (token: string): Promise<Passkey[]> =>
      (await api.call('GET', base, Passkeys, { token })).passkeys,
    remove: async (token: string, id: string): Promise<void> => {
      await api.call('DELETE', `${base}/${encodeURIComponent(id)}`, null, { token })
    },
  }
}
