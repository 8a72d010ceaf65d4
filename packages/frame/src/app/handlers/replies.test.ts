// @vitest-environment jsdom
// What the frame answers is checked against the protocol before it leaves: a reply built from
// the server's data that does not fit (a user name longer than the protocol allows) is refused
// with the frame's own error and logged, never posted as it came.
import { describe, expect, it } from 'vitest'
import { SOMETHING_WENT_WRONG } from '../errors.ts'
import { failure, ok, signedInFrame } from '../testing/harness.ts'

describe('replies the protocol refuses', () => {
  it("a user whose name the server made too long: 'Something went wrong', and the log says why", async () => {
    const { h } = await signedInFrame()
    const user = h.server.userByEmail('visitor@example.com')
    if (!user) throw new Error('no user on the server')
    user.userName = 'n'.repeat(256)
    expect(ok(await h.send('APP_GET_USER', {})).userName).toBe('n'.repeat(256))
    user.userName = 'n'.repeat(257)
    const refused = await h.send('APP_GET_USER', {})
    expect(failure(refused)).toEqual({ message: SOMETHING_WENT_WRONG })
    expect(refused?.message.type).toBe('FRAME_GET_USER_ERROR')
    expect(h.log.entries().map((entry) => entry.message)).toContain(
      'the reply to APP_GET_USER does not fit its schema',
    )
    expect(JSON.stringify(refused?.message)).not.toContain('n'.repeat(257))
  })
})
