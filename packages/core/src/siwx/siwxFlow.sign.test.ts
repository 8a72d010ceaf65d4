import { afterEach, describe, expect, it, vi } from 'vitest'
import { localChainA, localChainB, localSolana } from '../networks.ts'
import { MemoryStorage } from '../storage/memoryStorage.ts'
import { address, siwxSetup as setup } from '../testing/siwxSetup.ts'
import type { SIWXConfig } from './siwx.ts'
import { SIWX_LAST_NETWORK_KEY } from './siwxFlow.ts'
import { LocalSIWX } from './siwxLocal.ts'

afterEach(() => {
  vi.unstubAllGlobals()
})

const blockedStorage = {
  getItem: () => {
    throw new Error('blocked')
  },
  setItem: () => {
    throw new Error('blocked')
  },
  removeItem: () => undefined,
}

describe('SIWX sign-in (§4)', () => {
  it('shows signing while the wallet signs, and not after; success names the network', async () => {
    const s = setup(new LocalSIWX({ storage: new MemoryStorage(), required: true }), localChainB)
    s.siwxStore.setState({ blocking: true })
    const seen: boolean[] = []
    s.signMessage.mockImplementationOnce(async () => {
      seen.push(s.siwxStore.getState().signing)
      return '0xsig'
    })
    expect(await s.flow.signIn()).toBe(true)
    expect(seen).toEqual([true])
    expect(s.siwxStore.getState()).toEqual({ signing: false, blocking: false })
    expect(s.tracked).toEqual([['SIWX_AUTH_SUCCESS', { network: 'eip155:31338' }]])
  })

  it('a failure says why in the log and the event, and stops showing signing', async () => {
    const s = setup(new LocalSIWX({ storage: new MemoryStorage() }))
    s.signMessage.mockRejectedValueOnce(new Error('device locked'))
    expect(await s.flow.signIn()).toBe(false)
    expect(s.siwxStore.getState().signing).toBe(false)
    expect(s.tracked).toEqual([['SIWX_AUTH_ERROR', { message: 'device locked' }]])
    expect(s.log).toHaveBeenCalledWith('SIWX sign-in failed', expect.any(Error))
  })

  it('a wallet that rejects with nothing (not an Error) is a failure like any other', async () => {
    const s = setup(new LocalSIWX({ storage: new MemoryStorage() }))
    s.signMessage.mockRejectedValueOnce(undefined)
    expect(await s.flow.signIn()).toBe(false)
    expect(s.tracked).toEqual([['SIWX_AUTH_ERROR', { message: undefined }]])
  })

  it.each([
    ['no address', { address: undefined }, 'No ActiveCaipAddress found'],
    ['no CAIP address', { caipAddress: undefined }, 'No ActiveCaipAddress found'],
    ['no namespace', { namespace: undefined }, 'No ActiveCaipAddress found'],
    [
      'an account of another namespace',
      { namespace: 'solana' as const },
      'No ActiveCaipNetwork or client found',
    ],
  ])('with %s nothing is signed: %s', async (_, account, message) => {
    const s = setup(new LocalSIWX({ storage: new MemoryStorage() }))
    s.account.setState(account)
    expect(await s.flow.signIn()).toBe(false)
    expect(s.signMessage).not.toHaveBeenCalled()
    expect(s.tracked).toEqual([['SIWX_AUTH_ERROR', { message }]])
  })

  it('a session the provider refuses to keep fails the sign-in; the network is not recorded', async () => {
    const local = new LocalSIWX({ storage: new MemoryStorage() })
    const siwx: SIWXConfig = {
      createMessage: (input) => local.createMessage(input),
      addSession: () => Promise.reject(new Error('nonce expired')),
      getSessions: (c, a) => local.getSessions(c, a),
      setSessions: (x, a) => local.setSessions(x, a),
    }
    const s = setup(siwx)
    expect(await s.flow.signIn()).toBe(false)
    expect(s.storage.getItem(SIWX_LAST_NETWORK_KEY)).toBeNull()
    expect(s.deps.close).not.toHaveBeenCalled()
    expect(s.deps.open).toHaveBeenCalledWith('SIWXSignMessage')
  })

  it('blocked storage does not stop a sign-in', async () => {
    const siwx = new LocalSIWX({ storage: new MemoryStorage() })
    const s = setup(siwx, localChainA, undefined, blockedStorage)
    expect(await s.flow.signIn()).toBe(true)
    expect(await siwx.getSessions('eip155:31337', address)).toHaveLength(1)
    expect(s.deps.close).toHaveBeenCalled()
  })
})

describe('SIWX cancel (§4 CLICK_CANCEL_SIWX)', () => {
  const required = () => new LocalSIWX({ storage: new MemoryStorage(), required: true })

  it('required, back to the last signed-in network: unblocked, closed first, then switched', async () => {
    const s = setup(required(), localChainB)
    s.siwxStore.setState({ blocking: true })
    s.storage.setItem(SIWX_LAST_NETWORK_KEY, 'eip155:31337')
    const order: string[] = []
    s.deps.close.mockImplementation(() => void order.push('close'))
    s.deps.switchNetwork.mockImplementation(async () => void order.push('switch'))
    await s.flow.cancel()
    expect(order).toEqual(['close', 'switch'])
    expect(s.siwxStore.getState().blocking).toBe(false)
    expect(s.tracked).toEqual([['CLICK_CANCEL_SIWX', undefined]])
  })

  it.each([
    ['the network it is on', 'eip155:31337'],
    ['a network the app no longer lists', localSolana.caipNetworkId],
  ])(
    'required, when the last signed-in network is %s: disconnected, then closed',
    async (_, last) => {
      const s = setup(required())
      s.siwxStore.setState({ blocking: true })
      s.storage.setItem(SIWX_LAST_NETWORK_KEY, last)
      const order: string[] = []
      s.deps.disconnect.mockImplementation(async () => void order.push('disconnect'))
      s.deps.close.mockImplementation(() => void order.push('close'))
      await s.flow.cancel()
      expect(order).toEqual(['disconnect', 'close'])
      expect(s.deps.switchNetwork).not.toHaveBeenCalled()
      expect(s.siwxStore.getState().blocking).toBe(false)
    },
  )

  it('required, with storage blocked: disconnected', async () => {
    const s = setup(required(), localChainB, undefined, blockedStorage)
    await s.flow.cancel()
    expect(s.deps.disconnect).toHaveBeenCalled()
    expect(s.deps.switchNetwork).not.toHaveBeenCalled()
  })
})
