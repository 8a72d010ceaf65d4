// What follows a social, Farcaster or Telegram login once the server answered with a session:
// the wallet signs in, the frame takes the page's network and account type, and (§4) signs the
// page's sign-in message with the new account, so the visitor approves once, not twice.
import type { AppReply, AppRequest } from '../../protocol/appEvents.ts'
import type { ServerUser } from '../api.ts'
import { signInRefusal, signSignIn } from '../socialSignIn.ts'
import type { FrameState } from './state.ts'
import type { HandlerDeps } from './types.ts'

/** What the page sends with the login (APP_CONNECT_SOCIAL without its `uri`) */
export type SocialLoginOptions = AppRequest<'APP_CONNECT_FARCASTER'>

export function createSocialSession(deps: HandlerDeps, state: FrameState) {
  const { wallet, log } = deps

  /** The page's account type at login: the smart account where the chain offers one */
  async function preferIfOffered(type: 'eoa' | 'smartAccount' | undefined) {
    if (type !== 'smartAccount') return
    await state.accountTypes
      .prefer(type, (preferredAccountType) => state.patchUserLater({ preferredAccountType }))
      .catch((error: unknown) => log.info('no smart account here; the EOA it is', error))
  }

  /** Signs in with the session the server gave; answers the user (and the signed sign-in). */
  async function begin(
    login: { token: string; user: ServerUser },
    { chainId, rpcUrl, siwxMessage, preferredAccountType }: SocialLoginOptions,
    origin: string,
  ): Promise<AppReply<'APP_CONNECT_SOCIAL'>> {
    state.pendingLogin = null
    await wallet.login(login.token, login.user)
    log.info(`signed in with ${login.user.socialProvider ?? 'a social provider'}`)
    state.enterChain(chainId, rpcUrl)
    await preferIfOffered(preferredAccountType)
    const current = await state.user(false)
    if (!siwxMessage) return current
    // §4 The sign-in rides on the login: refused, the page asks for it the usual way.
    const refusal = signInRefusal(siwxMessage, origin)
    const account = wallet.account()
    if (refusal || !account) {
      log.warn(`the sign-in was not signed with the login: ${refusal ?? 'no account'}`)
      return current
    }
    return { ...current, ...(await signSignIn(siwxMessage, account)) }
  }

  return { begin }
}

export type SocialSession = ReturnType<typeof createSocialSession>
