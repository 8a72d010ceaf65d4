// One handler per app event (§7 "Embedded wallet"). Each answers FRAME_<X>_SUCCESS with the
// reply its schema promises, or FRAME_<X>_ERROR { message, code? }. The frame's state lives in
// the closure of createHandlers: one frame document, one state, nothing at module level.
import {
  AppEvents,
  type AppEventType,
  type AppMessage,
  type AppReply,
  type AppRequest,
  CHANNEL,
  classifyRpcMethod,
  errorType,
  LOGIN_PROVIDERS,
  MAX_MESSAGE_BYTES,
  REQUEST_ABORTED,
  RPC_NOT_ALLOWED,
  successType,
  USER_REJECTED,
} from '../protocol.ts'
import { ApiError, type AuthApi } from './api.ts'
import type { ApprovalUi } from './approval.ts'
import {
  type ChainId,
  DEVICE_POLL_MS,
  DEVICE_TIMEOUT_MS,
  evmChainId,
  type FrameConfig,
  HTTP_TIMEOUT_MS,
  parseHttpUrl,
  SIGN_OUT_TIMEOUT_MS,
} from './config.ts'
import { abortable, describeError, MAX_ERROR } from './describeError.ts'
import {
  DEVICE_NOT_APPROVED,
  DEVICE_TIMED_OUT,
  FARCASTER_NOT_IMPLEMENTED,
  FrameError,
  LOGIN_REPLACED,
  NO_DEVICE_PENDING,
  NO_EMAIL_CHANGE_PENDING,
  NO_LOGIN_PENDING,
  RESPONSE_TOO_LARGE,
  SMART_ACCOUNTS_UNAVAILABLE,
  SOCIAL_CONNECT_FAILED,
  SOCIAL_START_FAILED,
  SOMETHING_WENT_WRONG,
} from './errors.ts'
import { randomBase64Url } from './keys.ts'
import type { Logger } from './logger.ts'
import {
  INVALID_PARAMS,
  prepareSigning,
  SIGNING_METHODS,
  UNAUTHORIZED,
  WRONG_ACCOUNT,
} from './signer.ts'
import { signOutEverywhere } from './signOutEverywhere.ts'
import { createSocialBindings } from './socialBinding.ts'
import { signInRefusal, signSignIn } from './socialSignIn.ts'
import { prepareSolanaSigning, SOLANA_METHODS } from './solana.ts'
import { type KeyValueStore, storageKeys } from './storage.ts'
import { NotConnectedError, type WalletState } from './wallet.ts'

export interface Reply {
  channel: typeof CHANNEL
  type: string
  id: string
  payload: unknown
}

export interface Handled {
  reply: Reply
  /** Runs after the reply was posted (APP_RELOAD) */
  after?: () => void
}

export interface HandlerDeps {
  api: AuthApi
  wallet: WalletState
  store: KeyValueStore
  log: Logger
  config: FrameConfig
  approval: ApprovalUi
  applyTheme(theme: AppRequest<'APP_SYNC_THEME'>): void
  reload(): void
  /** For JSON-RPC reads; global fetch by default */
  fetch?: typeof fetch
  sleep?: (ms: number) => Promise<void>
  now?: () => number
}

export interface Handlers {
  handle(message: AppMessage, origin: string): Promise<Handled>
  /** Ends every pending RPC request with 'Request was aborted'; how many there were */
  abortAll(): number
  /** The chain the frame is on */
  chainId(): ChainId
}

interface Context {
  id: string
  origin: string
}

type Handler<T extends AppEventType> = (
  payload: AppRequest<T>,
  context: Context,
) => Promise<AppReply<T>>

interface PendingLogin {
  email: string
  challengeId: string
  action: 'VERIFY_OTP' | 'VERIFY_DEVICE'
}

const DEVICE_ID = /^[A-Za-z0-9_-]{22,64}$/
/** Safe methods the frame answers itself, or refuses as not implemented. */
const NOT_IMPLEMENTED_SAFE = new Set(['wallet_getCallsStatus', 'wallet_getAssets'])

