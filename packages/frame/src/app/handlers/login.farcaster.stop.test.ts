// @vitest-environment jsdom
// A Farcaster sign-in's wait stops at once on APP_RELOAD, signing out or a newer channel, even
// with a poll on its way; a session that comes back after the stop is ended. The whole frame
// (harness) against the auth API's contract (testing/fakeAuthFarcaster.ts).
import { describe, expect, it } from 'vitest'
import { FARCASTER_STOPPED, NO_FARCASTER_PENDING } from '../errors.ts'
import {
  FARCASTER_CONNECT,
  farcasterFrame,
  farcasterUrl,
  polled,
  polls,
} from '../testing/farcasterHarness.ts'
import { failure, ok } from '../testing/harness.ts'

/** A sleep that ends only when the wait is stopped */
const forever = () => new Promise<void>(() => undefined)

describe('APP_CONNECT_FARCASTER stopped', () => {
  it.each(['APP_RELOAD', 'APP_SIGN_OUT'] as const)('%s stops a wait at once', async (type) => {
    const { h } = await farcasterFrame({ sleep: forever })
    await farcasterUrl(h)
    const waiting = h.send('APP_CONNECT_FARCASTER', {})
    await polled(h)
    ok(await h.send(type, {}))
    expect(failure(await waiting)).toEqual({ message: FARCASTER_STOPPED })
    expect(polls(h)).toBe(1)
    expect(failure(await h.send('APP_CONNECT_FARCASTER', {}))).toEqual({
      message: NO_FARCASTER_PENDING,
    })
  })

  it.each(['APP_RELOAD', 'APP_SIGN_OUT'] as const)(
    '%s while a poll is on its way: that poll is the last',
    async (type) => {
      const { h } = await farcasterFrame({ sleep: forever })
      await farcasterUrl(h)
      h.server.beforeRequest = async (route) => {
        if (route === FARCASTER_CONNECT) ok(await h.send(type, {}))
      }
      expect(failure(await h.send('APP_CONNECT_FARCASTER', {}))).toEqual({
        message: FARCASTER_STOPPED,
      })
      expect(polls(h)).toBe(1)
    },
  )

  it('a newer channel stops the wait on the old one; the new one is waited on', async () => {
    const { h } = await farcasterFrame({ sleep: forever })
    const old = await farcasterUrl(h)
    const waiting = h.send('APP_CONNECT_FARCASTER', {})
    await polled(h)
    const url = await farcasterUrl(h)
    expect(failure(await waiting)).toEqual({ message: FARCASTER_STOPPED })
    h.server.signInWithFarcaster(old, 'old')
    h.server.signInWithFarcaster(url, 'new')
    expect(ok(await h.send('APP_CONNECT_FARCASTER', {})).userName).toBe('new')
  })

  it('a session that comes back after the stop is ended, not used', async () => {
    const { h } = await farcasterFrame()
    const url = await farcasterUrl(h)
    h.server.signInWithFarcaster(url, 'dwr')
    h.server.beforeRequest = async (route) => {
      if (route === FARCASTER_CONNECT) ok(await h.send('APP_RELOAD', {}))
    }
    expect(failure(await h.send('APP_CONNECT_FARCASTER', {}))).toEqual({
      message: FARCASTER_STOPPED,
    })
    expect(h.server.calls.at(-1)).toBe('DELETE /auth/v1/session')
    expect(h.server.sessionCount()).toBe(0)
    expect(h.wallet.token()).toBeNull()
  })
})
