// §4 The instance's embedded-wallet actions: email login and email change, social, Farcaster and
// Telegram login, signing out everywhere, and the frame's element; state in `stores.embedded`.
import type { LoginProvider, OAuthSocialProvider } from '../embedded/embeddedState.ts'
import { ErrorText } from '../errors.ts'
import { openSocialPopup } from './browser.ts'
import { forward } from './lazy.ts'
import type { InstanceContext, InstanceParts } from './parts.ts'

const noop = () => {}

export function embeddedApi(ctx: InstanceContext, parts: InstanceParts) {
  const { log, stores } = ctx
  const { emailLogin, connection } = parts
  const failedToStart = (
    provider: LoginProvider,
    error: string = ErrorText.failedToInitiateSocialConnection,
  ) => stores.embedded.setState({ social: { provider, busy: false, error } })
  return {
    ...forward(emailLogin, [
      'submitEmail',
      'submitOtp',
      'restart',
      'submitNewEmail',
      'submitUpdateOtp',
      'restartUpdate',
      // Issue 30: the frame's passkey card signs in; then as an email login
      'connectPasskey',
    ]),
    /**
     * Issue 18 #9: every session of the embedded-wallet user ends (every device), then this page
     * disconnects. Rejects with the text to show when the sessions could not be ended.
     */
    signOutEverywhere: () =>
      Promise.all([import('../embedded/signOutEverywhere.ts'), connection()]).then(([m, c]) =>
        m.signOutEverywhere({ session: c.embeddedWallet, disconnect: () => c.disconnect(), log }),
      ),
    /**
     * The embedded wallet's EOA or its smart account (README "Smart accounts"); resolves with the
     * address now in use, rejects with the text to show (no smart account on this network…).
     */
    /** The EVM chain ids on which the embedded wallet offers its smart account */
    smartAccountNetworks: (): Promise<number[]> =>
      connection()
        .then((c) => c.embeddedWallet())
        .then((session) => session.client.request('APP_GET_SMART_ACCOUNT_ENABLED_NETWORKS', {}))
        .then((reply) => reply.smartAccountEnabledNetworks),
    setPreferredAccountType: (type: 'eoa' | 'smartAccount') =>
      Promise.all([import('../embedded/accountTypeSwitch.ts'), connection(), parts.storage()]).then(
        ([m, c, storage]) =>
          m.switchAccountType(
            {
              session: c.embeddedWallet,
              remember: (chosen) => storage.setPreferredAccountType('eip155', chosen),
              setUser: (user) => stores.embedded.setState({ user }),
              current: () => stores.embedded.getState().user,
              log,
            },
            type,
          ),
      ),
    /**
     * §4 Social login: call it in the visitor's click. The popup opens at once (blockers allow
     * nothing later), then goes to the provider; state in `stores.embedded.social`.
     */
    connectSocial(provider: OAuthSocialProvider): Promise<void> {
      const popup = openSocialPopup()
      return parts.socialLogin().then(
        (c) => c.connect(provider, popup),
        (error) => {
          log('social login failed to load', error)
          popup?.close()
          failedToStart(provider)
        },
      )
    },
    /** §1 Inside a Telegram Mini App: signs the Telegram user in (no popup) */
    connectTelegram: () =>
      parts.telegramLogin().then(
        (c) => c.connect(),
        (error) => {
          log('telegram login failed to load', error)
          failedToStart('telegram')
        },
      ),
    /**
     * §1 Farcaster: shows ConnectingFarcaster, where the relay's QR code waits for the visitor's
     * Farcaster app; state in `stores.embedded.farcaster`. A login under way goes on.
     */
    connectFarcaster: () =>
      parts.farcasterLogin().then(
        (c) => c.connect(),
        (error) => {
          log('farcaster login failed to load', error)
          failedToStart('farcaster', ErrorText.failedToConnectToFarcaster)
        },
      ),
    /** The frame's element, to place it over ApproveTransaction while a request waits */
    frame: () =>
      connection()
        .then((c) => c.embeddedWallet())
        .then((session) => session.client),
    abort: () => connection.ifStarted()?.then((c) => c.abortApproval(), noop),
  }
}
