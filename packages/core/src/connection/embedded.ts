// §4 The embedded (email and social) wallet: its frame, loaded on first use and ready within
// §9's 20 s (and reloaded when the visitor leaves a Farcaster sign-in); a login connects the
// user's account (EVM, and Solana when the app has it); after a reload the frame's session
// brings the user back.

import type { ChainNamespace } from '../caip.ts'
import { AUTH_CONNECTOR_ID, EMBEDDED_SOLANA_CONNECTOR_ID } from '../constants.ts'
import { createAccountTypeResolver } from '../embedded/accountTypes.ts'
import type { EmbeddedUserInfo, LoginProvider } from '../embedded/embeddedState.ts'
import type { EmbeddedSession, EmbeddedSessionOptions } from '../embedded/embeddedWallet.ts'
import { reloadFrame } from '../embedded/frameReload.ts'
import { ErrorText } from '../errors.ts'
import type { CaipNetwork } from '../networks.ts'
import type { Accounts } from './accounts.ts'
import type { ConnectionContext } from './context.ts'
import type { Engines } from './engines.ts'

/** Where embedded sessions come from: the frame host (embeddedWallet.ts), loaded on first use. */
export type EmbeddedSessions = () => Promise<{
  createEmbeddedSession(options: EmbeddedSessionOptions): EmbeddedSession
}>

const frameHost: EmbeddedSessions = () => import('../embedded/embeddedWallet.ts')

