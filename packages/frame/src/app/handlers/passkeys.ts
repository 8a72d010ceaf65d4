// Passkeys (issue 30): the frame is the relying party. Adding one and signing in with one each
// show the frame's card, whose button runs the browser's ceremony on the frame's origin; the
// server's options and verification go with the frame's session and DPoP key. The page hears
// only the outcome and the list of passkeys, never a credential.
import { FrameError } from '../../frameError.ts'
import { SOMETHING_WENT_WRONG } from '../errors.ts'
import { type Passkey, type PasskeyOptions, passkeyApi } from '../passkeyApi.ts'
import {
  authenticationJson,
  creationOptions,
  registrationJson,
  requestOptions,
} from '../webauthnJson.ts'
import type { SocialSession } from './socialSession.ts'
import type { FrameState } from './state.ts'
import type { HandlerDeps, HandlerTable } from './types.ts'

export const PASSKEYS_UNSUPPORTED = 'Passkeys are not available in this browser'

const listed = (passkeys: Passkey[]) => ({
  passkeys: passkeys.map(({ id, name, backedUp, createdAt, lastUsedAt }) => ({
    id,
    name,
    backedUp,
    createdAt,
    lastUsedAt,
  })),
})

export function passkeyHandlers(deps: HandlerDeps, state: FrameState, social: SocialSession) {
  const { api, wallet, log } = deps
  const server = passkeyApi(api)
  /** The card on show, if any */
  let open: AbortController | null = null

  function parts() {
    const card = deps.passkeyCard
    const credentials = deps.credentials ?? globalThis.navigator?.credentials
    if (!card || !credentials) throw new FrameError(PASSKEYS_UNSUPPORTED)
    return { card, credentials }
  }

  /** The card until the ceremony gave a credential; APP_RPC_ABORT takes it down too */
  async function ceremony(
    view: 'add' | 'signIn',
    run: () => Promise<Credential | null>,
  ): Promise<PublicKeyCredential> {
    const { card } = parts()
    const controller = new AbortController()
    state.pendingRpc.add(controller)
    open = controller
    try {
      const credential = await card.run(view, controller.signal, async () => {
        const made = await run()
        if (made?.type !== 'public-key') throw new FrameError(SOMETHING_WENT_WRONG)
        return made as PublicKeyCredential
      })
      return credential
    } finally {
      state.pendingRpc.delete(controller)
      if (open === controller) open = null
    }
  }

  const list = () => wallet.withSession((token) => server.list(token)).then(listed)

  return {
    async APP_CONNECT_PASSKEY(options, { origin }) {
      const { credentials } = parts()
      const json: PasskeyOptions = await server.loginOptions()
      const credential = await ceremony('signIn', () =>
        credentials.get({ publicKey: requestOptions(json), mediation: 'required' }),
      )
      const login = await server.login(authenticationJson(credential))
      log.info('signed in with a passkey')
      return social.begin(login, options, origin)
    },

    APP_GET_PASSKEYS: () => list(),

    async APP_ADD_PASSKEY() {
      const { credentials } = parts()
      const json = await wallet.withSession((token) => server.registrationOptions(token))
      const credential = await ceremony('add', () =>
        credentials.create({ publicKey: creationOptions(json) }),
      )
      const response = registrationJson(credential)
      await wallet.withSession((token) => server.register(token, response))
      log.info('a passkey was added')
      return list()
    },

    async APP_CANCEL_PASSKEY() {
      open?.abort()
      return {}
    },

    async APP_REMOVE_PASSKEY({ id }) {
      await wallet.withSession((token) => server.remove(token, id))
      return list()
    },
  } satisfies Partial<HandlerTable>
}
