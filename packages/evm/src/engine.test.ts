// @vitest-environment jsdom
import { isUserRejectedError, ProviderNotFoundError } from '@latchkey/core/internal'
import { localChainA, localChainB, withRpcUrl } from '@latchkey/core/networks'
import { type Devnet, findFreePort, startDevnet, TEST_ACCOUNTS } from '@latchkey/devnet'
import { createConfig, http, injected, reconnect } from '@wagmi/core'
import headless from 'headless-web3-provider'
import { createPublicClient, http as viemHttp } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { toViemChain } from './config.ts'
import { createWagmiEngine } from './engine.ts'

const { makeHeadlessWeb3Provider, Web3RequestKind } = headless
type Backend = ReturnType<typeof makeHeadlessWeb3Provider>

let devnet: Devnet
let chainA: ReturnType<typeof withRpcUrl>
let chainB: ReturnType<typeof withRpcUrl>

beforeAll(async () => {
  const [a, b] = await Promise.all([findFreePort(), findFreePort()])
  devnet = await startDevnet({
    chains: [
      { chainId: 31337, port: a },
      { chainId: 31338, port: b },
    ],
  })
  chainA = withRpcUrl(localChainA, devnet.chains[0]?.rpcUrl ?? '')
  chainB = withRpcUrl(localChainB, devnet.chains[1]?.rpcUrl ?? '')
})
afterAll(() => devnet?.stop())

/** The wagmi engine over a real wallet we did not write, talking to the real devnet. */
function setup() {
  const account = TEST_ACCOUNTS[0]
  const wallet: Backend = makeHeadlessWeb3Provider(
    [account.privateKey],
    31337,
    chainA.rpcUrls.default.http[0] ?? '',
  )
  const chains = [toViemChain(chainA), toViemChain(chainB)] as const
  const config = createConfig({
    chains,
    transports: { 31337: http(), 31338: http() },
    connectors: [
      injected({
        target: { id: 'headless-web3-provider', name: 'Headless', provider: wallet as never },
      }),
    ],
    storage: null,
  })
  return { wallet, engine: createWagmiEngine(config), account, config }
}

/** wagmi asks for permissions, then for the accounts: the visitor approves both. */
async function approveConnection(wallet: Backend) {
  await wallet.authorize(Web3RequestKind.RequestPermissions)
  await wallet.authorize(Web3RequestKind.RequestAccounts)
}

