import { afterEach, describe, expect, it, vi } from 'vitest'
import { ErrorText } from '../errors.ts'
import { localChainA, localChainB, localSolana } from '../networks.ts'
import { evmSession, scriptedWallet, WC_ACCOUNT, WC_OTHER } from '../testing/walletConnectWallet.ts'
import { createWalletConnectProvider } from './walletConnectProvider.ts'

const A = localChainA.caipNetworkId
const B = localChainB.caipNetworkId
const NETWORKS = [localSolana, localChainA, localChainB]
const both = () =>
  evmSession({
    chains: [A, B],
    accounts: [`${A}:${WC_ACCOUNT}`, `${B}:${WC_OTHER}`],
    methods: ['personal_sign', 'wallet_addEthereumChain'],
  })

function setup(session = both()) {
  const wallet = scriptedWallet(session)
  const provider = createWalletConnectProvider(wallet.client, NETWORKS)
  const seen: [string, unknown][] = []
  for (const event of ['chainChanged', 'accountsChanged', 'disconnect']) {
    provider.on(event, (value: unknown) => seen.push([event, value]))
  }
  return { wallet, provider, seen }
}

const rpcError = (code: number, message?: string) =>
  expect.objectContaining(message === undefined ? { code } : { code, message })

describe('the chain a WalletConnect session talks to', () => {
  it("is the app's first EVM network the session approves, with that chain's accounts", async () => {
    const { provider } = setup()
    expect(provider.connected).toBe(true)
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x7a69')
    expect(await provider.request({ method: 'net_version' })).toBe('31337')
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([WC_ACCOUNT])
  })

  it("is the session's first chain when the app has none of them", async () => {
    const wallet = scriptedWallet(evmSession({ accounts: [`eip155:10:${WC_ACCOUNT}`] }))
    const provider = createWalletConnectProvider(wallet.client, NETWORKS)
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0xa')
    expect(await provider.request({ method: 'eth_requestAccounts' })).toEqual([WC_ACCOUNT])
  })

  it('a session without an EVM chain is disconnected for EVM requests', async () => {
    const wallet = scriptedWallet(evmSession({ accounts: [] }))
    const provider = createWalletConnectProvider(wallet.client, NETWORKS)
    await expect(provider.request({ method: 'eth_chainId' })).rejects.toEqual(
      rpcError(4900, 'Disconnected'),
    )
  })

  it('without a session nothing is asked, and the caller is told to connect first', async () => {
    const wallet = scriptedWallet()
    const provider = createWalletConnectProvider(wallet.client, NETWORKS)
    expect(provider.connected).toBe(false)
    await expect(provider.request({ method: 'eth_accounts' })).rejects.toEqual(
      rpcError(4900, ErrorText.callConnectBeforeRequest),
    )
    expect(wallet.requests).toEqual([])
  })
})

describe('wallet_switchEthereumChain', () => {
  it('moves to an approved chain and says so once', async () => {
    const { provider, seen, wallet } = setup()
    const switchTo = (chainId: string) =>
      provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId }] })
    expect(await switchTo('0x7a6a')).toBeNull()
    expect(await switchTo('0x7a6a')).toBeNull()
    expect(seen).toEqual([['chainChanged', '0x7a6a']])
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([WC_OTHER])
    await provider.request({ method: 'personal_sign', params: ['0x00', WC_OTHER] })
    expect(wallet.requests.at(-1)).toMatchObject({ method: 'personal_sign', caipNetworkId: B })
  })

  it('refuses a chain the session has not approved, and a malformed one', async () => {
    const { provider, seen } = setup()
    await expect(
      provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x1' }] }),
    ).rejects.toEqual(rpcError(4902, 'Unrecognized chain ID 0x1'))
    await expect(
      provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: 'x' }] }),
    ).rejects.toEqual(rpcError(-32602, 'Invalid chainId'))
    expect(seen).toEqual([])
  })
})

