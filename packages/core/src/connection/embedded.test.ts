// The embedded wallet's part of the connection controller: its frame session (scripted frame
// host, testing/embeddedConnection.ts), the login's connection and the restore after a reload.
import { afterEach, describe, expect, it } from 'vitest'
import { AUTH_CONNECTOR_ID, EMBEDDED_SOLANA_CONNECTOR_ID } from '../constants.ts'
import type { EmbeddedUserInfo } from '../embedded/embeddedState.ts'
import { ErrorText } from '../errors.ts'
import { localChainA, localChainB, localSolana } from '../networks.ts'
import { MemoryStorage } from '../storage/memoryStorage.ts'
import { createAppKitStorage } from '../storage/storage.ts'
import { EMBEDDED_ADDRESS, embeddedConnection } from '../testing/embeddedConnection.ts'

const kits: { destroy(): void }[] = []
afterEach(() => {
  for (const kit of kits.splice(0)) kit.destroy()
})

const synced = { APP_SYNC_DAPP_DATA: () => ({}), APP_SYNC_THEME: () => ({}) }

function connection(options: Parameters<typeof embeddedConnection>[0] = {}) {
  const made = embeddedConnection({ ...options, replies: { ...synced, ...options.replies } })
  kits.push(made.kit)
  return made
}

const user: EmbeddedUserInfo = {
  email: 'a@example.com',
  address: EMBEDDED_ADDRESS,
  chainId: 31337,
  accounts: [{ address: EMBEDDED_ADDRESS, type: 'EOA', namespace: 'eip155' }],
  smartAccountDeployed: false,
  authProvider: 'email',
}

describe('the frame session', () => {
  it("is made once, on the active EVM network, and told the app's data and theme", async () => {
    const { controller, frame } = connection({
      context: {
        metadata: {
          name: 'Demo',
          description: 'A demo',
          url: 'https://demo.example',
          icons: Array.from({ length: 10 }, (_, i) => `https://demo.example/${i}.png`),
        },
      },
    })
    const [a, b] = await Promise.all([controller.embeddedWallet(), controller.embeddedWallet()])
    expect(a).toBe(b)
    expect(frame.made).toHaveLength(1)
    expect(frame.made[0]).toMatchObject({
      frameUrl: 'http://frame.test',
      projectId: 'test',
      sdkVersion: 'html-core-test',
      network: localChainA,
      networks: [localChainA, localChainB],
    })
    expect(frame.requests).toEqual([
      [
        'APP_SYNC_DAPP_DATA',
        {
          projectId: 'test',
          sdkVersion: 'html-core-test',
          sdkType: 'appkit',
          metadata: {
            name: 'Demo',
            description: 'A demo',
            url: 'https://demo.example',
            icons: Array.from({ length: 8 }, (_, i) => `https://demo.example/${i}.png`),
          },
        },
      ],
      ['APP_SYNC_THEME', { themeMode: 'dark', themeVariables: { '--w3m-accent': '#123456' } }],
    ])
  })

  it('with Solana active, the frame starts on the first EVM network', async () => {
    const { controller, frame, kit } = connection({
      networks: [localSolana, localChainB, localChainA],
    })
    kit.stores.chain.setState({ activeCaipNetwork: localSolana, activeNamespace: 'solana' })
    await controller.embeddedWallet()
    expect(frame.made[0]?.network).toBe(localChainB)
  })

  it('on the active EVM network when it is not the first', async () => {
    const { controller, frame, kit } = connection()
    kit.stores.chain.setState({ activeCaipNetwork: localChainB })
    await controller.embeddedWallet()
    expect(frame.made[0]?.network).toBe(localChainB)
  })

  it('a frame that does not get ready is destroyed; the next use makes a new one', async () => {
    const { controller, frame, logs } = connection()
    frame.state.ready = async () => {
      throw new Error('Unable to load email login dependency')
    }
    await expect(controller.embeddedWallet()).rejects.toThrow(
      'Unable to load email login dependency',
    )
    expect(frame.state.destroyed).toBe(1)
    expect(logs.map(([message]) => message)).toContain('embedded wallet failed to load')
    frame.state.ready = async () => {}
    await controller.embeddedWallet()
    expect(frame.made).toHaveLength(2)
  })

  it('a frame that refuses the app data is used all the same (logged)', async () => {
    const { controller, logs } = connection({
      replies: {
        APP_SYNC_DAPP_DATA: () => {
          throw new Error('no')
        },
      },
    })
    await expect(controller.embeddedWallet()).resolves.toBeDefined()
    expect(logs.map(([message]) => message)).toContain(
      'the frame did not take the dapp data or theme',
    )
  })

  it('an app whose metadata has no icons: the frame gets its data without them', async () => {
    const { controller, frame } = connection({
      context: { metadata: { name: 'Demo', description: 'A demo', url: 'https://demo.example' } },
    })
    await expect(controller.embeddedWallet()).resolves.toBeDefined()
    expect(frame.requests[0]).toEqual([
      'APP_SYNC_DAPP_DATA',
      {
        projectId: 'test',
        sdkVersion: 'html-core-test',
        sdkType: 'appkit',
        metadata: {
          name: 'Demo',
          description: 'A demo',
          url: 'https://demo.example',
          icons: undefined,
        },
      },
    ])
  })

  it("passes the frame's approvals, refusals and troubles on to the modal", async () => {
    const { controller, frame, approvals, alerts, kit, logs } = connection({
      context: { originRefused: async () => true },
    })
    await controller.embeddedWallet()
    const made = frame.made[0]
    if (!made) throw new Error('no session')
    await expect(made.originRefused).resolves.toBe(true)
    made.onApproval('start')
    made.onApproval('end')
    expect(approvals).toEqual(['start', 'end'])
    made.onRefused('eth_sign')
    expect(kit.stores.toast.getState()).toMatchObject({
      message: ErrorText.actionNotAllowed,
      variant: 'error',
    })
    expect(logs).toContainEqual(['embedded wallet refused a method', 'eth_sign'])
    made.onTrouble('request-timeout')
    made.onTrouble('unverified-domain')
    expect(alerts).toEqual(['APKT004', 'APKT005'])
  })

  it('without an origin check, the frame is not told to expect a refusal', async () => {
    const { controller, frame } = connection()
    await controller.embeddedWallet()
    expect(frame.made[0]).not.toHaveProperty('originRefused')
  })

  it('the theme follows only once the frame is there; an approval is aborted only then', async () => {
    const { controller, frame } = connection()
    controller.syncFrameTheme()
    controller.abortApproval('Modal closed')
    await Promise.resolve()
    expect(frame.made).toHaveLength(0)
    await controller.embeddedWallet()
    frame.requests.length = 0
    controller.syncFrameTheme()
    controller.abortApproval('Modal closed')
    await expect.poll(() => frame.requests.map(([type]) => type)).toEqual(['APP_SYNC_THEME'])
    await expect.poll(() => frame.aborts).toEqual(['Modal closed'])
  })

  it('a theme the loaded frame refuses is logged', async () => {
    const refused = new Error('no theme')
    let themes = 0
    const { controller, logs } = connection({
      replies: {
        APP_SYNC_THEME: () => {
          themes++
          if (themes > 1) throw refused
          return {}
        },
      },
    })
    await controller.embeddedWallet()
    controller.syncFrameTheme()
    await expect.poll(() => logs).toContainEqual(['theme sync failed', refused])
  })

  it('destroy ends the frame', async () => {
    const { controller, frame } = connection()
    await controller.embeddedWallet()
    controller.destroy()
    await expect.poll(() => frame.state.destroyed).toBe(1)
  })
})

