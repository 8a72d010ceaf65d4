// Farcaster sign-in through the server's relay. APP_GET_FARCASTER_URI opens a relay channel with
// the S256 challenge of a PKCE verifier only the frame holds, and answers the channel's URL: the
// page shows it as a QR code (or opens it on a phone). The URL alone is worth nothing: the server
// hands the session only to /farcaster/connect with the verifier, in a request signed (DPoP) by
// this frame's key. APP_CONNECT_FARCASTER asks that every 2 s until the visitor has signed in
// with their Farcaster app, the server refuses, or the channel ends (at the latest after §9's
// 120 s); then it signs in as a social login does. APP_RELOAD, signing out or a newer channel stop
// the wait.
import { FrameError } from '../../frameError.ts'
import type { ServerUser } from '../api.ts'
import { type ApiError, isFinal } from '../apiError.ts'
import { FARCASTER_POLL_MS, FARCASTER_TIMEOUT_MS, parseHttpUrl } from '../config.ts'
import {
  FARCASTER_EXPIRED,
  FARCASTER_FAILED,
  FARCASTER_STOPPED,
  NO_FARCASTER_PENDING,
} from '../errors.ts'
import { createPkcePair } from '../socialBinding.ts'
import type { SocialSession } from './socialSession.ts'
import type { FarcasterLogin, FrameState } from './state.ts'
import type { HandlerDeps, HandlerTable } from './types.ts'

export function farcasterHandlers(deps: HandlerDeps, state: FrameState, social: SocialSession) {
  const { api, log } = deps
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)))
  const now = deps.now ?? Date.now

  /** Waits `ms`, or less when the login is dropped meanwhile */
  function pause(ms: number, { signal }: AbortController) {
    return new Promise<void>((resolve) => {
      if (signal.aborted) return resolve()
      const done = () => {
        signal.removeEventListener('abort', done)
        resolve()
      }
      signal.addEventListener('abort', done)
      void sleep(ms).then(done)
    })
  }

  /** The session once the visitor has signed in on `login`'s channel */
  async function signedIn(login: FarcasterLogin): Promise<{ token: string; user: ServerUser }> {
    const deadline = Math.min(login.expiresAt, now() + FARCASTER_TIMEOUT_MS)
    const { channelToken, codeVerifier } = login
    for (;;) {
      if (login.stop.signal.aborted) throw new FrameError(FARCASTER_STOPPED)
      let answer: Awaited<ReturnType<typeof api.farcasterConnect>> | undefined
      try {
        answer = await api.farcasterConnect({ channelToken, codeVerifier })
      } catch (error) {
        if (!isFinal(error)) log.warn('the Farcaster poll failed; trying again', error)
        else {
          state.dropFarcaster(login)
          log.warn('the Farcaster sign-in was refused', error)
          throw new FrameError(
            (error as ApiError).status === 410 ? FARCASTER_EXPIRED : FARCASTER_FAILED,
          )
        }
      }
      if (answer && 'token' in answer) {
        if (login.stop.signal.aborted) {
          // Stopped while the answer was on its way: that session is nobody's.
          await api.signOut(answer.token).catch(() => undefined)
          throw new FrameError(FARCASTER_STOPPED)
        }
        state.dropFarcaster(login)
        return answer
      }
      if (now() + FARCASTER_POLL_MS > deadline) {
        state.dropFarcaster(login)
        throw new FrameError(FARCASTER_EXPIRED)
      }
      await pause(FARCASTER_POLL_MS, login.stop)
    }
  }

  return {
    async APP_GET_FARCASTER_URI() {
      const { codeVerifier, codeChallenge } = await createPkcePair()
      let started: Awaited<ReturnType<typeof api.farcasterStart>> | undefined
      try {
        started = await api.farcasterStart({ codeChallenge })
      } catch (error) {
        log.warn('could not start the Farcaster login', error)
      }
      const url = parseHttpUrl(started?.url)
      if (!started || !url) throw new FrameError(FARCASTER_FAILED)
      // One Farcaster login at a time: a wait on the previous channel ends.
      state.dropFarcaster()
      state.farcaster = {
        channelToken: started.channelToken,
        codeVerifier,
        expiresAt: started.expiresAt,
        stop: new AbortController(),
      }
      return { url }
    },

    async APP_CONNECT_FARCASTER(options, { origin }) {
      const login = state.farcaster
      if (!login) throw new FrameError(NO_FARCASTER_PENDING)
      return social.begin(await signedIn(login), options, origin)
    },
  } satisfies Partial<HandlerTable>
}
