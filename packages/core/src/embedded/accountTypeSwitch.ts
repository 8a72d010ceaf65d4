// Switching the embedded wallet between its EOA and its smart account (README "Smart accounts"):
// the frame decides (it refuses where the network offers no smart account), the choice is
// stored (§3 preferred account types), and the provider's new address reaches the page as an
// accountsChanged. Loaded on the visitor's click only.

import { ErrorText, toUserMessage } from '../errors.ts'
import type { EmbeddedState, EmbeddedUserInfo } from './embeddedState.ts'
import type { EmbeddedSession } from './embeddedWallet.ts'

export interface AccountTypeSwitchContext {
  session(): Promise<EmbeddedSession>
  remember(type: 'eoa' | 'smartAccount'): void
  setUser(user: EmbeddedUserInfo): void
  current(): EmbeddedState['user']
  log(message: string, detail?: unknown): void
}

/** Resolves with the account now in use; rejects with the text to show */
export async function switchAccountType(
  ctx: AccountTypeSwitchContext,
  type: 'eoa' | 'smartAccount',
): Promise<string> {
  try {
    const session = await ctx.session()
    const { address } = await session.client.request('APP_SET_PREFERRED_ACCOUNT', { type })
    ctx.remember(type)
    const frameUser = (await session.client.request('APP_GET_USER', {})) as EmbeddedUserInfo
    const previous = ctx.current()
    const user: EmbeddedUserInfo = {
      ...frameUser,
      ...(previous?.authProvider && { authProvider: previous.authProvider }),
    }
    session.provider.setUser(user)
    ctx.setUser(user)
    return address
  } catch (error) {
    ctx.log('switching the account type failed', error)
    throw new Error(toUserMessage(error, ErrorText.somethingWentWrong))
  }
}