describe('a login connects the account', () => {
  it('email: through the EVM adapter on the active network, CONNECT_SUCCESS as Email', async () => {
    const { controller, engine, events, kit, storage } = connection()
    await controller.connectEmbedded(user)
    expect(engine.connect).toHaveBeenCalledWith(AUTH_CONNECTOR_ID, localChainA)
    expect(kit.stores.account.getState()).toMatchObject({
      status: 'connected',
      address: EMBEDDED_ADDRESS,
      connectorId: AUTH_CONNECTOR_ID,
    })
    expect(storage.getConnectedConnectorId('eip155')).toBe(AUTH_CONNECTOR_ID)
    expect(events.filter(([event]) => event === 'CONNECT_SUCCESS')).toEqual([
      ['CONNECT_SUCCESS', { method: 'email', name: 'Email', address: EMBEDDED_ADDRESS }],
    ])
    expect(kit.stores.modal.getState().loading.eip155).toBe(false)
  })

  it('the EVM account shows as loading while the adapter connects it', async () => {
    const { controller, engine, kit } = connection()
    const seen: (boolean | undefined)[] = []
    engine.connect.mockImplementationOnce(async () => {
      seen.push(kit.stores.modal.getState().loading.eip155)
      return { status: 'connected', address: EMBEDDED_ADDRESS, chainId: 31337 }
    })
    await controller.connectEmbedded(user)
    expect(seen).toEqual([true])
    expect(kit.stores.modal.getState().loading.eip155).toBe(false)
  })

  it('social: CONNECT_SUCCESS names the provider', async () => {
    const { controller, events } = connection()
    await controller.connectEmbedded({ ...user, authProvider: 'google' })
    expect(events).toContainEqual([
      'CONNECT_SUCCESS',
      { method: 'social', name: 'google', address: EMBEDDED_ADDRESS },
    ])
  })

  it('a failing adapter: the loading flag goes off and the error reaches the caller', async () => {
    const { controller, engine, kit } = connection()
    engine.connect.mockRejectedValueOnce(new Error('no account'))
    await expect(controller.connectEmbedded(user)).rejects.toThrow('no account')
    expect(kit.stores.modal.getState().loading.eip155).toBe(false)
  })
})

