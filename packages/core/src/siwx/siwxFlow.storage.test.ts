// What the SIWX flow keeps in the visitor's storage (§3): its two records live under fixed
// @latchkey/ keys, which a returning visitor's browser already holds from an earlier visit (or
// release), so the names are part of the stored format and are written out here on purpose.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { localChainA, localChainB } from '../networks.ts'
import { MemoryStorage } from '../storage/memoryStorage.ts'
import { address, siwxSetup as setup } from '../testing/siwxSetup.ts'
import { LocalSIWX } from './siwxLocal.ts'

afterEach(() => {
  vi.unstubAllGlobals()
})

const caip = `eip155:31337:${address}`

describe('SIWX records in storage (§3)', () => {
  it('the last signed-in network is kept under @latchkey/siwx_last_network, and one kept there earlier is switched back to', async () => {
    const s = setup(new LocalSIWX({ storage: new MemoryStorage(), required: true }))
    expect(await s.flow.signIn()).toBe(true)
    expect(s.storage.getItem('@latchkey/siwx_last_network')).toBe('eip155:31337')

    // A later visit on another network whose sign-in is cancelled.
    const later = setup(
      new LocalSIWX({ storage: new MemoryStorage(), required: true }),
      localChainB,
    )
    later.storage.setItem('@latchkey/siwx_last_network', 'eip155:31337')
    await later.flow.cancel()
    expect(later.deps.switchNetwork).toHaveBeenCalledWith(localChainA)
    expect(later.deps.disconnect).not.toHaveBeenCalled()
  })

  it('accounts that gave their email are kept under @latchkey/data_captured, and one kept there earlier is not asked again', async () => {
    const s = setup(new LocalSIWX({ storage: new MemoryStorage() }))
    s.deps.emailCapture.mockReturnValue(true)
    await s.flow.check()
    expect(await s.flow.captureEmail('me@example.org')).toBeUndefined()
    expect(JSON.parse(s.storage.getItem('@latchkey/data_captured') ?? 'null')).toEqual([caip])

    const later = setup(new LocalSIWX({ storage: new MemoryStorage() }))
    later.storage.setItem('@latchkey/data_captured', JSON.stringify([caip]))
    later.deps.emailCapture.mockReturnValue(true)
    expect(await later.flow.check()).toBe(false)
    expect(later.deps.open).toHaveBeenCalledWith('SIWXSignMessage')
    expect(later.deps.open).not.toHaveBeenCalledWith('DataCapture')
  })
})
