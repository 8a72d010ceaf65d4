import { afterEach, describe, expect, it, vi } from 'vitest'
import { defineNetwork, localChainA, localChainB, localSolana } from '../networks.ts'
import { MemoryStorage } from '../storage/memoryStorage.ts'
import { address, siwxSetup as setup } from '../testing/siwxSetup.ts'
import type { SIWXConfig, SIWXSession } from './siwx.ts'
import { DATA_CAPTURED_KEY, SIWX_LAST_NETWORK_KEY } from './siwxFlow.ts'
import { LocalSIWX } from './siwxLocal.ts'

afterEach(() => {
  vi.unstubAllGlobals()
})

const caip = `eip155:31337:${address}`

/** Storage that refuses every read and write, like a browser with storage blocked */
const blockedStorage = {
  getItem: () => {
    throw new Error('blocked')
  },
  setItem: () => {
    throw new Error('blocked')
  },
  removeItem: () => undefined,
}

/** LocalSIWX whose session look-ups the test answers by hand, one after the other */
function heldSessions(local: LocalSIWX) {
  const waiting: { resolve(sessions: SIWXSession[]): void; reject(error: Error): void }[] = []
  const siwx: SIWXConfig = {
    createMessage: (input) => local.createMessage(input),
    addSession: (session) => local.addSession(session),
    setSessions: (sessions, account) => local.setSessions(sessions, account),
    getSessions: () => new Promise((resolve, reject) => waiting.push({ resolve, reject })),
    required: true,
  }
  return { siwx, waiting }
}

describe('SIWX check: when the prompt comes (§4)', () => {
  it('not for an account that is not connected, a network the app does not list, or another namespace', async () => {
    const getSessions = vi.fn(async () => [])
    const siwx = { ...new LocalSIWX({ storage: new MemoryStorage() }), getSessions } as never
    for (const change of [
      (s: ReturnType<typeof setup>) => s.account.setState({ status: 'connecting' }),
      (s: ReturnType<typeof setup>) => s.chain.setState({ unsupported: true }),
      (s: ReturnType<typeof setup>) => s.account.setState({ namespace: 'cosmos' }),
    ]) {
      const s = setup(siwx)
      change(s)
      expect(await s.flow.check()).toBeUndefined()
      expect(s.deps.open).not.toHaveBeenCalled()
    }
    expect(getSessions).not.toHaveBeenCalled()
  })

  it('a Solana account on a Solana network is asked to sign in too', async () => {
    const s = setup(new LocalSIWX({ storage: new MemoryStorage() }), localSolana)
    s.account.setState({ namespace: 'solana' })
    s.chain.setState({ activeNamespace: 'solana' })
    expect(await s.flow.check()).toBe(false)
    expect(s.deps.open).toHaveBeenCalledWith('SIWXSignMessage')
  })

  it('a Bitcoin account on a Bitcoin network is asked too, and signs the Bitcoin form', async () => {
    const regtest = defineNetwork({
      id: '0f9188f13cb7b2c71f2a335e3a4fc328',
      chainNamespace: 'bip122',
      name: 'Bitcoin Regtest',
      nativeCurrency: { name: 'Bitcoin', symbol: 'BTC', decimals: 8 },
      rpcUrls: { default: { http: ['http://127.0.0.1:8792'] } },
    })
    const bitcoinAddress = 'bcrt1q5e4pt2y326ppsla0r3x7wz2wcjanerqfg0zdf8'
    const s = setup(new LocalSIWX({ storage: new MemoryStorage() }), regtest)
    s.account.setState({
      namespace: 'bip122',
      address: bitcoinAddress,
      caipAddress: `${regtest.caipNetworkId}:${bitcoinAddress}`,
    })
    s.chain.setState({ activeNamespace: 'bip122' })
    expect(await s.flow.check()).toBe(false)
    expect(s.deps.open).toHaveBeenCalledWith('SIWXSignMessage')
    expect(await s.flow.signIn()).toBe(true)
    const [text] = s.signMessage.mock.calls[0] ?? []
    expect(text?.split('\n').slice(0, 2)).toEqual([
      '127.0.0.1:5173 wants you to sign in with your Bitcoin account:',
      bitcoinAddress,
    ])
    expect(await s.flow.check()).toBe(true)
  })

  it('an account with a session: true, nothing opens, its network is recorded', async () => {
    const siwx = new LocalSIWX({ storage: new MemoryStorage(), required: true })
    const s = setup(siwx, localChainB)
    s.siwxStore.setState({ blocking: true })
    await siwx.addSession({
      data: await siwx.createMessage({ accountAddress: address, chainId: 'eip155:31338' }),
      message: 'm',
      signature: 's',
    })
    expect(await s.flow.check()).toBe(true)
    expect(s.deps.open).not.toHaveBeenCalled()
    expect(s.siwxStore.getState().blocking).toBe(false)
    expect(s.storage.getItem(SIWX_LAST_NETWORK_KEY)).toBe('eip155:31338')
  })

  it('an older check answering last does not undo the newer one', async () => {
    const local = new LocalSIWX({ storage: new MemoryStorage() })
    const { siwx, waiting } = heldSessions(local)
    const s = setup(siwx)
    const older = s.flow.check()
    const newer = s.flow.check()
    expect(waiting).toHaveLength(2)
    waiting[1]?.resolve([{} as SIWXSession])
    expect(await newer).toBe(true)
    waiting[0]?.resolve([])
    expect(await older).toBeUndefined()
    expect(s.deps.open).not.toHaveBeenCalled()
    expect(s.siwxStore.getState().blocking).toBe(false)

    // An older check failing late does not disconnect the account either.
    const stale = s.flow.check()
    const fresh = s.flow.check()
    expect(waiting).toHaveLength(4)
    waiting[3]?.resolve([{} as SIWXSession])
    await fresh
    waiting[2]?.reject(new Error('storage down'))
    await stale
    expect(s.deps.disconnect).not.toHaveBeenCalled()
    expect(s.events).toEqual([])
  })

  it('sessions that fail to load: back to Connect, unblocked, the error tracked', async () => {
    const local = new LocalSIWX({ storage: new MemoryStorage() })
    const { siwx, waiting } = heldSessions(local)
    const s = setup(siwx)
    s.router.push('Account')
    s.siwxStore.setState({ blocking: true })
    const checked = s.flow.check()
    expect(waiting).toHaveLength(1)
    waiting[0]?.reject(new Error('storage down'))
    await checked
    expect(s.router.store.getState().history.map((r) => r.view)).toEqual(['Connect'])
    expect(s.siwxStore.getState().blocking).toBe(false)
    expect(s.tracked).toEqual([['SIWX_AUTH_ERROR', { message: 'storage down' }]])
    expect(s.deps.disconnect).toHaveBeenCalled()
    expect(s.log).toHaveBeenCalledWith('SIWX sessions failed to load', expect.any(Error))
  })

  it('a config that rejects with nothing (not an Error) is handled the same way', async () => {
    const local = new LocalSIWX({ storage: new MemoryStorage() })
    const { siwx, waiting } = heldSessions(local)
    const s = setup(siwx)
    const checked = s.flow.check()
    waiting[0]?.reject(undefined as never)
    await checked
    expect(s.tracked).toEqual([['SIWX_AUTH_ERROR', { message: undefined }]])
    expect(s.deps.disconnect).toHaveBeenCalled()
  })
})