const sameEmail = (a: string | null | undefined, b: string) =>
  (a ?? '').trim().toLowerCase() === b.trim().toLowerCase()

export function createHandlers(deps: HandlerDeps): Handlers {
  const { api, wallet, store, log, config, approval } = deps
  const doFetch = deps.fetch ?? ((input, init) => globalThis.fetch(input, init))
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)))
  const now = deps.now ?? Date.now

  let chainId: ChainId = config.chainId
  const rpcUrls = new Map<string, string>()
  if (config.rpcUrl) rpcUrls.set(String(config.chainId), config.rpcUrl)
  let pendingLogin: PendingLogin | null = null
  const socialBindings = createSocialBindings()
  let pendingChange: { challengeId: string; action: string } | null = null
  let dapp: { name?: string; icon?: string } = {}
  const pendingRpc = new Set<AbortController>()

  function deviceId(): string {
    const stored = store.get(storageKeys.deviceId)
    if (stored && DEVICE_ID.test(stored)) return stored
    const created = randomBase64Url(32)
    store.set(storageKeys.deviceId, created)
    return created
  }

  function abortAll(): number {
    const count = pendingRpc.size
    for (const controller of pendingRpc) controller.abort()
    pendingRpc.clear()
    return count
  }

  function patchUserLater(patch: { chainId?: ChainId; preferredAccountType?: 'eoa' }) {
    if (!wallet.token()) return
    wallet
      .withSession((token) => api.patchUser(token, patch))
      .then(wallet.setUser, (error: unknown) => log.warn('could not update the user', error))
  }

  async function jsonRpc(method: string, params: unknown, url: string, signal: AbortSignal) {
    if (params !== undefined && typeof params !== 'object') {
      throw new FrameError('Invalid params', INVALID_PARAMS)
    }
    let response: Response
    try {
      response = await doFetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: params ?? [] }),
        credentials: 'omit',
        signal: AbortSignal.any([signal, AbortSignal.timeout(HTTP_TIMEOUT_MS)]),
      })
    } catch {
      if (signal.aborted) throw new FrameError(REQUEST_ABORTED)
      throw new FrameError('Could not reach the RPC endpoint')
    }
    let body: unknown
    try {
      body = await response.json()
    } catch {
      throw new FrameError(`HTTP status code: ${response.status}`)
    }
    if (typeof body !== 'object' || body === null) throw new FrameError('Invalid RPC response')
    const { error, result } = body as { error?: unknown; result?: unknown }
    if (error !== undefined && error !== null) {
      const { message, code } = error as { message?: unknown; code?: unknown }
      throw new FrameError(
        typeof message === 'string' && message ? message.slice(0, MAX_ERROR) : 'RPC error',
        typeof code === 'number' ? code : undefined,
      )
    }
    if (!('result' in body)) throw new FrameError(`HTTP status code: ${response.status}`)
    return result
  }

  async function rpc(
    payload: AppRequest<'APP_RPC_REQUEST'>,
    context: Context,
    signal: AbortSignal,
  ): Promise<unknown> {
    const { method, params } = payload
    const chain = payload.chainId ?? chainId
    const rpcUrl = payload.rpcUrl ?? rpcUrls.get(String(chain))
    const kind = classifyRpcMethod(method)
    if (kind === 'forbidden') throw new FrameError(RPC_NOT_ALLOWED)
    const namespace = payload.chainNamespace ?? (SOLANA_METHODS.has(method) ? 'solana' : 'eip155')
    if (namespace === 'solana') {
      // Only the four signing methods: the frame reads nothing from Solana for the page.
      if (!SOLANA_METHODS.has(method)) throw new FrameError(RPC_NOT_ALLOWED)
      return solanaRpc(payload, context, signal)
    }
    if (SOLANA_METHODS.has(method)) {
      throw new FrameError(`${method} is a Solana method, not an ${namespace} one`, INVALID_PARAMS)
    }
    if (kind === 'unsafe' && !SIGNING_METHODS.has(method)) {
      throw new FrameError(`not implemented: ${method}`)
    }
    if (NOT_IMPLEMENTED_SAFE.has(method)) throw new FrameError(`not implemented: ${method}`)
    if (namespace !== 'eip155') throw new FrameError(`not implemented: ${namespace} requests`)
    const evmChain = evmChainId(chain)

    if (kind === 'safe') {
      if (method === 'eth_accounts') {
        if (!wallet.token()) return []
        const account = await wallet.unlock().catch(() => null)
        return account ? [account.address] : []
      }
      if (method === 'eth_chainId') {
        if (evmChain === undefined) throw new FrameError(`Chain ${chain} is not an EVM chain`)
        return `0x${evmChain.toString(16)}`
      }
      if (method === 'wallet_getCapabilities') {
        const account = await wallet.unlock()
        const requested = Array.isArray(params) ? params[0] : undefined
        if (typeof requested !== 'string') {
          throw new FrameError('An address is required', INVALID_PARAMS)
        }
        if (requested.toLowerCase() !== account.address.toLowerCase()) {
          throw new FrameError(WRONG_ACCOUNT, UNAUTHORIZED)
        }
        return {}
      }
      if (!rpcUrl) throw new FrameError(`No RPC URL for chain ${chain}`)
      return jsonRpc(method, params, rpcUrl, signal)
    }

    const account = await wallet.unlock()
    if (evmChain === undefined) throw new FrameError(`not implemented: signing on chain ${chain}`)
    const request = prepareSigning(method, params, {
      address: account.address,
      chainId: evmChain,
      rpcUrl,
    })
    await askVisitor(request, context, signal)
    if (wallet.account() !== account) throw new NotConnectedError()
    return request.run({ account, signal })
  }

  /** The approval card for a signing request; resolves only on the visitor's Approve. */
  async function askVisitor(
    request: {
      title: string
      action: string
      details: Parameters<typeof approval.request>[0]['details']
    },
    context: Context,
    signal: AbortSignal,
  ) {
    const approved = await approval.request(
      {
        title: request.title,
        action: request.action,
        origin: context.origin,
        dappName: dapp.name,
        dappIcon: dapp.icon,
        details: request.details,
      },
      signal,
    )
    if (!approved) throw new FrameError(USER_REJECTED, 4001)
  }

  /** solana_* requests: our Solana key, the same approval as EVM signing. */
  async function solanaRpc(
    payload: AppRequest<'APP_RPC_REQUEST'>,
    context: Context,
    signal: AbortSignal,
  ): Promise<unknown> {
    const account = await wallet.unlockSolana()
    const rpcUrl =
      payload.rpcUrl ??
      (payload.chainId === undefined ? undefined : rpcUrls.get(String(payload.chainId)))
    const request = prepareSolanaSigning(payload.method, payload.params, {
      address: account.address,
      chainId: payload.chainId,
      rpcUrl,
    })
    await askVisitor(request, context, signal)
    if (wallet.solanaAccount() !== account) throw new NotConnectedError()
    return request.run({
      account,
      signal,
      rpc: (method, params) => {
        if (!rpcUrl) throw new FrameError('No RPC URL for Solana')
        return jsonRpc(method, params, rpcUrl, signal)
      },
    })
  }

  /** The user as §3 describes it; `refresh` asks the server first (else the one in memory). */
  async function user(refresh = true): Promise<AppReply<'APP_GET_USER'>> {
    const account = await wallet.unlock()
    let current = wallet.user()
    if (refresh || !current) {
      try {
        current = await wallet.refreshUser()
      } catch (error) {
        if (error instanceof NotConnectedError || !current) throw error
        log.warn('could not refresh the user; answering from memory', error)
      }
    }
    // The Solana key is not worth failing the user over: the EVM wallet works without it.
    const solana = await wallet.unlockSolana().catch((error: unknown) => {
      if (error instanceof NotConnectedError) throw error
      return null
    })
    const provider = LOGIN_PROVIDERS.find((p) => p === current?.socialProvider)
    return {
      email: current?.email ?? null,
      address: account.address,
      chainId,
      accounts: [
        { address: account.address, type: 'EOA', namespace: 'eip155' },
        ...(solana
          ? [{ address: solana.address, type: 'EOA' as const, namespace: 'solana' as const }]
          : []),
      ],
      userName: current?.userName ?? null,
      preferredAccountType: 'eoa',
      smartAccountDeployed: false,
      ...(solana && { solanaAddress: solana.address }),
      ...(provider && { socialProvider: provider }),
    }
  }

  const notFarcaster = async (): Promise<never> => {
    throw new FrameError(FARCASTER_NOT_IMPLEMENTED)
  }

  const handlers: { [T in AppEventType]: Handler<T> } = {
    async APP_SWITCH_NETWORK({ chainId: next, rpcUrl }) {
      chainId = next
      if (rpcUrl) rpcUrls.set(String(next), rpcUrl)
      patchUserLater({ chainId: next })
      return { chainId: next }
    },

    async APP_CONNECT_EMAIL({ email }) {
      if (wallet.token()) {
        try {
          const current = await wallet.refreshUser()
          if (sameEmail(current.email, email)) {
            await wallet.unlock()
            pendingLogin = null
            return { action: 'CONNECT' }
          }
        } catch (error) {
          log.info('the stored session is not usable; signing in again', error)
        }
      }
      const answer = await api.connectEmail({ email, deviceId: deviceId() })
      pendingLogin = { email, challengeId: answer.challengeId, action: answer.action }
      return { action: answer.action }
    },

    async APP_CONNECT_DEVICE() {
      const login = pendingLogin
      if (login?.action !== 'VERIFY_DEVICE') throw new FrameError(NO_DEVICE_PENDING)
      const deadline = now() + DEVICE_TIMEOUT_MS
      for (;;) {
        if (pendingLogin !== login) throw new FrameError(LOGIN_REPLACED)
        try {
          const { approved } = await api.pollDevice(login.challengeId)
          if (approved) {
            login.action = 'VERIFY_OTP'
            return {}
          }
        } catch (error) {
          const final =
            error instanceof ApiError &&
            error.status >= 400 &&
            error.status < 500 &&
            error.status !== 429
          if (final) {
            if (pendingLogin === login) pendingLogin = null
            throw error
          }
          log.warn('device approval poll failed; trying again', error)
        }
        if (now() + DEVICE_POLL_MS > deadline) throw new FrameError(DEVICE_TIMED_OUT)
        await sleep(DEVICE_POLL_MS)
      }
    },

    async APP_CONNECT_OTP({ otp }) {
      const login = pendingLogin
      if (!login) throw new FrameError(NO_LOGIN_PENDING)
      if (login.action !== 'VERIFY_OTP') throw new FrameError(DEVICE_NOT_APPROVED)
      const { token, user: signedIn } = await api.verifyOtp({ challengeId: login.challengeId, otp })
      if (pendingLogin === login) pendingLogin = null
      await wallet.login(token, signedIn)
      log.info('signed in')
      return {}
    },

    // The host opens `uri` in a popup; the provider sends the visitor back to the host page
    // (redirectUri), which hands that URL to APP_CONNECT_SOCIAL.
    async APP_GET_SOCIAL_REDIRECT_URI({ provider }, { origin }) {
      let uri: string | undefined
      const { codeVerifier, codeChallenge } = await socialBindings.create()
      try {
        const redirectUri = `${origin}/`
        const started = await api.socialStart({ provider, redirectUri, codeChallenge })
        uri = parseHttpUrl(started.uri)
      } catch (error) {
        log.warn(`could not start the ${provider} login`, error)
      }
      if (!uri) throw new FrameError(SOCIAL_START_FAILED)
      socialBindings.keep(uri, codeVerifier)
      return { uri }
    },

    async APP_CONNECT_SOCIAL({ uri, chainId: next, rpcUrl, siwxMessage }, { origin }) {
      // The popup came back to the host page: anything else is not our redirect.
      let back: URL | undefined
      try {
        back = new URL(uri)
      } catch {
        back = undefined
      }
      if (back?.origin !== origin) throw new FrameError(SOCIAL_CONNECT_FAILED)
      // Only a login this frame started can finish here.
      const codeVerifier = socialBindings.take(uri)
      if (!codeVerifier) throw new FrameError(SOCIAL_CONNECT_FAILED)
      const { token, user: signedIn } = await api.socialConnect({ uri, codeVerifier })
      pendingLogin = null
      await wallet.login(token, signedIn)
      log.info(`signed in with ${signedIn.socialProvider ?? 'a social provider'}`)
      // The network the page is on, as APP_SWITCH_NETWORK would set it.
      if (next !== undefined) {
        chainId = next
        patchUserLater({ chainId: next })
      }
      if (rpcUrl) rpcUrls.set(String(chainId), rpcUrl)
      const current = await user(false)
      if (!siwxMessage) return current
      // §4 The sign-in rides on the login: refused, the page asks for it the usual way.
      const refusal = signInRefusal(siwxMessage, origin)
      const account = wallet.account()
      if (refusal || !account) {
        log.warn(`the sign-in was not signed with the login: ${refusal ?? 'no account'}`)
        return current
      }
      return { ...current, ...(await signSignIn(siwxMessage, account)) }
    },

    async APP_CONNECT_TELEGRAM({ initData, chainId: next, rpcUrl }) {
      const { token, user: signedIn } = await api.telegramConnect({ initData }).catch((error) => {
        log.warn('the Telegram login was refused', error)
        throw new FrameError(SOCIAL_CONNECT_FAILED)
      })
      pendingLogin = null
      await wallet.login(token, signedIn)
      log.info('signed in with Telegram')
      if (next !== undefined) {
        chainId = next
        patchUserLater({ chainId: next })
      }
      if (rpcUrl) rpcUrls.set(String(chainId), rpcUrl)
      return user(false)
    },

    APP_GET_FARCASTER_URI: notFarcaster,
    APP_CONNECT_FARCASTER: notFarcaster,

    APP_GET_USER: () => user(),

    async APP_SIGN_OUT() {
      abortAll()
      const token = wallet.token()
      wallet.clear()
      pendingLogin = null
      pendingChange = null
      if (token) {
        await api
          .signOut(token, SIGN_OUT_TIMEOUT_MS)
          .catch((error: unknown) => log.warn('the server did not end the session', error))
      }
      log.info('signed out')
      return {}
    },

    async APP_SIGN_OUT_EVERYWHERE() {
      await signOutEverywhere({ api, wallet, store, log, projectId: config.projectId })
      abortAll()
      pendingLogin = null
      pendingChange = null
      return {}
    },

    // The host may pass back a token; the frame ignores it. No reply of the protocol hands a
    // token to the host, so there is nothing for it to match, and requiring one here would
    // protect nothing: APP_GET_USER and APP_RPC_REQUEST, which matter more, take none. What
    // decides is the frame's own session (its storage, which browsers partition per top-level
    // site) and whether the wallet key loads.
    async APP_IS_CONNECTED() {
      if (!wallet.token()) return { isConnected: false }
      try {
        await wallet.refreshUser()
        await wallet.unlock()
        return { isConnected: true }
      } catch (error) {
        log.info('not connected', error)
        return { isConnected: false }
      }
    },

    async APP_GET_CHAIN_ID() {
      return { chainId }
    },

    async APP_GET_SMART_ACCOUNT_ENABLED_NETWORKS() {
      return { smartAccountEnabledNetworks: [] }
    },

    async APP_INIT_SMART_ACCOUNT() {
      throw new FrameError(SMART_ACCOUNTS_UNAVAILABLE)
    },

    async APP_SET_PREFERRED_ACCOUNT({ type }) {
      if (type !== 'eoa') throw new FrameError(SMART_ACCOUNTS_UNAVAILABLE)
      const account = await wallet.unlock()
      patchUserLater({ preferredAccountType: 'eoa' })
      return { type: 'eoa', address: account.address }
    },

    async APP_RPC_REQUEST(payload, context) {
      const controller = new AbortController()
      pendingRpc.add(controller)
      try {
        const result = await abortable(rpc(payload, context, controller.signal), controller.signal)
        return { result }
      } finally {
        pendingRpc.delete(controller)
      }
    },

    async APP_UPDATE_EMAIL({ email }) {
      const answer = await wallet.withSession((token) => api.changeEmail(token, email))
      pendingChange = answer
      return { action: answer.action }
    },

    async APP_UPDATE_EMAIL_PRIMARY_OTP({ otp }) {
      const change = pendingChange
      if (change?.action !== 'VERIFY_PRIMARY_OTP') {
        throw new FrameError(NO_EMAIL_CHANGE_PENDING)
      }
      const answer = await wallet.withSession((token) =>
        api.changeEmailPrimary(token, { challengeId: change.challengeId, otp }),
      )
      pendingChange = answer
      return { action: answer.action }
    },

    async APP_UPDATE_EMAIL_SECONDARY_OTP({ otp }) {
      const change = pendingChange
      if (change?.action !== 'VERIFY_SECONDARY_OTP') {
        throw new FrameError(NO_EMAIL_CHANGE_PENDING)
      }
      const updated = await wallet.withSession((token) =>
        api.changeEmailSecondary(token, { challengeId: change.challengeId, otp }),
      )
      pendingChange = null
      wallet.setUser(updated)
      if (!updated.email) throw new FrameError(SOMETHING_WENT_WRONG)
      return { email: updated.email }
    },

    async APP_SYNC_THEME(theme) {
      deps.applyTheme(theme)
      return {}
    },

    async APP_SYNC_DAPP_DATA({ projectId, metadata }) {
      if (projectId && projectId !== config.projectId) {
        log.warn(`the page names project ${projectId}, the frame serves ${config.projectId}`)
      }
      dapp = {
        ...(metadata?.name && { name: metadata.name }),
        ...(metadata?.icons?.[0] && { icon: metadata.icons[0] }),
      }
      return {}
    },

    async APP_RELOAD() {
      return {}
    },

    async APP_RPC_ABORT() {
      const count = abortAll()
      log.info(`aborted ${count} pending request(s)`)
      return {}
    },
  }

  function errorReply(type: AppEventType, id: string, error: unknown): Reply {
    const { message, code } = describeError(error, log)
    return {
      channel: CHANNEL,
      type: errorType(type),
      id,
      payload: { message, ...(code !== undefined && { code }) },
    }
  }

  async function handle(message: AppMessage, origin: string): Promise<Handled> {
    const { type, id } = message
    const run = handlers[type] as (payload: unknown, context: Context) => Promise<unknown>
    let payload: unknown
    try {
      payload = await run(message.payload, { id, origin })
    } catch (error) {
      return { reply: errorReply(type, id, error) }
    }
    const checked = AppEvents[type].reply.safeParse(payload)
    if (!checked.success) {
      log.error(`the reply to ${type} does not fit its schema`)
      return { reply: errorReply(type, id, new FrameError(SOMETHING_WENT_WRONG)) }
    }
    const reply: Reply = { channel: CHANNEL, type: successType(type), id, payload: checked.data }
    let size = Number.POSITIVE_INFINITY
    try {
      size = JSON.stringify(reply).length
    } catch {
      // not serialisable: too large by definition
    }
    if (size > MAX_MESSAGE_BYTES) {
      return { reply: errorReply(type, id, new FrameError(RESPONSE_TOO_LARGE)) }
    }
    return type === 'APP_RELOAD' ? { reply, after: () => deps.reload() } : { reply }
  }

  return { handle, abortAll, chainId: () => chainId }
}
