import type { AccountSnapshot, ModalEip1193Provider } from '@latchkey/core/internal'
import {
  AUTH_CONNECTOR_ID,
  createEmbeddedProvider,
  WALLETCONNECT_CONNECTOR_ID,
} from '@latchkey/core/internal'
import { defineNetwork } from '@latchkey/core/networks'
import type { FrameClient } from '@latchkey/frame/host'
import { reconnect } from '@wagmi/core'
import { describe, expect, it, vi } from 'vitest'
import { WagmiAdapter } from './adapter.ts'
import { LazyWagmiAdapter } from './lazyAdapter.ts'

const ADDRESS = '0x90f79bf6eb2c4f870365e785982e1f101e93b906'
const CHECKSUMMED = '0x90F79bf6EB2c4f870365E785982E1f101E93b906'
const ether = { name: 'Ether', symbol: 'ETH', decimals: 18 }
const networks = [
  defineNetwork({
    id: 1,
    name: 'Ethereum',
    nativeCurrency: ether,
    rpcUrls: { default: { http: ['https://eth.test'] } },
  }),
  defineNetwork({
    id: 10,
    name: 'Optimism',
    nativeCurrency: ether,
    rpcUrls: { default: { http: ['https://op.test'] } },
  }),
]

/** The embedded wallet's provider over a frame that signs out and switches at once. */
function embedded() {
  const request = vi.fn(async (type: string, payload: { chainId?: number }) =>
    type === 'APP_SWITCH_NETWORK' ? { chainId: payload.chainId } : {},
  )
  const client = { request } as unknown as FrameClient
  const provider = createEmbeddedProvider(client, networks, { onApproval: () => undefined })
  return { provider, request }
}

const ctx = (provider: ModalEip1193Provider) => ({
  networks,
  projectId: 'p',
  embeddedWallet: async () => provider,
})

describe('the modal-held connectors', () => {
  it('are WalletConnect and Email (the auth connector), from one factory', () => {
    const adapter = new WagmiAdapter({ networks, projectId: 'p' })
    expect(adapter.wagmiConfig.connectors.map((c) => [c.id, c.name, c.type])).toEqual([
      [WALLETCONNECT_CONNECTOR_ID, 'WalletConnect', 'walletConnect'],
      [AUTH_CONNECTOR_ID, 'Email', 'AUTH'],
    ])
  })

  it('are not authorised before the modal hands its providers over', async () => {
    const adapter = new LazyWagmiAdapter({ networks, projectId: 'p' })
    const config = await adapter.getWagmiConfig()
    for (const connector of config.connectors) {
      await expect(connector.isAuthorized()).resolves.toBe(false)
    }
    const auth = config.connectors.find((c) => c.id === AUTH_CONNECTOR_ID)
    await expect(auth?.getProvider()).resolves.toBeUndefined()
  })

  it("load nothing for wagmi's own reconnect until the modal has started them", async () => {
    const { provider } = embedded()
    provider.setUser({ address: ADDRESS, chainId: 10 })
    const loadFrame = vi.fn(async () => provider)
    let started = false
    const adapter = new WagmiAdapter({ networks, projectId: 'p' })
    await adapter.load({
      networks,
      projectId: 'p',
      embeddedWallet: loadFrame,
      walletConnect: async () => provider,
      started: { walletConnect: () => false, embeddedWallet: () => started },
    })
    const auth = adapter.wagmiConfig.connectors.find((c) => c.id === AUTH_CONNECTOR_ID)
    // What an app's <WagmiProvider> does on mount: every connector is asked.
    await reconnect(adapter.wagmiConfig)
    await expect(auth?.getProvider()).resolves.toBeUndefined()
    await expect(auth?.isAuthorized()).resolves.toBe(false)
    expect(loadFrame).not.toHaveBeenCalled()
    expect(adapter.wagmiConfig.state.status).toBe('disconnected')

    // A stored session the modal restores: now wagmi's reconnect finds the account.
    started = true
    const connections = await reconnect(adapter.wagmiConfig, { connectors: auth ? [auth] : [] })
    expect(loadFrame).toHaveBeenCalled()
    expect(connections[0]?.accounts).toEqual([CHECKSUMMED])
  })
})

describe.each([
  ['WagmiAdapter', () => new WagmiAdapter({ networks, projectId: 'p' })],
  ['LazyWagmiAdapter', () => new LazyWagmiAdapter({ networks, projectId: 'p' })],
])('the embedded wallet through %s', (_, createAdapter) => {
  it('connects only once the visitor has signed in, then follows the provider', async () => {
    const { provider, request } = embedded()
    const engine = await createAdapter().load(ctx(provider))
    await expect(engine.connect(AUTH_CONNECTOR_ID)).rejects.toThrow(
      'Not connected to email or social',
    )

    provider.setUser({ address: ADDRESS, chainId: 10 })
    const snapshot = await engine.connect(AUTH_CONNECTOR_ID)
    expect(snapshot).toEqual({
      status: 'connected',
      address: CHECKSUMMED,
      chainId: 10,
      connectorId: AUTH_CONNECTOR_ID,
    })
    await expect(engine.reconnect(AUTH_CONNECTOR_ID)).resolves.toBe(true)

    const seen: AccountSnapshot[] = []
    const stop = engine.watchAccount((account) => seen.push(account))
    await engine.switchNetwork(networks[0] as (typeof networks)[0])
    expect(request).toHaveBeenCalledWith('APP_SWITCH_NETWORK', {
      chainId: 1,
      rpcUrl: 'https://eth.test',
    })
    expect(seen.at(-1)).toMatchObject({ status: 'connected', chainId: 1 })

    provider.setUser(undefined)
    expect(seen.at(-1)).toMatchObject({ status: 'disconnected' })
    stop()
  })

  it('signs out in the frame on disconnect', async () => {
    const { provider, request } = embedded()
    const engine = await createAdapter().load(ctx(provider))
    provider.setUser({ address: ADDRESS, chainId: 1 })
    await engine.connect(AUTH_CONNECTOR_ID)
    await engine.disconnect()
    expect(request).toHaveBeenCalledWith('APP_SIGN_OUT', {})
    expect(provider.connected).toBe(false)
  })
})
