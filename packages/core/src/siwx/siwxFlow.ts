import type { StoreApi } from 'zustand/vanilla'
import type { AccountState, ChainState } from '../appkitState.ts'
import type { CaipNetworkId, ChainNamespace } from '../caip.ts'
import type { AdapterEngine } from '../connection/adapter.ts'
import { isValidEmail } from '../embedded/email.ts'
import { ErrorText, toUserMessage } from '../errors.ts'
import type { Track } from '../events.ts'
import type { CaipNetwork } from '../networks.ts'
import type { RouterController } from '../router/routerController.ts'
import type { ToastController } from '../router/toast.ts'
import type { KeyValueStorage } from '../storage/storageKeys.ts'
import type { SIWXConfig, SIWXState } from './siwx.ts'
import { SIWX_NAMESPACES, siwxMessageText } from './siwxMessage.ts'

/** §4 "records the last connected network": the last network the visitor signed in on */
export const SIWX_LAST_NETWORK_KEY = '@latchkey/siwx_last_network'
/** §4 DataCapture: the accounts (CAIP-10) whose email was given, so it is asked once */
export const DATA_CAPTURED_KEY = '@latchkey/data_captured'

export interface SIWXFlowContext {
  siwx: SIWXConfig
  stores: {
    account: StoreApi<AccountState>
    chain: StoreApi<ChainState>
    siwx: StoreApi<SIWXState>
  }
  router: RouterController
  storage?: KeyValueStorage
  loadEngine(namespace: ChainNamespace): Promise<AdapterEngine>
  open(view: 'SIWXSignMessage' | 'DataCapture'): void
  /** §7 remote feature emailCapture */
  emailCapture(): boolean
  /** Stores the visitor's email on the server against the project and the account */
  saveEmail(email: string, caipAddress: string): Promise<void>
  close(): void
  disconnect(): Promise<void>
  switchNetwork(network: CaipNetwork): Promise<void>
  toast: ToastController
  track: Track
  log(message: string, detail?: unknown): void
}

