import type { StoreApi } from 'zustand/vanilla'
import type { ChainState } from '../appkitState.ts'
import type { ConnectionController } from '../connection/index.ts'
import { EMBEDDED_REQUEST_TIMEOUT_MS, OAUTH_SOCIAL_PROVIDERS, SOCIAL_POPUP } from '../constants.ts'
import { ErrorText, toUserMessage } from '../errors.ts'
import type { Track } from '../events.ts'
import type { SIWXConfig } from '../siwx/siwx.ts'
import type { AppKitStorage } from '../storage/storage.ts'
import type { EmbeddedState, OAuthSocialProvider, SocialLoginStep } from './embeddedState.ts'
import type { EmbeddedSession } from './embeddedWallet.ts'
import {
  connectSignedIn,
  loginRequest,
  type SocialConnectContext,
  signInHooks,
} from './socialConnect.ts'
import { telegramPlatform } from './telegram.ts'

/** What the flow needs of the popup window (a `Window` fits; the tests give a fake). */
export interface SocialPopup {
  readonly closed: boolean
  /** Readable only while the popup shows a page of our own origin (about:blank, the return) */
  location: { href: string }
  close(): void
}

export interface SocialLoginContext extends SocialConnectContext {
  /** The frame and its provider; rejects when the frame cannot load */
  session(): Promise<EmbeddedSession>
  /** §3 "connected social provider and username" */
  rememberConnected(provider: OAuthSocialProvider, userName: string | undefined): void
  /** In a Telegram Mini App: §3 "Telegram social provider" */
  rememberTelegram?(provider: OAuthSocialProvider): void
}

/** Our wording (the frame client's too): the popup did not come back within §9's 120 s. */
export const SOCIAL_TIMED_OUT = 'Request timed out'

/** The frame's own wording for what it does not explain. */
const messageOf = (error: unknown) => toUserMessage(error, ErrorText.somethingWentWrong)

/**
 * The URL the popup came back to, once it is on our origin again (a cross-origin page throws
 * on `location.href`) with the provider's answer: `state` and `code`, or `state` and `error`.
 */
export function returnedUri(popup: SocialPopup): string | undefined {
  try {
    const href = popup.location.href
    const query = new URL(href).searchParams
    return query.has('state') && (query.has('code') || query.has('error')) ? href : undefined
  } catch {
    return undefined
  }
}

type Outcome = { uri: string } | { error: string } | { stopped: true }

/**
 * §9 Polls the popup every second until it comes back (its URL), is closed ('Popup closed'),
 * 120 s pass, or `stop()`. Resolves, never rejects: nothing is left unhandled when unused.
 */
function watchPopup(popup: SocialPopup): { outcome: Promise<Outcome>; stop(): void } {
  let stop: () => void = () => undefined
  const outcome = new Promise<Outcome>((resolve) => {
    const end = (result: Outcome) => {
      clearInterval(poll)
      clearTimeout(deadline)
      resolve(result)
    }
    const poll = setInterval(() => {
      if (popup.closed) return end({ error: ErrorText.popupClosed })
      const uri = returnedUri(popup)
      if (uri) end({ uri })
    }, SOCIAL_POPUP.pollMs)
    const deadline = setTimeout(() => end({ error: SOCIAL_TIMED_OUT }), EMBEDDED_REQUEST_TIMEOUT_MS)
    stop = () => end({ stopped: true })
  })
  return { outcome, stop }
}

function closePopup(popup: SocialPopup | null | undefined) {
  try {
    if (popup && !popup.closed) popup.close()
  } catch {
    // A window we can no longer reach is not ours to close.
  }
}

/**
 * §4 Social login through the frame: the popup (opened by the caller in the visitor's click,
 * or popup blockers stop it) goes to the provider's authorization URL the frame gives; when
 * it comes back to this page's origin with the answer, the popup closes and the frame signs in
 * with that URL (APP_CONNECT_SOCIAL), then the user connects like after an email login.
 */
