// What a login through the frame's social step (a social provider's popup, Farcaster) shares:
// what the page sends with it (its network, account type and §4 sign-in), and the connection of
// the user the frame signs in, exactly alike for both.
import type { StoreApi } from 'zustand/vanilla'
import type { Track } from '../events.ts'
import type { CaipNetwork } from '../networks.ts'
import type { SIWXConfig, SIWXSession } from '../siwx/siwx.ts'
import type { SIWXMessageData } from '../siwx/siwxMessage.ts'
import { embeddedWalletSupports } from './embeddedNetworks.ts'
import type { EmbeddedState, EmbeddedUserInfo, LoginProvider } from './embeddedState.ts'
import type { EmbeddedSession } from './embeddedWallet.ts'

export interface SocialConnectContext {
  store: StoreApi<EmbeddedState>
  /** The network the visitor is on (the wallet starts there when it is EVM) */
  network(): CaipNetwork
  /** §3 stored → defaultAccountTypes → 'eoa' (always 'eoa': no smart accounts) */
  accountType(): 'eoa' | 'smartAccount'
  /** Hands the signed-in user to the EVM adapter as the auth connector's account */
  connectUser(user: EmbeddedUserInfo): Promise<void>
  /**
   * §4 With SIWX on: the sign-in message for `network` (no account yet), which the frame signs
   * in the login step; undefined when it cannot ride on the login.
   */
  signInTemplate?(
    network: CaipNetwork,
  ): Promise<Omit<SIWXMessageData, 'accountAddress'> | undefined>
  /** Stores the sign-in the frame signed with the login */
  addSignIn?(session: SIWXSession): Promise<void>
  track: Track
  log(message: string, detail?: unknown): void
}

/** The frame's user after the login, with the sign-in it may have signed */
type SignedInUser = Omit<EmbeddedUserInfo, 'authProvider'> & {
  siwxMessage?: unknown
  message?: string
  signature?: string
}

/** What the page sends with APP_CONNECT_SOCIAL and APP_CONNECT_FARCASTER */
export async function loginRequest(ctx: SocialConnectContext) {
  const network = ctx.network()
  const evm = network.chainNamespace === 'eip155' && embeddedWalletSupports(network)
  const preferredAccountType = ctx.accountType()
  const siwxMessage = evm ? await signInTemplateFor(ctx, network) : undefined
  return {
    preferredAccountType,
    ...(evm && { chainId: Number(network.id), rpcUrl: network.rpcUrls.default.http[0] }),
    ...(siwxMessage && { siwxMessage }),
  }
}

async function signInTemplateFor(ctx: SocialConnectContext, network: CaipNetwork) {
  try {
    return await ctx.signInTemplate?.(network)
  } catch (error) {
    ctx.log('the sign-in message could not be made; it is asked for after the login', error)
    return undefined
  }
}

/** The frame signed the visitor in as `user` with `provider`: the account connects. */
export async function connectSignedIn(
  ctx: SocialConnectContext,
  session: EmbeddedSession,
  user: SignedInUser,
  provider: LoginProvider,
  preferredAccountType: 'eoa' | 'smartAccount',
): Promise<void> {
  // Before the connection: the sign-in check that follows it finds the session.
  await addSignedIn(ctx, user)
  const info: EmbeddedUserInfo = {
    ...user,
    preferredAccountType: user.preferredAccountType ?? preferredAccountType,
    authProvider: provider,
  }
  session.provider.setUser(info)
  ctx.store.setState({ user: info })
  await ctx.connectUser(info)
}

async function addSignedIn(ctx: SocialConnectContext, user: SignedInUser) {
  const { siwxMessage, message, signature } = user
  if (!siwxMessage || !message || !signature || !ctx.addSignIn) return
  try {
    await ctx.addSignIn({ data: siwxMessage as SIWXMessageData, message, signature })
    ctx.track('SIWX_AUTH_SUCCESS', { network: (siwxMessage as SIWXMessageData).chainId })
  } catch (error) {
    ctx.log('the sign-in signed with the login was refused; it is asked for again', error)
  }
}

/** §4 The app's SIWX, as the login's sign-in step: none without `siwx` */
export function signInHooks(
  siwx: SIWXConfig | undefined,
): Pick<SocialConnectContext, 'signInTemplate' | 'addSignIn'> {
  if (!siwx) return {}
  return {
    async signInTemplate(network) {
      const template = await siwx.createMessage({
        accountAddress: '',
        chainId: network.caipNetworkId,
      })
      // The app's own text cannot be rebuilt by the frame: that sign-in is asked for after.
      if (template.serializedMessage) return undefined
      const { accountAddress: _none, ...rest } = template
      return rest
    },
    addSignIn: (session) => siwx.addSession(session),
  }
}