/** §4 Sign-In (SIWX): the prompt after connecting, signing, cancel, and the rules around them. */
export function createSIWXFlow(ctx: SIWXFlowContext) {
  const { siwx } = ctx
  const { account, chain } = ctx.stores
  let checking = 0
  /** Accounts whose email was given here: asked once even when storage keeps nothing (§3) */
  const capturedHere = new Set<string>()

  const lastNetwork = () => {
    try {
      return ctx.storage?.getItem(SIWX_LAST_NETWORK_KEY) ?? undefined
    } catch {
      return undefined
    }
  }
  const recordNetwork = (id: CaipNetworkId) => {
    try {
      ctx.storage?.setItem(SIWX_LAST_NETWORK_KEY, id)
    } catch {
      // §3 storage failures are ignored
    }
  }

  /** The account and network to sign in with; §8 texts when something is missing. */
  function target() {
    const { address, caipAddress, namespace } = account.getState()
    if (!address || !caipAddress || !namespace) throw new Error(ErrorText.noActiveCaipAddress)
    const { activeCaipNetwork, unsupported } = chain.getState()
    if (unsupported || activeCaipNetwork.chainNamespace !== namespace) {
      throw new Error(ErrorText.noActiveCaipNetworkOrClient)
    }
    return { address, namespace, network: activeCaipNetwork }
  }

  /**
   * After connecting, and after each change of account or network (§4). Resolves true when the
   * account already has a session on the network.
   */
  async function check(): Promise<boolean | undefined> {
    const run = ++checking
    const { status, namespace } = account.getState()
    if (status !== 'connected' || chain.getState().unsupported) return
    // Only accounts whose sign-in message we can write (siwxMessage.ts) are asked.
    if (!namespace || !(SIWX_NAMESPACES as readonly string[]).includes(namespace)) return
    const { address, network } = target()
    // §4 emailCapture on: DataCapture opens first, before the session check (closing allowed).
    const { caipAddress } = account.getState()
    if (ctx.emailCapture() && caipAddress && !isCaptured(caipAddress)) {
      ctx.stores.siwx.setState({ blocking: false })
      ctx.open('DataCapture')
      return
    }
    let sessions: unknown[]
    try {
      sessions = await siwx.getSessions(network.caipNetworkId, address)
    } catch (error) {
      if (run !== checking) return
      // §4 Init failure: track, disconnect, back to Connect, and say so.
      ctx.log('SIWX sessions failed to load', error)
      ctx.track('SIWX_AUTH_ERROR', { message: (error as Error)?.message })
      ctx.stores.siwx.setState({ blocking: false })
      await ctx.disconnect()
      ctx.router.reset('Connect')
      ctx.toast.showError(ErrorText.siwxInitFailed)
      return
    }
    if (run !== checking) return
    if (sessions.length > 0) {
      ctx.stores.siwx.setState({ blocking: false })
      recordNetwork(network.caipNetworkId)
      return true
    }
    ctx.stores.siwx.setState({ blocking: Boolean(siwx.required) })
    ctx.open('SIWXSignMessage')
    return false
  }

  function captured(): string[] {
    try {
      const list: unknown = JSON.parse(ctx.storage?.getItem(DATA_CAPTURED_KEY) ?? '[]')
      return Array.isArray(list) ? list.filter((v): v is string => typeof v === 'string') : []
    } catch {
      return []
    }
  }
  const isCaptured = (caipAddress: string) =>
    capturedHere.has(caipAddress) || captured().includes(caipAddress)

  /** §4 DataCapture: the visitor's email, validated, stored; then the sign-in. */
  async function captureEmail(email: string): Promise<string | undefined> {
    const { caipAddress } = account.getState()
    if (!caipAddress) return ErrorText.noActiveCaipAddress
    if (!isValidEmail(email)) return ErrorText.invalidEmail
    try {
      await ctx.saveEmail(email.trim(), caipAddress)
    } catch (error) {
      return toUserMessage(error)
    }
    capturedHere.add(caipAddress)
    try {
      ctx.storage?.setItem(DATA_CAPTURED_KEY, JSON.stringify([...captured(), caipAddress]))
    } catch {
      // §3 storage failures are ignored
    }
    // The sign-in follows, unless the account already has a session: then the modal is done.
    if (await check()) ctx.close()
    return undefined
  }

  async function signIn(): Promise<boolean> {
    ctx.stores.siwx.setState({ signing: true })
    try {
      const { address, namespace, network } = target()
      const engine = await ctx.loadEngine(namespace).catch(() => {
        throw new Error(ErrorText.noConnectionControllerClient)
      })
      const data = await siwx.createMessage({
        accountAddress: address,
        chainId: network.caipNetworkId,
      })
      const message = siwxMessageText(data)
      const signature = await engine.signMessage(message)
      await siwx.addSession({ data, message, signature })
      recordNetwork(network.caipNetworkId)
      ctx.stores.siwx.setState({ blocking: false })
      ctx.close()
      ctx.track('SIWX_AUTH_SUCCESS', { network: network.caipNetworkId })
      return true
    } catch (error) {
      ctx.log('SIWX sign-in failed', error)
      ctx.open('SIWXSignMessage')
      ctx.toast.showError(ErrorText.errorSigningMessage)
      ctx.track('SIWX_AUTH_ERROR', { message: (error as Error)?.message })
      return false
    } finally {
      ctx.stores.siwx.setState({ signing: false })
    }
  }

  /** §4 CLICK_CANCEL_SIWX: required → back to the last network with a session, else disconnect. */
  async function cancel() {
    ctx.track('CLICK_CANCEL_SIWX')
    if (!siwx.required) {
      ctx.close()
      return
    }
    const last = lastNetwork()
    const network = chain.getState().networks.find((n) => n.caipNetworkId === last)
    const current = chain.getState().activeCaipNetwork.caipNetworkId
    ctx.stores.siwx.setState({ blocking: false })
    if (network && network.caipNetworkId !== current) {
      ctx.close()
      await ctx.switchNetwork(network)
      return
    }
    await ctx.disconnect()
    ctx.close()
  }

  return { check, signIn, cancel, captureEmail }
}

export type SIWXFlow = ReturnType<typeof createSIWXFlow>
