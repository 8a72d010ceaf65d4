// @vitest-environment jsdom
// useAppKitConnection in a React tree around a real instance: the Solana adapter, a real Wallet
// Standard wallet holding a funded key, and the local Solana RPC. The flow is AppKit's documented
// one: the app builds a transfer, the wallet provider signs it and sends it through the
// connection, which confirms it.
// The instance runs against a refused service: its two setup alerts are expected, anything else
// written to the console fails the test (as in @latchkey/react's component tests).
import '../../react/src/testing/quietConsole.ts'
import { MemoryStorage } from '@latchkey/core/internal'
import { localChainA, localSolana, withRpcUrl } from '@latchkey/core/networks'
import { type SolanaDevnet, startSolanaDevnet } from '@latchkey/devnet'
import { type AppKit, AppKitProvider, createAppKit, useAppKitProvider } from '@latchkey/react'
import { PublicKey } from '@solana/web3.js'
import { act, cleanup, renderHook, waitFor } from '@testing-library/react'
import { createElement, type ReactNode } from 'react'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { SolanaAdapter } from './adapter.ts'
import { freshAddress, registerFundedWallet } from './testing/keys.ts'
import { kit } from './testing/transfers.ts'
import { useAppKitConnection } from './useAppKitConnection.ts'
import type { Provider } from './walletProvider.ts'

let devnet: SolanaDevnet
let network: typeof localSolana
const cleanups: (() => void)[] = []

beforeAll(async () => {
  devnet = await startSolanaDevnet({ port: 0 })
  network = withRpcUrl(localSolana, devnet.rpcUrl)
})
afterAll(() => devnet?.stop())
afterEach(() => {
  cleanup()
  for (const stop of cleanups.splice(0)) stop()
})

function appKitWith(networks: Parameters<typeof createAppKit>[0]['networks']): AppKit {
  const appKit = createAppKit({
    adapters: [new SolanaAdapter()],
    networks,
    projectId: 'p',
    storage: new MemoryStorage(),
    apiUrl: 'http://127.0.0.1:1',
  })
  cleanups.push(() => appKit.destroy())
  return appKit
}

/** The two hooks an AppKit Solana app reads, rendered under the instance. */
function renderHooks(appKit: AppKit) {
  const wrapper = ({ children }: { children: ReactNode }) =>
    createElement(AppKitProvider, { instance: appKit, children })
  return renderHook(
    () => ({
      ...useAppKitConnection(),
      walletProvider: useAppKitProvider<Provider>('solana').walletProvider,
    }),
    { wrapper },
  )
}

describe('useAppKitConnection', () => {
  it("gives the Solana network's connection; the wallet provider sends through it", async () => {
    const funded = registerFundedWallet(devnet, 1)
    cleanups.push(funded.unregister)
    const appKit = appKitWith([network])
    const { result, rerender } = renderHooks(appKit)
    const { connection } = result.current
    expect(connection?.rpcEndpoint).toBe(devnet.rpcUrl)
    expect(result.current.walletProvider).toBeUndefined()

    await act(() => appKit.core.connect(funded.connectorId))
    await waitFor(() => expect(result.current.walletProvider).toBeDefined())
    rerender()
    expect(result.current.connection).toBe(connection)
    expect(renderHooks(appKit).result.current.connection).toBe(connection)
    if (!connection || !result.current.walletProvider) throw new Error('not connected')
    const walletProvider = result.current.walletProvider
    // The same provider for an app without React (AppKit's getWalletProvider/subscribeProviders).
    expect(appKit.getWalletProvider('solana')).toBe(walletProvider)
    expect(appKit.getWalletProvider()).toBe(walletProvider)
    expect(appKit.getWalletProviderType()).toBe('ANNOUNCED')
    const seen: unknown[] = []
    const stop = appKit.subscribeProviders((providers) => seen.push(providers.solana))
    await waitFor(() => expect(seen).toEqual([walletProvider]))
    stop()

    const wallet = new PublicKey(walletProvider.publicKey?.toBase58() ?? '')
    expect(wallet.toBase58()).toBe(funded.owner)
    const before = await connection.getBalance(wallet)
    const to = freshAddress()
    const latest = await connection.getLatestBlockhash()
    // A kit transaction: web3.js's Node build checks its Buffers against Node's Uint8Array, which
    // jsdom's globals replace (walletProvider.test.ts sends web3.js's kinds, in Node).
    const transaction = await kit.build(funded.owner, to, 2_000_000, latest)
    const signature = await walletProvider.sendTransaction(transaction, connection)
    const { value } = await connection.confirmTransaction({ signature, ...latest })
    expect(value.err).toBeNull()
    expect(await connection.getBalance(to)).toBe(2_000_000)
    // The transfer and the 5,000-lamport fee of its one signature.
    expect(await connection.getBalance(wallet)).toBe(before - 2_000_000 - 5_000)

    await act(() => appKit.core.disconnect())
    await waitFor(() => expect(appKit.getWalletProvider('solana')).toBeUndefined())
    expect(result.current.walletProvider).toBeUndefined()
  })

  it('follows the active network: none on an EVM network, the Solana one once switched to', async () => {
    const appKit = appKitWith([localChainA, network])
    const { result } = renderHooks(appKit)
    expect(result.current.connection).toBeUndefined()
    await act(() => appKit.switchNetwork(network))
    expect(result.current.connection?.rpcEndpoint).toBe(devnet.rpcUrl)
    await act(() => appKit.switchNetwork(localChainA))
    expect(result.current.connection).toBeUndefined()
  })

  it("keeps the connected Solana wallet's network while an EVM network is active", async () => {
    const funded = registerFundedWallet(devnet, 2)
    cleanups.push(funded.unregister)
    const appKit = appKitWith([localChainA, network])
    const { result } = renderHooks(appKit)
    await act(() => appKit.core.connect(funded.connectorId))
    expect(appKit.core.stores.account.getState().connections?.solana?.address).toBe(funded.owner)
    // An EVM wallet connected beside it and active (core activates no namespace without one).
    act(() => {
      appKit.core.stores.chain.setState({
        activeNamespace: 'eip155',
        activeCaipNetwork: localChainA,
      })
    })
    expect(result.current.connection?.rpcEndpoint).toBe(devnet.rpcUrl)
  })
})
