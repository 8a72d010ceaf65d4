// Issue 30: a passkey sign-in is the frame's (its card, its ceremony, its session); the modal
// then ends it as an email login ends, and a refusal is the caller's to show.
import { describe, expect, it } from 'vitest'
import { localChainA } from '../networks.ts'
import { scriptedEmailLogin as setup, frameUser as user } from '../testing/emailFrame.ts'

describe('connectPasskey', () => {
  it('APP_CONNECT_PASSKEY, then the network, the user and the connection, as after a code', async () => {
    const s = setup({
      APP_CONNECT_PASSKEY: () => user,
      APP_SWITCH_NETWORK: (p) => ({ chainId: (p as { chainId: number }).chainId }),
      APP_GET_USER: () => user,
    })
    await s.login.connectPasskey()
    expect(s.payloads).toEqual([
      ['APP_CONNECT_PASSKEY', {}],
      [
        'APP_SWITCH_NETWORK',
        { chainId: Number(localChainA.id), rpcUrl: localChainA.rpcUrls.default.http[0] },
      ],
      ['APP_GET_USER', {}],
    ])
    expect(s.connected).toEqual([user])
    expect(s.store.getState().user).toEqual(user)
    expect(s.store.getState().login).toMatchObject({ step: 'email', busy: false })
  })

  it("a refused passkey rejects with the frame's words and connects nothing", async () => {
    const s = setup({
      APP_CONNECT_PASSKEY: () => {
        throw new Error('The passkey did not verify')
      },
    })
    await expect(s.login.connectPasskey()).rejects.toThrow('The passkey did not verify')
    expect(s.connected).toEqual([])
    expect(s.store.getState().login).toMatchObject({ step: 'email', busy: false })
  })

  it('a failure after the passkey (reading the user) leaves the connecting step for the email one', async () => {
    const s = setup({
      APP_CONNECT_PASSKEY: () => user,
      APP_SWITCH_NETWORK: () => ({}),
      APP_GET_USER: () => {
        throw new Error('The frame lost the user')
      },
    })
    await expect(s.login.connectPasskey()).rejects.toThrow('The frame lost the user')
    expect(s.connected).toEqual([])
    expect(s.store.getState().login).toMatchObject({ step: 'email', busy: false })
  })

  it("the caller's signal reaches the frame's request: aborting it ends the ceremony", async () => {
    let asked!: () => void
    const frameAsked = new Promise<void>((resolve) => {
      asked = resolve
    })
    const s = setup({
      APP_CONNECT_PASSKEY: (_payload, options) => {
        const signal = options?.signal
        asked()
        return signal
          ? new Promise((_resolve, reject) => {
              signal.addEventListener('abort', () => reject(signal.reason))
            })
          : user
      },
      APP_SWITCH_NETWORK: () => ({}),
      APP_GET_USER: () => user,
    })
    const cancel = new AbortController()
    const connecting = s.login.connectPasskey(cancel.signal)
    await frameAsked
    cancel.abort(new Error('The visitor closed the modal'))
    await expect(connecting).rejects.toThrow('The visitor closed the modal')
    expect(s.connected).toEqual([])
  })
})
