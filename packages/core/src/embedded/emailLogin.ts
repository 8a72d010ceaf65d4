import type { StoreApi } from 'zustand/vanilla'
import type { SetupAlertCode } from '../errors.ts'
import { ErrorText, toUserMessage } from '../errors.ts'
import type { Track } from '../events.ts'
import type { CaipNetwork } from '../networks.ts'
import { isValidEmail } from './email.ts'
import { embeddedWalletSupports } from './embeddedNetworks.ts'
import {
  type EmbeddedState,
  type EmbeddedUserInfo,
  emailCooldownSeconds,
  initialEmbeddedState,
} from './embeddedState.ts'
import type { EmbeddedSession } from './embeddedWallet.ts'

export interface EmailLoginContext {
  store: StoreApi<EmbeddedState>
  /** The frame and its provider; rejects when the frame cannot load */
  session(): Promise<EmbeddedSession>
  /** The network the visitor is on (the wallet starts there when it is EVM) */
  network(): CaipNetwork
  /** Hands the signed-in user to the EVM adapter as the auth connector's account */
  connectUser(user: EmbeddedUserInfo): Promise<void>
  /** §3 stored → defaultAccountTypes → 'eoa' (always 'eoa': no smart accounts) */
  accountType?(): 'eoa' | 'smartAccount'
  raise?(code: SetupAlertCode): void
  /** §5 Email changed: the visitor is told, and the modal goes back to Account */
  onEmailUpdated(email: string): void
  track: Track
  log(message: string, detail?: unknown): void
  now(): number
}

/** The frame's own wording for what it does not explain. */
const messageOf = (error: unknown) => toUserMessage(error, ErrorText.somethingWentWrong)

/**
 * §4 Email login and email change, driven through the frame: the modal only ever holds the
 * visitor's email and the frame's answers; codes go straight to the frame.
 */