describe('wagmi engine with headless-web3-provider on anvil', () => {
  it('connects, reads the native balance anvil reports, switches chain (adding it), disconnects', async () => {
    const { wallet, engine, account } = setup()
    const connecting = engine.connect('headless-web3-provider')
    await approveConnection(wallet)
    const snapshot = await connecting
    expect(snapshot).toMatchObject({
      status: 'connected',
      chainId: 31337,
      connectorId: 'headless-web3-provider',
    })
    expect(snapshot.address?.toLowerCase()).toBe(account.address.toLowerCase())

    const onChain = await createPublicClient({
      transport: viemHttp(chainA.rpcUrls.default.http[0]),
    }).getBalance({ address: account.address })
    const balance = await engine.getBalance(account.address, chainA)
    expect(balance).toEqual({ value: onChain, decimals: 18, symbol: 'ETH' })

    const seen: (number | string | undefined)[] = []
    const stop = engine.watchAccount((a) => seen.push(a.chainId))
    const switching = engine.switchNetwork(chainB)
    await wallet.authorize(Web3RequestKind.SwitchEthereumChain)
    await wallet.authorize(Web3RequestKind.AddEthereumChain)
    await wallet.authorize(Web3RequestKind.SwitchEthereumChain)
    await switching
    expect(seen).toContain(31338)
    expect(wallet.getNetworks().map((n) => n.chainId)).toEqual([31337, 31338])
    stop()

    const statuses: string[] = []
    const stopStatuses = engine.watchAccount((a) => statuses.push(a.status))
    await engine.disconnect()
    expect(statuses.at(-1)).toBe('disconnected')
    stopStatuses()
  })

  it('surfaces a wallet refusal as a user rejection (4001)', async () => {
    const { wallet, engine } = setup()
    const connecting = engine.connect('headless-web3-provider')
    connecting.catch(() => undefined)
    await wallet.reject(Web3RequestKind.RequestPermissions)
    const error = await connecting.then(
      () => undefined,
      (e: unknown) => e,
    )
    expect(isUserRejectedError(error)).toBe(true)
  })

  it('fails with ProviderNotFoundError for a wallet that never announced itself', async () => {
    const { engine } = setup()
    await expect(engine.connect('not.installed')).rejects.toBeInstanceOf(ProviderNotFoundError)
  })

  it("a listed wallet whose provider has left: wagmi's error becomes core's (the wallet is gone)", async () => {
    const config = createConfig({
      chains: [toViemChain(chainA)],
      transports: { 31337: http() },
      connectors: [injected({ target: { id: 'gone', name: 'Gone', provider: () => undefined } })],
      storage: null,
    })
    const error = await createWagmiEngine(config)
      .connect('gone')
      .then(
        () => undefined,
        (e: unknown) => e,
      )
    expect(error).toBeInstanceOf(ProviderNotFoundError)
    expect((error as Error).cause).toMatchObject({ name: 'ProviderNotFoundError' })
  })

  it('reconnects a wallet that already authorised the site', async () => {
    const first = setup()
    const connecting = first.engine.connect('headless-web3-provider')
    await approveConnection(first.wallet)
    await connecting
    expect(await first.engine.reconnect('headless-web3-provider')).toBe(true)
  })

  it("reconnects while the app's own wagmi reconnect runs (wagmi answers [] to a second one)", async () => {
    const { wallet, engine, config } = setup()
    const connecting = engine.connect('headless-web3-provider')
    await approveConnection(wallet)
    await connecting
    const seen: string[] = []
    const stop = engine.watchAccount((account) => seen.push(account.status))
    const appReconnect = reconnect(config)
    expect(config.state.status).toBe('reconnecting')
    expect(await engine.reconnect('headless-web3-provider')).toBe(true)
    await appReconnect
    expect(seen).toContain('connected')
    stop()
  })
  it("reconnects on a fresh page while the app's first wagmi reconnect runs ('connecting', nothing stored)", async () => {
    const first = setup()
    const connecting = first.engine.connect('headless-web3-provider')
    await approveConnection(first.wallet)
    await connecting
    // The reload: a new wagmi config over the same wallet, with nothing of the last page stored.
    const config = createConfig({
      chains: [toViemChain(chainA)],
      transports: { 31337: http() },
      connectors: [
        injected({
          target: {
            id: 'headless-web3-provider',
            name: 'Headless',
            provider: first.wallet as never,
          },
        }),
      ],
      storage: null,
    })
    const engine = createWagmiEngine(config)
    const appReconnect = reconnect(config)
    expect(config.state.status).toBe('connecting')
    expect(await engine.reconnect('headless-web3-provider')).toBe(true)
    await appReconnect
    expect(config.state.status).toBe('connected')
  })

  it("a disconnect while the app's own wagmi reconnect runs is not undone when that reconnect ends", async () => {
    const { wallet, engine, config } = setup()
    const connecting = engine.connect('headless-web3-provider')
    await approveConnection(wallet)
    await connecting
    const seen: string[] = []
    const stop = engine.watchAccount((account) => seen.push(account.status))
    const appReconnect = reconnect(config)
    await engine.disconnect()
    await appReconnect
    expect(config.state.status).toBe('disconnected')
    expect(config.state.connections.size).toBe(0)
    expect(seen.at(-1)).toBe('disconnected')
    // The wallet connects again as at first (wagmi refuses a connector it still holds).
    const again = engine.connect('headless-web3-provider')
    await approveConnection(wallet)
    await expect(again).resolves.toMatchObject({ status: 'connected' })
    stop()
  })
})