export function createSocialLogin(ctx: SocialLoginContext) {
  const { store } = ctx
  const set = (social: Partial<EmbeddedState['social']>) =>
    store.setState({ social: { ...store.getState().social, ...social } })

  /** Each click is an attempt; a new one stops the old one's waiting (and its late answers). */
  let attempt = 0
  let current: { popup: SocialPopup | null; stop(): void } | undefined
  let connecting = false

  function fail(provider: string, message: string, error?: unknown) {
    if (error !== undefined) ctx.log('social login failed', error)
    ctx.track('CONNECT_ERROR', { message, provider })
    set({ busy: false, step: undefined, error: message })
  }

  function stopCurrent(keep?: SocialPopup | null) {
    if (!current) return
    current.stop()
    if (current.popup !== keep) closePopup(current.popup)
    current = undefined
  }

  /** The visitor gave up (or the modal asks it): the popup closes, nothing keeps waiting. */
  function cancel() {
    if (connecting) return
    attempt++
    stopCurrent()
    set({ busy: false, step: undefined, provider: undefined })
  }

  async function connect(provider: OAuthSocialProvider, popup: SocialPopup | null) {
    // The frame is already signing in with a returned popup (closed by then): that one finishes
    // first, and a new click's popup closes.
    if (connecting) return closePopup(popup)
    stopCurrent(popup)
    const mine = ++attempt
    const isCurrent = () => mine === attempt
    if (!(OAUTH_SOCIAL_PROVIDERS as readonly string[]).includes(provider) || !popup) {
      closePopup(popup)
      set({ provider })
      return fail(
        provider,
        ErrorText.failedToInitiateSocialConnection,
        popup ? undefined : 'no popup',
      )
    }
    const step: SocialLoginStep = 'popup'
    set({ provider, step, busy: true, error: undefined })
    ctx.track('SOCIAL_LOGIN_STARTED', { provider })
    const watch = watchPopup(popup)
    current = { popup, stop: watch.stop }

    let session: EmbeddedSession
    try {
      session = await ctx.session()
      await session.client.ready()
      const { uri } = await session.client.request('APP_GET_SOCIAL_REDIRECT_URI', { provider })
      if (!isCurrent()) return
      ctx.rememberTelegram?.(provider)
      popup.location.href = uri
    } catch (error) {
      if (!isCurrent()) return
      stopCurrent()
      return fail(provider, ErrorText.failedToInitiateSocialConnection, error)
    }

    const outcome = await watch.outcome
    if (!isCurrent() || 'stopped' in outcome) return
    current = undefined
    closePopup(popup)
    if ('error' in outcome) return fail(provider, outcome.error)

    connecting = true
    set({ step: 'connecting' })
    try {
      const request = await loginRequest(ctx)
      const user = await session.client.request('APP_CONNECT_SOCIAL', {
        uri: outcome.uri,
        ...request,
      })
      await connectSignedIn(ctx, session, user, provider, request.preferredAccountType)
      ctx.rememberConnected(provider, user.userName ?? undefined)
      ctx.track('SOCIAL_LOGIN_SUCCESS', { provider })
      set({ busy: false, step: undefined, provider: undefined, error: undefined })
    } catch (error) {
      fail(provider, messageOf(error), error)
    } finally {
      connecting = false
    }
  }

  return { connect, cancel }
}

export type SocialLogin = ReturnType<typeof createSocialLogin>

/** What an embedded-wallet login (social, Telegram) takes from the instance. */
export interface EmbeddedLoginWiring {
  store: StoreApi<EmbeddedState>
  chain: StoreApi<ChainState>
  connection: Pick<
    ConnectionController,
    'embeddedWallet' | 'connectEmbedded' | 'preferredAccountType'
  >
  storage: AppKitStorage
  track: Track
  log(message: string, detail?: unknown): void
}

/** The instance's wiring (appkit.ts keeps only the lazy import in the first load). */
export function wireSocialLogin(deps: EmbeddedLoginWiring & { siwx?: SIWXConfig }): SocialLogin {
  const { connection, storage, siwx } = deps
  return createSocialLogin({
    store: deps.store,
    session: connection.embeddedWallet,
    network: () => deps.chain.getState().activeCaipNetwork,
    accountType: () => connection.preferredAccountType('eip155'),
    connectUser: connection.connectEmbedded,
    rememberConnected(provider, userName) {
      storage.setConnectedSocialProvider(provider)
      if (userName) storage.setConnectedSocialUsername(userName)
      else storage.removeConnectedSocialUsername()
    },
    rememberTelegram(provider) {
      if (telegramPlatform()) storage.setTelegramSocialProvider(provider)
    },
    ...signInHooks(siwx),
    track: deps.track,
    log: deps.log,
  })
}
