import { describe, expect, it } from 'vitest'
import { localChainA, localChainB } from '../networks.ts'
import { MemoryStorage } from '../storage/memoryStorage.ts'
import { address, siwxSetup } from '../testing/siwxSetup.ts'
import type { SIWXConfig } from './siwx.ts'
import { SIWX_LAST_NETWORK_KEY } from './siwxFlow.ts'
import { LocalSIWX } from './siwxLocal.ts'
import { serializeSiwxMessage } from './siwxMessage.ts'

const setup = siwxSetup

describe('SIWX flow (§4)', () => {
  it('no session: opens SIWXSignMessage; required sign-in blocks closing', async () => {
    const s = setup(new LocalSIWX({ storage: new MemoryStorage(), required: true }))
    await s.flow.check()
    expect(s.deps.open).toHaveBeenCalledWith('SIWXSignMessage')
    expect(s.siwxStore.getState().blocking).toBe(true)
  })

  it('with emailCapture on, DataCapture comes first; a valid email is stored, then the sign view', async () => {
    const s = setup(new LocalSIWX({ storage: new MemoryStorage() }))
    s.deps.emailCapture.mockReturnValue(true)
    await s.flow.check()
    expect(s.deps.open).toHaveBeenLastCalledWith('DataCapture')
    expect(await s.flow.captureEmail('not-an-email')).toBe('Please enter a valid email address')
    expect(s.deps.saveEmail).not.toHaveBeenCalled()
    expect(await s.flow.captureEmail(' me@example.org ')).toBeUndefined()
    expect(s.deps.saveEmail).toHaveBeenCalledWith('me@example.org', `eip155:31337:${address}`)
    expect(s.deps.open).toHaveBeenLastCalledWith('SIWXSignMessage')
    // Asked once per account.
    await s.flow.check()
    expect(s.deps.open).toHaveBeenLastCalledWith('SIWXSignMessage')
  })

  it('with emailCapture on, DataCapture opens even when a session exists; then the modal closes', async () => {
    const siwx = new LocalSIWX({ storage: new MemoryStorage(), required: true })
    const s = setup(siwx)
    expect(await s.flow.signIn()).toBe(true)
    s.deps.open.mockClear()
    s.deps.close.mockClear()
    s.deps.emailCapture.mockReturnValue(true)
    await s.flow.check()
    expect(s.deps.open).toHaveBeenLastCalledWith('DataCapture')
    expect(s.siwxStore.getState().blocking).toBe(false)
    expect(await s.flow.captureEmail('me@example.org')).toBeUndefined()
    expect(s.deps.open).not.toHaveBeenCalledWith('SIWXSignMessage')
    expect(s.deps.close).toHaveBeenCalled()
  })

  it('not required: opens the sign view but does not block closing', async () => {
    const s = setup(new LocalSIWX({ storage: new MemoryStorage() }))
    await s.flow.check()
    expect(s.deps.open).toHaveBeenCalledWith('SIWXSignMessage')
    expect(s.siwxStore.getState().blocking).toBe(false)
  })

  it('signing stores the session, records the network, closes and tracks success; no prompt after', async () => {
    const siwx = new LocalSIWX({ storage: new MemoryStorage(), required: true, statement: 'Hi' })
    const s = setup(siwx)
    expect(await s.flow.signIn()).toBe(true)
    const [session] = await siwx.getSessions('eip155:31337', address)
    expect(session?.message).toBe(serializeSiwxMessage(session?.data as never))
    expect(s.signMessage).toHaveBeenCalledWith(session?.message)
    expect(s.storage.getItem(SIWX_LAST_NETWORK_KEY)).toBe('eip155:31337')
    expect(s.deps.close).toHaveBeenCalled()
    expect(s.events).toContain('SIWX_AUTH_SUCCESS')
    expect(s.siwxStore.getState().blocking).toBe(false)
    s.deps.open.mockClear()
    await s.flow.check()
    expect(s.deps.open).not.toHaveBeenCalled()
  })

  it("signs the provider's own serializedMessage when it gives one", async () => {
    const local = new LocalSIWX({ storage: new MemoryStorage() })
    const ownText = 'example.com asks you to sign in.\nNonce: abcdefgh12345678'
    const siwx: SIWXConfig = {
      createMessage: async (input) => ({
        ...(await local.createMessage(input)),
        serializedMessage: ownText,
      }),
      addSession: (session) => local.addSession(session),
      getSessions: (chainId, account) => local.getSessions(chainId, account),
      setSessions: (sessions, account) => local.setSessions(sessions, account),
    }
    const s = setup(siwx)
    expect(await s.flow.signIn()).toBe(true)
    expect(s.signMessage).toHaveBeenCalledWith(ownText)
    const [session] = await local.getSessions('eip155:31337', address)
    expect(session?.message).toBe(ownText)
  })

  it("a wallet engine that cannot load fails the sign-in with 'No ConnectionController client found'", async () => {
    const s = setup(new LocalSIWX({ storage: new MemoryStorage() }), localChainA, () =>
      Promise.reject(new Error('chunk failed to load')),
    )
    expect(await s.flow.signIn()).toBe(false)
    const logged = s.log.mock.calls.map(([, error]) => (error as Error | undefined)?.message)
    expect(logged).toContain('No ConnectionController client found')
    expect(s.toast.store.getState().message).toBe('Error signing message')
  })

  it("DataCapture without a connected account answers 'No ActiveCaipAddress found'", async () => {
    const s = setup(new LocalSIWX({ storage: new MemoryStorage() }))
    s.account.setState({ status: 'disconnected', address: undefined, caipAddress: undefined })
    expect(await s.flow.captureEmail('ada@example.com')).toBe('No ActiveCaipAddress found')
    expect(s.deps.saveEmail).not.toHaveBeenCalled()
  })

  it('a failed signature reopens the sign view, toasts and tracks the error', async () => {
    const s = setup(new LocalSIWX({ storage: new MemoryStorage() }))
    s.signMessage.mockRejectedValueOnce(Object.assign(new Error('User rejected'), { code: 4001 }))
    expect(await s.flow.signIn()).toBe(false)
    expect(s.deps.open).toHaveBeenCalledWith('SIWXSignMessage')
    expect(s.toast.store.getState().message).toBe('Error signing message')
    expect(s.events).toContain('SIWX_AUTH_ERROR')
    expect(s.deps.close).not.toHaveBeenCalled()
  })

  it('cancel when not required just closes', async () => {
    const s = setup(new LocalSIWX({ storage: new MemoryStorage() }))
    await s.flow.cancel()
    expect(s.events).toContain('CLICK_CANCEL_SIWX')
    expect(s.deps.close).toHaveBeenCalled()
    expect(s.deps.disconnect).not.toHaveBeenCalled()
  })

  it('cancel when required switches back to the last network with a session', async () => {
    const s = setup(new LocalSIWX({ storage: new MemoryStorage(), required: true }), localChainB)
    s.storage.setItem(SIWX_LAST_NETWORK_KEY, 'eip155:31337')
    await s.flow.cancel()
    expect(s.deps.switchNetwork).toHaveBeenCalledWith(localChainA)
    expect(s.deps.disconnect).not.toHaveBeenCalled()
  })

  it('cancel when required and no network has a session disconnects', async () => {
    const s = setup(new LocalSIWX({ storage: new MemoryStorage(), required: true }))
    await s.flow.cancel()
    expect(s.deps.disconnect).toHaveBeenCalled()
    expect(s.deps.switchNetwork).not.toHaveBeenCalled()
  })

  it('init failure: tracks, disconnects, resets to Connect and says so', async () => {
    const broken: SIWXConfig = {
      createMessage: async () => {
        throw new Error('x')
      },
      addSession: async () => {},
      getSessions: async () => {
        throw new Error('storage down')
      },
      setSessions: async () => {},
      required: true,
    }
    const s = setup(broken)
    await s.flow.check()
    expect(s.deps.disconnect).toHaveBeenCalled()
    expect(s.events).toContain('SIWX_AUTH_ERROR')
    expect(s.toast.store.getState().message).toBe(
      'A problem occurred while trying initialize authentication',
    )
  })

  it('on a network the app does not list, signing fails with the error toast and no session', async () => {
    const siwx = new LocalSIWX({ storage: new MemoryStorage() })
    const s = setup(siwx)
    s.chain.setState({ unsupported: true })
    expect(await s.flow.signIn()).toBe(false)
    expect(s.signMessage).not.toHaveBeenCalled()
    expect(await siwx.getSessions('eip155:31337', address)).toEqual([])
    expect(s.toast.store.getState().message).toBe('Error signing message')
  })
})