export function createEmailLogin(ctx: EmailLoginContext) {
  const { store } = ctx
  const setLogin = (login: Partial<EmbeddedState['login']>) =>
    store.setState({ login: { ...store.getState().login, ...login } })
  const setUpdate = (update: Partial<EmbeddedState['update']>) =>
    store.setState({ update: { ...store.getState().update, ...update } })

  /**
   * Each email submitted is an attempt; "Use another email" starts a new one, and the old
   * attempt's late answers (a device approved after all) must not move the new one's steps.
   */
  let attempt = 0
  const forThisAttempt = (mine: number) => (login: Partial<EmbeddedState['login']>) => {
    if (mine === attempt) setLogin(login)
  }

  async function loadSession(): Promise<EmbeddedSession> {
    try {
      const session = await ctx.session()
      await session.client.ready()
      return session
    } catch (error) {
      ctx.log('the embedded wallet frame did not load', error)
      throw new Error(ErrorText.emailLoginDependencyFailed)
    }
  }

  /** The user as the frame knows it, on the modal's network when that is EVM. */
  async function finish(session: EmbeddedSession) {
    setLogin({ step: 'connecting' })
    const network = ctx.network()
    if (network.chainNamespace === 'eip155' && embeddedWalletSupports(network)) {
      await session.client.request('APP_SWITCH_NETWORK', {
        chainId: Number(network.id),
        rpcUrl: network.rpcUrls.default.http[0],
      })
    }
    if (ctx.accountType?.() === 'smartAccount') {
      // Where the chain offers none, the frame refuses and the EOA stays: not a failed login.
      await session.client
        .request('APP_SET_PREFERRED_ACCOUNT', { type: 'smartAccount' })
        .catch((error: unknown) => ctx.log('no smart account on this network', error))
    }
    const user = (await session.client.request('APP_GET_USER', {})) as EmbeddedUserInfo
    session.provider.setUser(user)
    store.setState({ user })
    await ctx.connectUser(user)
    setLogin({ step: 'email', busy: false, error: undefined })
  }

  /**
   * Issue 30: the frame's own card takes the visitor's click and signs in with a passkey (the
   * modal lays the frame over its slot meanwhile); the rest is an email login's end.
   */
  async function connectPasskey(signal?: AbortSignal) {
    const session = await loadSession()
    try {
      await session.client.request('APP_CONNECT_PASSKEY', {}, signal ? { signal } : {})
      await finish(session)
    } catch (error) {
      setLogin({ step: 'email', busy: false })
      throw error
    }
  }

  async function run(
    step: () => Promise<void>,
    onError: (problem: { busy: boolean; error: string }) => void = setLogin,
  ) {
    try {
      await step()
    } catch (error) {
      ctx.log('email login step failed', error)
      ctx.track('CONNECT_ERROR', { message: messageOf(error) })
      onError({ busy: false, error: messageOf(error) })
    }
  }

  /** §5 Email validated; §4 30 s between logins; then the frame says what comes next. */
  async function submitEmail(raw: string) {
    const email = raw.trim()
    if (!isValidEmail(email)) {
      ctx.raise?.('APKTW002')
      setLogin({ error: ErrorText.invalidEmail })
      return
    }
    const wait = emailCooldownSeconds(store.getState().lastLoginAt, ctx.now())
    if (wait > 0) {
      setLogin({ error: ErrorText.tryAgainAfter(wait) })
      return
    }
    const set = forThisAttempt(++attempt)
    set({ email, busy: true, error: undefined })
    // Never the address itself: analytics knows a visitor by the connected account only.
    ctx.track('EMAIL_SUBMITTED')
    await run(async () => {
      const session = await loadSession()
      const { action } = await session.client.request('APP_CONNECT_EMAIL', { email })
      store.setState({ lastLoginAt: ctx.now() })
      if (action === 'CONNECT') return finish(session)
      if (action !== 'VERIFY_OTP') {
        set({ step: 'device', busy: false })
        await session.client.request('APP_CONNECT_DEVICE', {})
      }
      ctx.track('EMAIL_VERIFICATION_CODE_SENT')
      set({ step: 'otp', busy: false })
    }, set)
  }

  async function submitOtp(otp: string) {
    const code = otp.trim()
    if (!/^[0-9]{4,10}$/.test(code)) {
      setLogin({ error: ErrorText.invalidOtp })
      return
    }
    setLogin({ busy: true, error: undefined })
    await run(async () => {
      const session = await loadSession()
      try {
        await session.client.request('APP_CONNECT_OTP', { otp: code })
      } catch (error) {
        ctx.track('EMAIL_VERIFICATION_CODE_FAIL', { message: messageOf(error) })
        throw error
      }
      ctx.track('EMAIL_VERIFICATION_CODE_PASS')
      await finish(session)
    })
  }

  /** Back to the email field (a new address, or after an error); a pending step is dropped. */
  function restart() {
    attempt++
    store.setState({ login: initialEmbeddedState().login })
  }

  /** §5 UpdateEmailWallet: the new address, then a code to the current one, then to the new one. */
  async function submitNewEmail(raw: string) {
    const email = raw.trim()
    if (!isValidEmail(email)) {
      ctx.raise?.('APKTW002')
      setUpdate({ error: ErrorText.invalidEmail })
      return
    }
    setUpdate({ email, busy: true, error: undefined })
    await run(async () => {
      const session = await loadSession()
      const { action } = await session.client.request('APP_UPDATE_EMAIL', { email })
      setUpdate({ step: action, busy: false })
    }, setUpdate)
  }

  async function submitUpdateOtp(otp: string) {
    const code = otp.trim()
    const { step } = store.getState().update
    if (!/^[0-9]{4,10}$/.test(code)) {
      setUpdate({ error: ErrorText.invalidOtp })
      return
    }
    setUpdate({ busy: true, error: undefined })
    await run(async () => {
      const session = await loadSession()
      if (step === 'VERIFY_PRIMARY_OTP') {
        const { action } = await session.client.request('APP_UPDATE_EMAIL_PRIMARY_OTP', {
          otp: code,
        })
        setUpdate({ step: action, busy: false })
        return
      }
      const { email } = await session.client.request('APP_UPDATE_EMAIL_SECONDARY_OTP', {
        otp: code,
      })
      const user = store.getState().user
      store.setState({
        user: user && { ...user, email },
        update: { ...initialEmbeddedState().update },
      })
      ctx.onEmailUpdated(email)
    }, setUpdate)
  }

  function restartUpdate() {
    store.setState({ update: initialEmbeddedState().update })
  }

  return {
    submitEmail,
    submitOtp,
    restart,
    submitNewEmail,
    submitUpdateOtp,
    restartUpdate,
    connectPasskey,
  }
}

export type EmailLogin = ReturnType<typeof createEmailLogin>
