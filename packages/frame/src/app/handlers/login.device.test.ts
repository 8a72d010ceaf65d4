// @vitest-environment jsdom
// APP_CONNECT_DEVICE: a new device waits for the approval link in the mail (§4 VERIFY_DEVICE).
// The whole frame (harness) against the auth API's contract (testing/fakeAuthServer.ts).
import { describe, expect, it, onTestFinished, vi } from 'vitest'
import { DEVICE_POLL_MS, DEVICE_TIMEOUT_MS } from '../config.ts'
import { DEVICE_TIMED_OUT, LOGIN_REPLACED, NO_DEVICE_PENDING, NO_LOGIN_PENDING } from '../errors.ts'
import { createHarness, failure, type HarnessOptions, ok, signIn } from '../testing/harness.ts'

const EMAIL = 'visitor@example.com'
const DEVICE_POLL = 'POST /auth/v1/device'

/** A second device of a user who already signed in elsewhere: its login asks for approval. */
async function newDevice(options: HarnessOptions = {}) {
  const first = await createHarness()
  await signIn(first, EMAIL)
  first.server.now += 60_000
  const h = await createHarness({ server: first.server, ...options })
  expect(ok(await h.send('APP_CONNECT_EMAIL', { email: EMAIL }))).toEqual({
    action: 'VERIFY_DEVICE',
  })
  const challengeId = first.server.mails.at(-1)?.challengeId
  if (!challengeId) throw new Error('no approval mail')
  return { h, server: first.server, challengeId }
}

const polls = (calls: readonly string[]) => calls.filter((c) => c === DEVICE_POLL).length