describe('wallet_addEthereumChain', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('an approved chain needs nothing from the wallet', async () => {
    const { provider, wallet } = setup()
    const params = [{ chainId: '0x7a6a' }]
    expect(await provider.request({ method: 'wallet_addEthereumChain', params })).toBeNull()
    expect(wallet.requests).toEqual([])
  })

  it('asks the wallet on the current chain, and resolves once the session approves it', async () => {
    const { provider, wallet } = setup()
    const params = [{ chainId: '0xa' }]
    const adding = provider.request({ method: 'wallet_addEthereumChain', params })
    await vi.waitFor(() => expect(wallet.requests).toHaveLength(1))
    expect(wallet.requests[0]).toEqual({
      method: 'wallet_addEthereumChain',
      params,
      caipNetworkId: A,
    })
    // An update that does not approve it yet changes nothing.
    let settled = false
    adding.finally(() => {
      settled = true
    })
    wallet.update(both())
    await new Promise((tick) => setTimeout(tick, 0))
    expect(settled).toBe(false)
    wallet.update(
      evmSession({
        chains: [A, B, 'eip155:10'],
        accounts: [`${A}:${WC_ACCOUNT}`],
        methods: ['wallet_addEthereumChain'],
      }),
    )
    expect(await adding).toBeNull()
    expect(wallet.listeners.size).toBe(1)
  })

  it('a wallet that approves the chain before it answers needs no later update', async () => {
    vi.useFakeTimers()
    const { provider, wallet } = setup()
    const approving = evmSession({
      chains: [A, B, 'eip155:10'],
      accounts: [`${A}:${WC_ACCOUNT}`],
      methods: ['wallet_addEthereumChain'],
    })
    wallet.answerWith(() => {
      wallet.update(approving)
      return null
    })
    const adding = provider.request({
      method: 'wallet_addEthereumChain',
      params: [{ chainId: '0xa' }],
    })
    let result: unknown = 'pending'
    adding.then((value) => {
      result = value
    })
    await vi.advanceTimersByTimeAsync(0)
    expect(result).toBeNull()
    expect(wallet.listeners.size).toBe(1)
  })

  it('fails when the session is not updated in time', async () => {
    vi.useFakeTimers()
    const { provider, wallet } = setup()
    const adding = provider.request({
      method: 'wallet_addEthereumChain',
      params: [{ chainId: '0xa' }],
    })
    const failed = expect(adding).rejects.toEqual(
      rpcError(5100, ErrorText.chainNotApproved('eip155:10')),
    )
    await vi.advanceTimersByTimeAsync(10_000)
    await failed
    expect(wallet.listeners.size).toBe(1)
  })

  it('a wallet that did not approve the method is not asked', async () => {
    const { provider, wallet } = setup(
      evmSession({ chains: [A], accounts: [`${A}:${WC_ACCOUNT}`], methods: [] }),
    )
    await expect(
      provider.request({ method: 'wallet_addEthereumChain', params: [{ chainId: '0xa' }] }),
    ).rejects.toEqual(rpcError(5100, 'Chain eip155:10 is not approved'))
    await expect(
      provider.request({ method: 'wallet_addEthereumChain', params: [] }),
    ).rejects.toEqual(rpcError(-32602, 'Invalid chainId'))
    expect(wallet.requests).toEqual([])
  })
})

describe('the chosen chain and the session', () => {
  it("prefers the app's network over the session's first chain", async () => {
    const wallet = scriptedWallet(
      evmSession({ chains: ['eip155:10', B], accounts: [`${B}:${WC_OTHER}`] }),
    )
    const provider = createWalletConnectProvider(wallet.client, NETWORKS)
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x7a6a')
  })

  it('a chain the session no longer approves is left for an approved one', async () => {
    const { provider, wallet } = setup()
    await provider.request({
      method: 'wallet_switchEthereumChain',
      params: [{ chainId: '0x7a6a' }],
    })
    wallet.update(evmSession({ chains: [A], accounts: [`${A}:${WC_ACCOUNT}`] }))
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x7a69')
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([WC_ACCOUNT])
  })

  it('a chain the wallet names without a number is never the one requests go to', async () => {
    const wallet = scriptedWallet(
      evmSession({ chains: ['eip155:undefined', A], accounts: [`${A}:${WC_ACCOUNT}`] }),
    )
    const provider = createWalletConnectProvider(wallet.client, NETWORKS)
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x7a69')
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([WC_ACCOUNT])
  })

  it('a session without an EVM namespace approves no wallet method', async () => {
    const { provider } = setup({
      ...both(),
      namespaces: { solana: { accounts: [], methods: ['solana_signMessage'], events: [] } },
    })
    await expect(provider.request({ method: 'personal_sign', params: ['0x00'] })).rejects.toEqual(
      rpcError(4200, 'The wallet has not approved personal_sign'),
    )
  })
})

describe("the session's changes, as EIP-1193 events", () => {
  it('the wallet moving to an approved chain is chainChanged, once; an unknown chain is ignored', async () => {
    const { wallet, seen, provider } = setup()
    await provider.request({ method: 'eth_chainId' })
    wallet.event('chainChanged', A)
    wallet.event('chainChanged', B)
    wallet.event('chainChanged', B)
    wallet.event('chainChanged', 'eip155:10')
    expect(seen).toEqual([['chainChanged', '0x7a6a']])
    // A chain that cannot be read: the accounts are reported again instead.
    wallet.event('chainChanged', 'eip155:oops')
    expect(seen.at(-1)).toEqual(['accountsChanged', [WC_OTHER]])
  })

  it('accounts changing, or the session updating, is accountsChanged with the current accounts', () => {
    const { wallet, seen } = setup()
    wallet.event('accountsChanged', A)
    wallet.update(evmSession({ chains: [A], accounts: [`${A}:${WC_OTHER}`, `${A}:${WC_ACCOUNT}`] }))
    wallet.event('somethingElse', A)
    expect(seen).toEqual([
      ['accountsChanged', [WC_ACCOUNT]],
      ['accountsChanged', [WC_OTHER, WC_ACCOUNT]],
    ])
  })

  it('the wallet ending the session is disconnect, and the next session starts on its own chain', async () => {
    const { wallet, seen, provider } = setup()
    await provider.request({
      method: 'wallet_switchEthereumChain',
      params: [{ chainId: '0x7a6a' }],
    })
    wallet.end()
    expect(seen.at(-1)).toEqual(['disconnect', rpcError(4900, 'Disconnected')])
    expect(provider.connected).toBe(false)
    wallet.update(both())
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x7a69')
  })

  it('disconnect ends the session through the client and forgets the chain', async () => {
    const { wallet, provider } = setup()
    await provider.request({
      method: 'wallet_switchEthereumChain',
      params: [{ chainId: '0x7a6a' }],
    })
    await provider.disconnect()
    expect(wallet.disconnects()).toBe(1)
    wallet.update(both())
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x7a69')
  })
})
