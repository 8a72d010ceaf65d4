// Test support: a frame whose fake server offers Farcaster (fakeAuthFarcaster.ts), and what its
// tests ask of it.
import { expect } from 'vitest'
import { createFakeAuthServer } from './fakeAuthServer.ts'
import { createHarness, type Harness, type HarnessOptions, ok } from './harness.ts'

export const FARCASTER_CONNECT = 'POST /auth/v1/farcaster/connect'

/**
 * A frame whose server offers Farcaster, on the server's clock (its channels expire by it);
 * `sleep` records each wait unless the test says more
 */
export async function farcasterFrame(options: HarnessOptions = {}) {
  const waits: number[] = []
  const server = createFakeAuthServer({ farcaster: true })
  const h = await createHarness({
    server,
    now: () => server.now,
    sleep: async (ms) => void waits.push(ms),
    ...options,
  })
  return { h, waits }
}

/** APP_GET_FARCASTER_URI's URL */
export async function farcasterUrl(h: Harness) {
  return (ok(await h.send('APP_GET_FARCASTER_URI', {})) as { url: string }).url
}

/** How often the frame has asked /farcaster/connect */
export const polls = (h: Harness) => h.server.calls.filter((c) => c === FARCASTER_CONNECT).length

/** Resolves once the frame has asked the server `count` times (the wait is under way) */
export async function polled(h: Harness, count = 1) {
  for (let i = 0; i < 500 && polls(h) < count; i++) await new Promise((r) => setTimeout(r, 2))
  expect(polls(h)).toBeGreaterThanOrEqual(count)
}
