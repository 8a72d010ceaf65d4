import type { StoreApi } from 'zustand/vanilla'
import { ErrorText, toUserMessage } from '../errors.ts'
import type { Track } from '../events.ts'
import type { CaipNetwork } from '../networks.ts'
import { embeddedWalletSupports } from './embeddedNetworks.ts'
import type { EmbeddedState, EmbeddedUserInfo } from './embeddedState.ts'
import type { EmbeddedSession } from './embeddedWallet.ts'
import type { EmbeddedLoginWiring } from './socialLogin.ts'

export interface TelegramLoginContext {
  store: StoreApi<EmbeddedState>
  session(): Promise<EmbeddedSession>
  network(): CaipNetwork
  accountType(): 'eoa' | 'smartAccount'
  /** The Mini App's initData; undefined outside Telegram */
  initData(): string | undefined
  connectUser(user: EmbeddedUserInfo): Promise<void>
  /** §3 "connected social provider and username": Telegram is the frame's word, not stored */
  rememberConnected(userName: string | undefined): void
  track: Track
  log(message: string, detail?: unknown): void
}

/**
 * §1 Telegram login: inside a Telegram Mini App the initData Telegram gave the page signs the
 * visitor in through the frame (APP_CONNECT_TELEGRAM); the services check it against the
 * project's bot. No popup: the visitor is already signed in to Telegram.
 */
export function createTelegramLogin(ctx: TelegramLoginContext) {
  const { store } = ctx
  const set = (social: Partial<EmbeddedState['social']>) =>
    store.setState({ social: { ...store.getState().social, ...social } })
  let running: Promise<void> | undefined

  function fail(message: string, error?: unknown) {
    if (error !== undefined) ctx.log('telegram login failed', error)
    ctx.track('CONNECT_ERROR', { message, provider: 'telegram' })
    set({ busy: false, step: undefined, error: message })
  }

  async function run() {
    set({ provider: 'telegram', busy: true, step: 'connecting', error: undefined })
    const initData = ctx.initData()
    if (!initData) return fail(ErrorText.failedToInitiateSocialConnection)
    try {
      const session = await ctx.session()
      const network = ctx.network()
      const evm = network.chainNamespace === 'eip155' && embeddedWalletSupports(network)
      const preferredAccountType = ctx.accountType()
      const user = await session.client.request('APP_CONNECT_TELEGRAM', {
        initData,
        preferredAccountType,
        ...(evm && { chainId: Number(network.id), rpcUrl: network.rpcUrls.default.http[0] }),
      })
      const info: EmbeddedUserInfo = {
        ...user,
        preferredAccountType: user.preferredAccountType ?? preferredAccountType,
        authProvider: 'telegram',
      }
      session.provider.setUser(info)
      store.setState({ user: info })
      await ctx.connectUser(info)
      ctx.rememberConnected(user.userName ?? undefined)
      ctx.track('SOCIAL_LOGIN_SUCCESS', { provider: 'telegram' })
      set({ busy: false, step: undefined, provider: undefined, error: undefined })
    } catch (error) {
      fail(toUserMessage(error, ErrorText.failedToConnect), error)
    }
  }

  /** One login at a time: a second click while it runs waits for the same one. */
  function connect(): Promise<void> {
    running ??= run().finally(() => {
      running = undefined
    })
    return running
  }

  return { connect }
}

export type TelegramLogin = ReturnType<typeof createTelegramLogin>

/** The instance's wiring (appkit.ts keeps only the lazy import in the first load). */
export function wireTelegramLogin(
  deps: EmbeddedLoginWiring & { initData(): string | undefined },
): TelegramLogin {
  const { connection, storage } = deps
  return createTelegramLogin({
    store: deps.store,
    session: connection.embeddedWallet,
    network: () => deps.chain.getState().activeCaipNetwork,
    accountType: () => connection.preferredAccountType('eip155'),
    initData: deps.initData,
    connectUser: connection.connectEmbedded,
    rememberConnected(userName) {
      // A provider stored from an earlier login must not name this one after a reload.
      storage.removeConnectedSocialProvider()
      if (userName) storage.setConnectedSocialUsername(userName)
      else storage.removeConnectedSocialUsername()
    },
    track: deps.track,
    log: deps.log,
  })
}