describe('after a reload, the frame brings the user back', () => {
  function reloaded(replies: Record<string, (payload: unknown) => unknown>, social?: string) {
    const backend = new MemoryStorage()
    const stored = createAppKitStorage(backend, () => undefined)
    stored.setConnectedConnectorId('eip155', AUTH_CONNECTOR_ID)
    stored.addConnectedNamespace('eip155')
    if (social) stored.setConnectedSocialProvider(social as never)
    return connection({ storage: backend, replies })
  }

  it('signed in still: the user with the stored provider and the preferred account type', async () => {
    const frameUser = { ...user, authProvider: undefined, socialProvider: 'github' }
    const { controller, frame, kit, engine } = reloaded(
      { APP_IS_CONNECTED: () => ({ isConnected: true }), APP_GET_USER: () => frameUser },
      'google',
    )
    engine.reconnect.mockResolvedValueOnce(true)
    await controller.reconnect('eip155')
    const restored = { ...frameUser, preferredAccountType: 'eoa', authProvider: 'google' }
    expect(kit.stores.embedded.getState().user).toEqual(restored)
    expect(frame.users).toEqual([restored])
    expect(engine.reconnect).toHaveBeenCalledWith(AUTH_CONNECTOR_ID)
  })

  it("a frame user without an account type gets the app's default one", async () => {
    const backend = new MemoryStorage()
    const stored = createAppKitStorage(backend, () => undefined)
    stored.setConnectedConnectorId('eip155', AUTH_CONNECTOR_ID)
    stored.addConnectedNamespace('eip155')
    const { controller, kit, engine } = connection({
      storage: backend,
      context: { defaultAccountTypes: { eip155: 'smartAccount' } },
      replies: { APP_IS_CONNECTED: () => ({ isConnected: true }), APP_GET_USER: () => user },
    })
    engine.reconnect.mockResolvedValueOnce(true)
    await controller.reconnect('eip155')
    expect(kit.stores.embedded.getState().user?.preferredAccountType).toBe('smartAccount')
  })

  it.each([
    ['farcaster', 'farcaster'],
    [undefined, 'github'],
  ] as const)("stored provider %s: the user's is %s (else the frame's)", async (stored, named) => {
    const frameUser = { ...user, authProvider: undefined, socialProvider: 'github' }
    const { controller, kit, engine } = reloaded(
      { APP_IS_CONNECTED: () => ({ isConnected: true }), APP_GET_USER: () => frameUser },
      stored,
    )
    engine.reconnect.mockResolvedValueOnce(true)
    await controller.reconnect('eip155')
    expect(kit.stores.embedded.getState().user?.authProvider).toBe(named)
  })

  it('nothing stored: nothing to bring back, the frame is not made', async () => {
    const { controller, frame, kit } = connection()
    await controller.reconnect('eip155')
    expect(frame.made).toHaveLength(0)
    expect(kit.stores.account.getState().status).toBe('disconnected')
  })

  it('asked again later, the frame is asked again (one restore serves only calls at once)', async () => {
    const { controller, frame, storage } = reloaded({
      APP_IS_CONNECTED: () => ({ isConnected: false }),
    })
    await controller.reconnect('eip155')
    storage.setConnectedConnectorId('eip155', AUTH_CONNECTOR_ID)
    await controller.reconnect('eip155')
    expect(frame.requests.filter(([type]) => type === 'APP_IS_CONNECTED')).toHaveLength(2)
  })

  it('signed out in the frame: disconnected, the user never asked for', async () => {
    const { controller, frame, kit, engine, storage } = reloaded({
      APP_IS_CONNECTED: () => ({ isConnected: false }),
    })
    await controller.reconnect('eip155')
    expect(frame.requests.map(([type]) => type)).not.toContain('APP_GET_USER')
    expect(engine.reconnect).not.toHaveBeenCalled()
    expect(kit.stores.account.getState().status).toBe('disconnected')
    expect(storage.getConnectedConnectorId('eip155')).toBeUndefined()
  })

  it("the login's Solana account, signed out in the frame: forgotten, its wallet never asked", async () => {
    const backend = new MemoryStorage()
    const stored = createAppKitStorage(backend, () => undefined)
    stored.setConnectedConnectorId('solana', EMBEDDED_SOLANA_CONNECTOR_ID)
    stored.addConnectedNamespace('solana')
    const { controller, kit, solanaEngine, storage } = connection({
      storage: backend,
      networks: [localChainA, localSolana],
      solana: {
        status: 'connected',
        address: 'So11111111111111111111111111111111111111112',
        chainId: localSolana.id,
      },
      replies: { APP_IS_CONNECTED: () => ({ isConnected: false }) },
    })
    await controller.reconnect('solana')
    expect(solanaEngine?.reconnect).not.toHaveBeenCalled()
    expect(kit.stores.account.getState().status).toBe('disconnected')
    expect(storage.getConnectedConnectorId('solana')).toBeUndefined()
  })
})
