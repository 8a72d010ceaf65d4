// The signed-in account: who it is, whether it is connected, its network,
// changing its email, and signing out (here, or on every device).

import { FrameError } from '../../frameError.ts'
import { SIGN_OUT_TIMEOUT_MS } from '../config.ts'
import { NO_EMAIL_CHANGE_PENDING, SOMETHING_WENT_WRONG } from '../errors.ts'
import { signOutEverywhere } from '../signOutEverywhere.ts'
import type { FrameState } from './state.ts'
import type { HandlerDeps, HandlerTable } from './types.ts'

export function accountHandlers(deps: HandlerDeps, state: FrameState) {
  const { api, wallet, store, log, config } = deps

  /** Nothing of the session stays in memory: no request, login or email change. */
  function forget() {
    state.abortAll()
    state.dropFarcaster()
    state.pendingLogin = null
    state.pendingChange = null
  }

  return {
    APP_GET_USER: () => state.user(),

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

    async APP_SWITCH_NETWORK({ chainId, rpcUrl }) {
      state.chainId = chainId
      if (rpcUrl) state.rpcUrls.set(String(chainId), rpcUrl)
      state.patchUserLater({ chainId })
      return { chainId }
    },

    async APP_GET_CHAIN_ID() {
      return { chainId: state.chainId }
    },

    async APP_UPDATE_EMAIL({ email }) {
      const answer = await wallet.withSession((token) => api.changeEmail(token, email))
      state.pendingChange = answer
      return { action: answer.action }
    },

    async APP_UPDATE_EMAIL_PRIMARY_OTP({ otp }) {
      const change = state.pendingChange
      if (change?.action !== 'VERIFY_PRIMARY_OTP') {
        throw new FrameError(NO_EMAIL_CHANGE_PENDING)
      }
      const answer = await wallet.withSession((token) =>
        api.changeEmailPrimary(token, { challengeId: change.challengeId, otp }),
      )
      state.pendingChange = answer
      return { action: answer.action }
    },

    async APP_UPDATE_EMAIL_SECONDARY_OTP({ otp }) {
      const change = state.pendingChange
      if (change?.action !== 'VERIFY_SECONDARY_OTP') {
        throw new FrameError(NO_EMAIL_CHANGE_PENDING)
      }
      const updated = await wallet.withSession((token) =>
        api.changeEmailSecondary(token, { challengeId: change.challengeId, otp }),
      )
      state.pendingChange = null
      wallet.setUser(updated)
      if (!updated.email) throw new FrameError(SOMETHING_WENT_WRONG)
      return { email: updated.email }
    },

    async APP_SIGN_OUT() {
      const token = wallet.token()
      forget()
      wallet.clear()
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
      forget()
      return {}
    },
  } satisfies Partial<HandlerTable>
}
