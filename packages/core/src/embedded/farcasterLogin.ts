// §1 Farcaster sign-in through the embedded wallet's frame. The Connect view's button shows
// ConnectingFarcaster; the frame opens a relay channel (APP_GET_FARCASTER_URI), whose URL the
// view shows as a QR code (or opens on a phone), then waits until the visitor has signed in with
// their Farcaster app (APP_CONNECT_FARCASTER); the user then connects exactly as after a social
// login. §2 Going back from ConnectingFarcaster while not connected clears the URL and reloads
// the frame, whose dapp data is resynced 100 ms later.
import type { InstanceContext } from '../appkit/parts.ts'
import type { ConnectionController } from '../connection/index.ts'
import { ErrorText } from '../errors.ts'
import type { AppKitStorage } from '../storage/storage.ts'
import type { FarcasterLoginState } from './embeddedState.ts'
import type { EmbeddedSession } from './embeddedWallet.ts'
import {
  connectSignedIn,
  loginRequest,
  type SocialConnectContext,
  signInHooks,
} from './socialConnect.ts'

export interface FarcasterLoginContext extends SocialConnectContext {
  /** The frame and its provider; rejects when the frame cannot load */
  session(): Promise<EmbeddedSession>
  /** §3 "connected social provider and username": farcaster, and the Farcaster name */
  rememberConnected(userName: string | undefined): void
  /** Shows ConnectingFarcaster (unless it is the view on screen) */
  show(): void
  isConnected(): boolean
  /** §2 The auth connector reloads; its dapp data is resynced 100 ms later */
  reload(): Promise<void>
}

const PROVIDER = 'farcaster'

export function createFarcasterLogin(ctx: FarcasterLoginContext) {
  const { store } = ctx
  const set = (farcaster: FarcasterLoginState) => store.setState({ farcaster })

  /** Each login is an attempt; going back ends it, and its late answers change nothing. */
  let attempt = 0
  let running: Promise<void> | undefined

  async function run(mine: number) {
    const isCurrent = () => mine === attempt
    set({ loading: true })
    ctx.track('SOCIAL_LOGIN_STARTED', { provider: PROVIDER })
    try {
      const session = await ctx.session()
      if (!isCurrent()) return
      const { url } = await session.client.request('APP_GET_FARCASTER_URI', {})
      if (!isCurrent()) return
      set({ url, loading: false })
      const request = await loginRequest(ctx)
      const user = await session.client.request('APP_CONNECT_FARCASTER', request)
      if (!isCurrent()) return
      await connectSignedIn(ctx, session, user, PROVIDER, request.preferredAccountType)
      ctx.rememberConnected(user.userName ?? undefined)
      ctx.track('SOCIAL_LOGIN_SUCCESS', { provider: PROVIDER })
      store.setState({ farcaster: undefined })
    } catch (error) {
      if (!isCurrent()) return
      ctx.log('the Farcaster sign-in failed', error)
      const message = ErrorText.failedToConnectToFarcaster
      ctx.track('CONNECT_ERROR', { message, provider: PROVIDER })
      set({ loading: false, error: message })
    }
  }

  /**
   * Shows ConnectingFarcaster and signs in from there. While a login is under way (its URL on
   * screen), that one goes on: asking again shows it.
   */
  function connect(): Promise<void> {
    ctx.show()
    if (!running) {
      const started = run(++attempt).finally(() => {
        if (running === started) running = undefined
      })
      running = started
    }
    return running
  }

  /**
   * §2 The visitor went back from ConnectingFarcaster: while not connected, the URL is cleared,
   * the login ends and the frame reloads (its dapp data resynced after 100 ms).
   */
  function wentBack(): Promise<void> {
    if (ctx.isConnected()) return Promise.resolve()
    attempt++
    running = undefined
    store.setState({ farcaster: undefined })
    return ctx.reload()
  }

  return { connect, wentBack }
}

export type FarcasterLogin = ReturnType<typeof createFarcasterLogin>

/** The instance's wiring: here, so the first load keeps only the lazy import (appkit/parts.ts). */
export function wireFarcasterLogin(
  { stores, router, options, track, log }: InstanceContext,
  connection: ConnectionController,
  storage: AppKitStorage,
): FarcasterLogin {
  return createFarcasterLogin({
    store: stores.embedded,
    session: connection.embeddedWallet,
    network: () => stores.chain.getState().activeCaipNetwork,
    accountType: () => connection.preferredAccountType('eip155'),
    connectUser: connection.connectEmbedded,
    rememberConnected(userName) {
      storage.setConnectedSocialProvider(PROVIDER)
      if (userName) storage.setConnectedSocialUsername(userName)
      else storage.removeConnectedSocialUsername()
    },
    show() {
      if (router.current().view !== 'ConnectingFarcaster') router.push('ConnectingFarcaster')
    },
    isConnected: () => stores.account.getState().status === 'connected',
    reload: connection.reloadEmbedded,
    ...signInHooks(options.siwx),
    track,
    log,
  })
}
