import { describe, expect, it } from 'vitest'
import { switchAccountType } from './accountTypeSwitch.ts'
import type { EmbeddedUserInfo } from './embeddedState.ts'
import type { EmbeddedSession } from './embeddedWallet.ts'

const SMART = '0x2222222222222222222222222222222222222222'

/** A frame that answers the two app events; the frame's own side: packages/frame smartAccount tests */
function setup(refuse?: string) {
  const requests: [string, unknown][] = []
  const providerUsers: EmbeddedUserInfo[] = []
  const storeUsers: EmbeddedUserInfo[] = []
  const remembered: string[] = []
  const logs: string[] = []
  const session = {
    client: {
      request: async (type: string, payload: unknown) => {
        requests.push([type, payload])
        if (type === 'APP_SET_PREFERRED_ACCOUNT') {
          if (refuse) throw new Error(refuse)
          return { type: 'smartAccount', address: SMART }
        }
        return { address: SMART, preferredAccountType: 'smartAccount', smartAccountDeployed: false }
      },
    },
    provider: { setUser: (user: EmbeddedUserInfo) => void providerUsers.push(user) },
  } as unknown as EmbeddedSession
  const ctx = {
    session: async () => session,
    remember: (type: string) => void remembered.push(type),
    setUser: (user: EmbeddedUserInfo) => void storeUsers.push(user),
    current: () => ({ authProvider: 'google' }) as EmbeddedUserInfo,
    log: (message: string) => void logs.push(message),
  }
  return { ctx, requests, providerUsers, storeUsers, remembered, logs }
}

describe('switching the account type', () => {
  it('asks the frame, stores the choice, and hands the new user to the provider and the store', async () => {
    const s = setup()
    await expect(switchAccountType(s.ctx, 'smartAccount')).resolves.toBe(SMART)
    expect(s.requests).toEqual([
      ['APP_SET_PREFERRED_ACCOUNT', { type: 'smartAccount' }],
      ['APP_GET_USER', {}],
    ])
    expect(s.remembered).toEqual(['smartAccount'])
    const expected = {
      address: SMART,
      preferredAccountType: 'smartAccount',
      smartAccountDeployed: false,
      authProvider: 'google',
    }
    expect(s.providerUsers).toEqual([expected])
    expect(s.storeUsers).toEqual([expected])
  })

  it("a refusal keeps everything as it was and rejects with the frame's text", async () => {
    const s = setup('Smart accounts are not available')
    await expect(switchAccountType(s.ctx, 'smartAccount')).rejects.toThrow(
      'Smart accounts are not available',
    )
    expect(s.remembered).toEqual([])
    expect(s.providerUsers).toEqual([])
    expect(s.logs).toEqual(['switching the account type failed'])
  })
})
