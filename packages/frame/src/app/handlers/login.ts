// Signing in: email with a one-time code (and device approval on a new device), social
// providers through the host's popup, Telegram. Farcaster has its own module (farcaster.ts).

import { FrameError } from '../../frameError.ts'
import { isFinal } from '../apiError.ts'
import { DEVICE_POLL_MS, DEVICE_TIMEOUT_MS, parseHttpUrl } from '../config.ts'
import {
  DEVICE_NOT_APPROVED,
  DEVICE_TIMED_OUT,
  LOGIN_REPLACED,
  NO_DEVICE_PENDING,
  NO_LOGIN_PENDING,
  SOCIAL_CONNECT_FAILED,
  SOCIAL_START_FAILED,
} from '../errors.ts'
import { createSocialBindings } from '../socialBinding.ts'
import type { SocialSession } from './socialSession.ts'
import type { FrameState } from './state.ts'
import type { HandlerDeps, HandlerTable } from './types.ts'

/** The server keeps emails trimmed and lowercased; a typed one is compared the same way. */
const sameEmail = (stored: string | null | undefined, typed: string) =>
  stored === typed.trim().toLowerCase()

export function loginHandlers(deps: HandlerDeps, state: FrameState, social: SocialSession) {
  const { api, wallet, log } = deps
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)))
  const now = deps.now ?? Date.now
  const socialBindings = createSocialBindings()

  return {
    async APP_CONNECT_EMAIL({ email }) {
      if (wallet.token()) {
        try {
          const current = await wallet.refreshUser()
          if (sameEmail(current.email, email)) {
            await wallet.unlock()
            state.pendingLogin = null
            return { action: 'CONNECT' }
          }
        } catch (error) {
          log.info('the stored session is not usable; signing in again', error)
        }
      }
      const answer = await api.connectEmail({ email, deviceId: state.deviceId() })
      state.pendingLogin = { email, challengeId: answer.challengeId, action: answer.action }
      return { action: answer.action }
    },

    async APP_CONNECT_DEVICE() {
      const login = state.pendingLogin
      if (login?.action !== 'VERIFY_DEVICE') throw new FrameError(NO_DEVICE_PENDING)
      const deadline = now() + DEVICE_TIMEOUT_MS
      for (;;) {
        if (state.pendingLogin !== login) throw new FrameError(LOGIN_REPLACED)
        try {
          const { approved } = await api.pollDevice(login.challengeId)
          if (approved) {
            login.action = 'VERIFY_OTP'
            return {}
          }
        } catch (error) {
          if (isFinal(error)) {
            if (state.pendingLogin === login) state.pendingLogin = null
            throw error
          }
          log.warn('device approval poll failed; trying again', error)
        }
        if (now() + DEVICE_POLL_MS > deadline) throw new FrameError(DEVICE_TIMED_OUT)
        await sleep(DEVICE_POLL_MS)
      }
    },

    async APP_CONNECT_OTP({ otp }) {
      const login = state.pendingLogin
      if (!login) throw new FrameError(NO_LOGIN_PENDING)
      if (login.action !== 'VERIFY_OTP') throw new FrameError(DEVICE_NOT_APPROVED)
      const { token, user: signedIn } = await api.verifyOtp({ challengeId: login.challengeId, otp })
      if (state.pendingLogin === login) state.pendingLogin = null
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

    async APP_CONNECT_SOCIAL({ uri, ...options }, { origin }) {
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
      return social.begin(await api.socialConnect({ uri, codeVerifier }), options, origin)
    },

    async APP_CONNECT_TELEGRAM({ initData, ...options }, { origin }) {
      const login = await api.telegramConnect({ initData }).catch((error) => {
        log.warn('the Telegram login was refused', error)
        throw new FrameError(SOCIAL_CONNECT_FAILED)
      })
      return social.begin(login, options, origin)
    },
  } satisfies Partial<HandlerTable>
}
