// Sign out everywhere (issue 18 #9): the frame ends every session of the embedded-wallet user on
// the server (rotating the wrapping key first), then this page disconnects as Disconnect does.
// Loaded on the visitor's click only.

import { ErrorText, toUserMessage } from '../errors.ts'
import type { EmbeddedSession } from './embeddedWallet.ts'

export interface SignOutEverywhereContext {
  /** The frame and its provider; rejects when the frame cannot load */
  session(): Promise<EmbeddedSession>
  /** Disconnects here (every namespace), as the Account view's Disconnect */
  disconnect(): Promise<void>
  log(message: string, detail?: unknown): void
}

/**
 * Resolves once every session ended and the page disconnected; rejects with the text to show
 * when the sessions could not be ended (the visitor then stays connected and may try again).
 */
export async function signOutEverywhere(ctx: SignOutEverywhereContext): Promise<void> {
  try {
    const session = await ctx.session()
    await session.client.ready()
    await session.client.request('APP_SIGN_OUT_EVERYWHERE', {})
  } catch (error) {
    ctx.log('sign out everywhere failed', error)
    throw new Error(toUserMessage(error, ErrorText.somethingWentWrong))
  }
  await ctx.disconnect()
}
