import { describe, expect, it } from 'vitest'
import type { EmbeddedSession } from './embeddedWallet.ts'
import { signOutEverywhere } from './signOutEverywhere.ts'

/**
 * The controller against a scripted frame, as emailLogin.test.ts (the real frame's side is
 * packages/frame/src/app/sessions.server.test.ts, against the real server).
 */
function setup(frame: (type: string) => unknown) {
  const steps: string[] = []
  const session = {
    client: {
      ready: async () => undefined,
      request: async (type: string) => {
        steps.push(type)
        return frame(type)
      },
    },
  } as unknown as EmbeddedSession
  return {
    steps,
    run: () =>
      signOutEverywhere({
        session: async () => session,
        disconnect: async () => void steps.push('disconnect'),
        log: () => undefined,
      }),
  }
}

describe('sign out everywhere (issue 18 #9)', () => {
  it('asks the frame to end every session, then disconnects here', async () => {
    const s = setup(() => ({}))
    await s.run()
    expect(s.steps).toEqual(['APP_SIGN_OUT_EVERYWHERE', 'disconnect'])
  })

  it("stays connected and rejects with the frame's text when the sessions could not be ended", async () => {
    const s = setup(() => {
      throw new Error('Could not reach the server')
    })
    await expect(s.run()).rejects.toThrow('Could not reach the server')
    expect(s.steps).toEqual(['APP_SIGN_OUT_EVERYWHERE'])
  })
})