export function createEmbedded(
  ctx: ConnectionContext,
  accounts: Accounts,
  engines: Engines,
  sessions: EmbeddedSessions = frameHost,
) {
  const { networks, storage, toast, track, log } = ctx
  const { chain } = ctx.stores
  /** §3 The embedded wallet's account type: stored → option → 'eoa' */
  const preferredAccountType = createAccountTypeResolver({
    stored: storage.getPreferredAccountType,
    defaults: ctx.defaultAccountTypes,
  })
  let embeddedSession: Promise<EmbeddedSession> | undefined

  /** The embedded wallet's frame, loaded and ready (§9: at most 20 s), and its provider. */
  function embeddedWallet(): Promise<EmbeddedSession> {
    const active = chain.getState().activeCaipNetwork
    const network =
      active.chainNamespace === 'eip155'
        ? active
        : (networks.find((n) => n.chainNamespace === 'eip155') ?? active)
    embeddedSession ??= sessions().then(async (m) => {
      const session = m.createEmbeddedSession({
        frameUrl: ctx.frameUrl,
        projectId: ctx.projectId,
        sdkVersion: ctx.sdkVersion,
        network,
        networks,
        debug: ctx.debug,
        log,
        onApproval: (state) => (state === 'start' ? ctx.approval.start() : ctx.approval.end()),
        // §6 The caller gets 'Requested RPC call is not allowed'; the visitor sees this.
        onRefused: (method) => {
          log('embedded wallet refused a method', method)
          toast.showError(ErrorText.actionNotAllowed)
        },
        onTrouble: (trouble) => ctx.raise(trouble === 'request-timeout' ? 'APKT004' : 'APKT005'),
        ...(ctx.originRefused && { originRefused: ctx.originRefused() }),
      })
      try {
        await session.client.ready()
      } catch (error) {
        session.client.destroy()
        throw error
      }
      await syncFrame(session)
      return session
    })
    embeddedSession.catch((error) => {
      embeddedSession = undefined
      log('embedded wallet failed to load', error)
    })
    // A frame reloading is ready again (and has its data) before it is asked anything.
    const current = embeddedSession
    return reloading ? reloading.then(() => current) : current
  }

  /** §7 The frame shows the visitor who is asking, in the modal's colours. */
  async function syncFrame(session: EmbeddedSession) {
    const metadata = ctx.metadata && {
      name: ctx.metadata.name,
      description: ctx.metadata.description,
      url: ctx.metadata.url,
      icons: ctx.metadata.icons?.slice(0, 8),
    }
    await Promise.all([
      session.client.request('APP_SYNC_DAPP_DATA', {
        projectId: ctx.projectId,
        sdkVersion: ctx.sdkVersion,
        sdkType: ctx.sdkType,
        metadata,
      }),
      session.client.request('APP_SYNC_THEME', ctx.theme()),
    ]).catch((error) => log('the frame did not take the dapp data or theme', error))
  }

  let reloading: Promise<void> | undefined
  /**
   * §2 The auth connector reloads (going back from ConnectingFarcaster): the frame starts over
   * and gets the dapp data (and theme) again after 100 ms (frameReload.ts). Nothing to do when
   * the frame was never loaded.
   */
  function reload(): Promise<void> {
    const loaded = embeddedSession
    if (!loaded || reloading) return reloading ?? Promise.resolve()
    const done = loaded
      .then((session) => reloadFrame(session.client, () => syncFrame(session), log))
      .catch((error: unknown) => log('the wallet frame did not reload', error))
      .finally(() => {
        if (reloading === done) reloading = undefined
      })
    reloading = done
    return done
  }

  /** §4 Signed in with email: the user's account connects through the EVM adapter. */
  async function connectEmbedded(user: EmbeddedUserInfo) {
    const startedOn = chain.getState().activeCaipNetwork
    const namespace: ChainNamespace = 'eip155'
    accounts.setLoading(namespace, true)
    try {
      const engine = await engines.loadEngine(namespace)
      const active = chain.getState().activeCaipNetwork
      const snapshot = await engine.connect(
        AUTH_CONNECTOR_ID,
        active.chainNamespace === namespace ? active : undefined,
      )
      accounts.finishConnect(namespace, AUTH_CONNECTOR_ID, snapshot, { method: 'email' })
      const social = user.authProvider !== 'email' ? user.authProvider : undefined
      track('CONNECT_SUCCESS', {
        method: social ? 'social' : 'email',
        name: social ?? 'Email',
        address: user.address,
      })
    } finally {
      accounts.setLoading(namespace, false)
    }
    await connectSolanaAccount(user, startedOn)
  }

  /** The same profile's Solana account, as a second namespace (the EVM login stands alone if it fails). */
  async function connectSolanaAccount(user: EmbeddedUserInfo, startedOn: CaipNetwork) {
    if (!engines.adapterFor('solana')) return
    accounts.setLoading('solana', true)
    try {
      const [session, m] = await Promise.all([
        embeddedWallet(),
        import('../embedded/embeddedSolanaRegistration.ts'),
      ])
      const snapshot = await m.connectEmbeddedSolana({
        session,
        networks,
        user,
        engine: () => engines.loadEngine('solana'),
        network: startedOn,
      })
      if (!snapshot) return
      accounts.finishConnect('solana', EMBEDDED_SOLANA_CONNECTOR_ID, snapshot, {
        method: 'email',
        alongside: true,
      })
      // finishConnect activates what it connects: back to EVM unless the visitor was on Solana.
      if (startedOn.chainNamespace !== 'solana' && accounts.connections.has('eip155')) {
        accounts.activate('eip155')
      }
    } catch (error) {
      log('the embedded Solana account did not connect', error)
    } finally {
      accounts.setLoading('solana', false)
    }
  }

  /** §7 APP_SYNC_THEME after the modal's theme changed (only when the frame is loaded). */
  function syncFrameTheme() {
    void embeddedSession
      ?.then((session) => session.client.request('APP_SYNC_THEME', ctx.theme()))
      .catch((error) => log('theme sync failed', error))
  }

  /** The visitor left ApproveTransaction: the pending request is refused with `reason`. */
  function abortApproval(reason?: string) {
    void embeddedSession?.then((session) => session.provider.abort(reason)).catch(() => undefined)
  }

  /** Both namespaces reconnect at once after a reload: one restore serves them. */
  let restoring: Promise<boolean> | undefined
  function restoreUser(): Promise<boolean> {
    restoring ??= restoreUserOnce().finally(() => {
      restoring = undefined
    })
    return restoring
  }

  /** §4 After a reload the frame still holds the email session: the user comes back. */
  async function restoreUserOnce(): Promise<boolean> {
    const session = await embeddedWallet()
    const { isConnected } = await session.client.request('APP_IS_CONNECTED', {})
    if (!isConnected) return false
    const frameUser = (await session.client.request('APP_GET_USER', {})) as EmbeddedUserInfo
    // §3 The stored social provider, else the one the frame's user names (email without either).
    const stored = storage.getConnectedSocialProvider()
    const { socialProvider } = frameUser as { socialProvider?: LoginProvider }
    const user: EmbeddedUserInfo = {
      ...frameUser,
      preferredAccountType: frameUser.preferredAccountType ?? preferredAccountType('eip155'),
      authProvider: stored ?? socialProvider,
    }
    session.provider.setUser(user)
    ctx.stores.embedded.setState({ user })
    ;(await import('../embedded/embeddedSolanaRegistration.ts')).attachEmbeddedSolana(
      session,
      networks,
      user,
    )
    return true
  }

  function destroy() {
    void embeddedSession?.then((session) => session.client.destroy()).catch(() => undefined)
  }

  return {
    session: embeddedWallet,
    /** Whether the frame has been asked for (an adapter may restore its account) */
    started: () => embeddedSession !== undefined,
    connect: connectEmbedded,
    reload,
    restoreUser,
    preferredAccountType,
    syncFrameTheme,
    abortApproval,
    destroy,
  }
}

export type EmbeddedPart = ReturnType<typeof createEmbedded>
