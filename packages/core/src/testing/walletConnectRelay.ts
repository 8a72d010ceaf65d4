// Test support only: instances on our real relay (packages/server, started once per test file)
// and phone wallets we did not write (Reown's WalletKit, e2e/walletConnectWallet.ts), in this
// process. Call useRealRelay() at the top of a test file.
import { TEST_ACCOUNTS } from '@latchkey/devnet'
import { afterAll, afterEach, beforeAll, expect, vi } from 'vitest'
import {
  startWalletConnectWallet,
  type WalletConnectWalletOptions,
} from '../../../../e2e/walletConnectWallet.ts'
import type { AppMetadata } from '../appkitState.ts'
import type { ChainAdapter } from '../connection/adapter.ts'
import { type CaipNetwork, localChainA, localChainB, localSolana } from '../networks.ts'
import {
  createWalletConnectClient,
  type WalletConnectClient,
} from '../walletConnect/walletConnectClient.ts'
import { destroyKits, setup } from './connectionSetup.ts'
import { DEMO_PROJECT_ID, startRealServer } from './realServer.ts'

export const WALLET_ADDRESS = TEST_ACCOUNTS[0].address
/** The relay's round trips under a loaded CI machine */
export const WAIT = { timeout: 10_000 }

export type AdapterDeps = Parameters<ChainAdapter['load']>[0]

const TEST_APP: AppMetadata = {
  name: 'Test app',
  description: '',
  url: 'http://app.test',
  icons: [],
}

export function useRealRelay() {
  let server: Awaited<ReturnType<typeof startRealServer>> | undefined
  const closers: (() => Promise<void>)[] = []
  beforeAll(async () => {
    server = await startRealServer()
  })
  afterAll(() => server?.close())
  afterEach(async () => {
    destroyKits()
    vi.unstubAllGlobals()
    for (const close of closers.splice(0).reverse()) await close()
  })
  const relayUrl = () => {
    if (!server) throw new Error('the relay starts in beforeAll')
    return server.relayUrl
  }

  /** An instance on the relay; `adapters: []` is an app that drives WalletConnect itself. */
  function app(options: Parameters<typeof setup>[1] = {}) {
    const s = setup(undefined, { projectId: DEMO_PROJECT_ID, relayUrl: relayUrl(), ...options })
    const offer = async () => {
      await vi.waitFor(
        () => expect(s.kit.stores.walletConnect.getState().offer).toBeDefined(),
        WAIT,
      )
      const offered = s.kit.stores.walletConnect.getState().offer
      if (!offered) throw new Error('no offer')
      return offered
    }
    return { ...s, offer }
  }

  async function mobileWallet(options: Partial<WalletConnectWalletOptions> = {}) {
    const wallet = await startWalletConnectWallet({
      relayUrl: relayUrl(),
      projectId: DEMO_PROJECT_ID,
      privateKey: TEST_ACCOUNTS[0].privateKey,
      chains: { 31337: 'http://127.0.0.1:1' },
      ...options,
    })
    closers.push(() => wallet.close())
    return wallet
  }

  /** An app paired with a phone wallet */
  async function paired(
    options?: Parameters<typeof setup>[1],
    walletOptions?: Partial<WalletConnectWalletOptions>,
  ) {
    const s = app(options)
    const pairing = s.kit.walletConnect.start()
    const wallet = await mobileWallet(walletOptions)
    await wallet.pair((await s.offer()).uri)
    await pairing
    return { ...s, wallet }
  }

  /**
   * A bare sign client (no instance around it) on the relay, named "Test app" unless the test
   * passes its own metadata (undefined: none at all).
   */
  async function client(
    options: {
      projectId?: string
      onRelayError?: (m: string) => void
      metadata?: AppMetadata
      networks?: CaipNetwork[]
      /** Clients with one prefix share WalletConnect's core (one relay connection) */
      storagePrefix?: string
    } = { metadata: TEST_APP },
  ) {
    const made = await createWalletConnectClient({
      projectId: options.projectId ?? DEMO_PROJECT_ID,
      relayUrl: relayUrl(),
      metadata: 'metadata' in options ? options.metadata : TEST_APP,
      networks: options.networks ?? [localChainA, localChainB, localSolana],
      storagePrefix: options.storagePrefix ?? `test-app-${crypto.randomUUID()}`,
      onRelayError: options.onRelayError,
    })
    closers.push(() => made.disconnect().catch(() => undefined))
    return made
  }

  /** The client offers a pairing, a phone wallet scans it and approves. */
  async function pairedClient(
    made: WalletConnectClient,
    walletOptions?: Partial<WalletConnectWalletOptions>,
  ) {
    const mobile = await mobileWallet(walletOptions)
    const { uri, approval } = await made.propose()
    await mobile.pair(uri)
    return { mobile, session: await approval, uri }
  }

  return { app, mobileWallet, paired, client, pairedClient, relayUrl }
}