describe('DataCapture (§4)', () => {
  it.each([
    ['unreadable', 'not json'],
    ['not a list', '{"0":"x"}'],
  ])(
    'a record that is %s asks for the email again, then holds just this account',
    async (_, stored) => {
      const s = setup(new LocalSIWX({ storage: new MemoryStorage() }))
      s.storage.setItem(DATA_CAPTURED_KEY, stored)
      s.deps.emailCapture.mockReturnValue(true)
      await s.flow.check()
      expect(s.deps.open).toHaveBeenCalledWith('DataCapture')
      expect(await s.flow.captureEmail('me@example.org')).toBeUndefined()
      expect(JSON.parse(s.storage.getItem(DATA_CAPTURED_KEY) ?? '')).toEqual([caip])
    },
  )

  it('giving the email records the account (the record keeps only accounts); the sign-in follows, and it is not asked again', async () => {
    const s = setup(new LocalSIWX({ storage: new MemoryStorage() }))
    s.storage.setItem(DATA_CAPTURED_KEY, JSON.stringify([7, 'eip155:1:0xother']))
    s.deps.emailCapture.mockReturnValue(true)
    await s.flow.check()
    expect(s.deps.open).toHaveBeenLastCalledWith('DataCapture')
    expect(await s.flow.captureEmail('me@example.org')).toBeUndefined()
    expect(JSON.parse(s.storage.getItem(DATA_CAPTURED_KEY) ?? '')).toEqual([
      'eip155:1:0xother',
      caip,
    ])
    // No session yet: the sign view follows and the modal stays open.
    expect(s.deps.open).toHaveBeenLastCalledWith('SIWXSignMessage')
    expect(s.deps.close).not.toHaveBeenCalled()
    s.deps.open.mockClear()
    await s.flow.check()
    expect(s.deps.open).toHaveBeenCalledWith('SIWXSignMessage')
    expect(s.deps.open).not.toHaveBeenCalledWith('DataCapture')
  })

  it('DataCapture may be closed even while a required sign-in was blocking', async () => {
    const s = setup(new LocalSIWX({ storage: new MemoryStorage(), required: true }))
    s.siwxStore.setState({ blocking: true })
    s.deps.emailCapture.mockReturnValue(true)
    await s.flow.check()
    expect(s.deps.open).toHaveBeenLastCalledWith('DataCapture')
    expect(s.siwxStore.getState().blocking).toBe(false)
  })

  it('the server refusing the email shows its message; nothing is recorded', async () => {
    const s = setup(new LocalSIWX({ storage: new MemoryStorage() }))
    s.deps.saveEmail.mockRejectedValueOnce(new Error('Too many requests'))
    expect(await s.flow.captureEmail('me@example.org')).toBe('Too many requests')
    expect(s.storage.getItem(DATA_CAPTURED_KEY)).toBeNull()
    expect(s.deps.open).not.toHaveBeenCalled()
  })

  it('with storage blocked the email is saved and the sign-in follows, not DataCapture again', async () => {
    const s = setup(
      new LocalSIWX({ storage: new MemoryStorage() }),
      localChainA,
      undefined,
      blockedStorage,
    )
    s.deps.emailCapture.mockReturnValue(true)
    await s.flow.check()
    expect(s.deps.open).toHaveBeenLastCalledWith('DataCapture')
    expect(await s.flow.captureEmail('me@example.org')).toBeUndefined()
    expect(s.deps.saveEmail).toHaveBeenCalledWith('me@example.org', caip)
    expect(s.deps.open).toHaveBeenLastCalledWith('SIWXSignMessage')
  })
})