describe('APP_CONNECT_DEVICE', () => {
  it('refuses when no sign-in waits for a device approval', async () => {
    const h = await createHarness()
    expect(failure(await h.send('APP_CONNECT_DEVICE', {}))).toEqual({
      message: NO_DEVICE_PENDING,
    })
    // A sign-in that goes straight to the code has no device step either.
    ok(await h.send('APP_CONNECT_EMAIL', { email: 'new@example.com' }))
    expect(failure(await h.send('APP_CONNECT_DEVICE', {}))).toEqual({
      message: NO_DEVICE_PENDING,
    })
    expect(polls(h.server.calls)).toBe(0)
  })

  it('approved at the first poll: answers at once, without waiting', async () => {
    const waits: number[] = []
    const { h, server, challengeId } = await newDevice({
      sleep: async (ms) => void waits.push(ms),
    })
    server.approveDevice(challengeId)
    expect(ok(await h.send('APP_CONNECT_DEVICE', {}))).toEqual({})
    expect(waits).toEqual([])
    expect(polls(h.server.calls)).toBe(1)
    // The code step follows, and only once.
    ok(await h.send('APP_CONNECT_OTP', { otp: server.lastOtp(EMAIL) }))
    expect(h.log.entries().map((entry) => entry.message)).toContain('signed in')
    expect(failure(await h.send('APP_CONNECT_OTP', { otp: '123456' }))).toEqual({
      message: NO_LOGIN_PENDING,
    })
  })

  it('polls once a second; a server error, a rate limit or a dropped connection is retried', async () => {
    const waits: number[] = []
    let approve = () => {}
    const { h, challengeId, server } = await newDevice({
      sleep: async (ms) => {
        waits.push(ms)
        if (waits.length === 1) server.failNext.set(DEVICE_POLL, { status: 500 })
        if (waits.length === 2) server.failNext.set(DEVICE_POLL, { status: 429 })
        if (waits.length === 3) server.down = true
        if (waits.length === 4) server.down = false
        if (waits.length === 5) approve()
      },
    })
    approve = () => server.approveDevice(challengeId)
    expect(ok(await h.send('APP_CONNECT_DEVICE', {}))).toEqual({})
    expect(waits).toEqual(Array(5).fill(DEVICE_POLL_MS))
    const retried = h.log
      .entries()
      .filter((entry) => entry.message === 'device approval poll failed; trying again')
    expect(retried).toHaveLength(3)
  })

  it('a refusal (the request expired) is final: its text, and the sign-in is gone', async () => {
    const waits: number[] = []
    const { h, server } = await newDevice({ sleep: async (ms) => void waits.push(ms) })
    server.failNext.set(DEVICE_POLL, {
      status: 410,
      body: { message: 'This sign-in request has expired. Start again.' },
    })
    expect(failure(await h.send('APP_CONNECT_DEVICE', {}))).toEqual({
      message: 'This sign-in request has expired. Start again.',
    })
    expect(waits).toEqual([])
    expect(failure(await h.send('APP_CONNECT_OTP', { otp: '123456' }))).toEqual({
      message: NO_LOGIN_PENDING,
    })
  })

  it('a newer sign-in started while it waits replaces it', async () => {
    let replace = async () => {}
    const { h } = await newDevice({ sleep: () => replace() })
    replace = async () => {
      replace = async () => {}
      ok(await h.send('APP_CONNECT_EMAIL', { email: 'other@example.com' }))
    }
    expect(failure(await h.send('APP_CONNECT_DEVICE', {}))).toEqual({
      message: LOGIN_REPLACED,
    })
  })

  it('a final refusal that arrives after a newer sign-in started leaves the newer one', async () => {
    const { h, server } = await newDevice({ sleep: async () => {} })
    server.beforeRequest = async (route) => {
      if (route !== DEVICE_POLL) return
      server.beforeRequest = undefined
      ok(await h.send('APP_CONNECT_EMAIL', { email: 'other@example.com' }))
      server.failNext.set(DEVICE_POLL, { status: 410, body: { message: 'expired' } })
    }
    expect(failure(await h.send('APP_CONNECT_DEVICE', {}))).toEqual({ message: 'expired' })
    ok(await h.send('APP_CONNECT_OTP', { otp: server.lastOtp('other@example.com') }))
    expect(ok(await h.send('APP_GET_USER', {}))).toMatchObject({ email: 'other@example.com' })
  })

  it('waits between polls on a DEVICE_POLL_MS timer by default', async () => {
    const timers = vi.spyOn(globalThis, 'setTimeout')
    onTestFinished(() => timers.mockRestore())
    const { h, server, challengeId } = await newDevice()
    server.beforeRequest = (route) => {
      if (route === DEVICE_POLL && polls(server.calls) === 2) server.approveDevice(challengeId)
    }
    expect(ok(await h.send('APP_CONNECT_DEVICE', {}))).toEqual({})
    expect(polls(server.calls)).toBe(2)
    expect(timers.mock.calls.filter(([, ms]) => ms === DEVICE_POLL_MS)).toHaveLength(1)
  })

  it('gives up exactly when the next poll would pass 120 s', async () => {
    let clock = 0
    const { h } = await newDevice({
      now: () => clock,
      sleep: async (ms) => {
        clock += ms
      },
    })
    expect(failure(await h.send('APP_CONNECT_DEVICE', {}))).toEqual({
      message: DEVICE_TIMED_OUT,
    })
    expect(clock).toBe(DEVICE_TIMEOUT_MS)
    expect(polls(h.server.calls)).toBe(DEVICE_TIMEOUT_MS / DEVICE_POLL_MS + 1)
  })

  it("a server's refusal text reaches the page cut to 1,024 characters", async () => {
    const { h, server } = await newDevice({ sleep: async () => {} })
    server.failNext.set(DEVICE_POLL, { status: 400, body: { message: 'n'.repeat(3000) } })
    expect(failure(await h.send('APP_CONNECT_DEVICE', {}))).toEqual({ message: 'n'.repeat(1024) })
  })
})

describe('APP_CONNECT_OTP', () => {
  it('a newer sign-in started while the code is checked stays pending', async () => {
    const h = await createHarness()
    ok(await h.send('APP_CONNECT_EMAIL', { email: EMAIL }))
    h.server.beforeRequest = async (route) => {
      if (route !== 'POST /auth/v1/otp') return
      h.server.beforeRequest = undefined
      ok(await h.send('APP_CONNECT_EMAIL', { email: 'other@example.com' }))
    }
    ok(await h.send('APP_CONNECT_OTP', { otp: h.server.lastOtp(EMAIL) }))
    ok(await h.send('APP_CONNECT_OTP', { otp: h.server.lastOtp('other@example.com') }))
    expect(ok(await h.send('APP_GET_USER', {}))).toMatchObject({ email: 'other@example.com' })
  })
})
