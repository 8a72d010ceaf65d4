import { verifyMessage } from 'viem'
import { describe, expect, it } from 'vitest'
import { WALLETCONNECT_EIP155_EVENTS, WALLETCONNECT_EIP155_METHODS } from '../constants.ts'
import { ErrorText } from '../errors.ts'
import { localChainA, localChainB, localSolana } from '../networks.ts'
import { useRealRelay } from '../testing/walletConnectRelay.ts'
import {
  peerWallet,
  proposalNamespaces,
  type SessionChange,
  type WalletConnectClient,
} from './walletConnectClient.ts'

const { client: app, mobileWallet: wallet, pairedClient: paired } = useRealRelay()

const CHAIN_A = localChainA.caipNetworkId

function changes(client: WalletConnectClient) {
  const seen: SessionChange[] = []
  client.onSession((change) => seen.push(change))
  return seen
}

describe('WalletConnect client over the real relay, with WalletKit as the wallet', () => {
  it('pairs: the URI, the session the wallet approved, and the wallet named by its metadata', async () => {
    const client = await app()
    expect(client.session()).toBeUndefined()
    expect(client.peer()).toBeUndefined()
    const { mobile, session, uri } = await paired(client)
    expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/)
    expect(client.session()?.topic).toBe(session.topic)
    expect(client.peer()).toEqual({ name: 'E2E Wallet', icon: undefined })
    // §7 The proposal offered the app's EVM networks with their methods and events; the wallet
    // approved the one it has.
    expect(session.namespaces.eip155?.accounts).toEqual([`${CHAIN_A}:${mobile.address}`])
    const [proposed] = mobile.sessions()
    expect(proposed?.requiredNamespaces).toEqual({})
    expect(proposed?.optionalNamespaces?.eip155).toEqual({
      chains: [CHAIN_A, localChainB.caipNetworkId],
      methods: [...WALLETCONNECT_EIP155_METHODS],
      events: [...WALLETCONNECT_EIP155_EVENTS],
    })
    expect(proposed?.optionalNamespaces?.solana).toBeUndefined()
  })

  it("requests go to the session's wallet on the chain named; the signature is the wallet's", async () => {
    const client = await app()
    const { mobile } = await paired(client)
    const message = '0x68656c6c6f' as const
    const signature = await client.request<`0x${string}`>(
      { method: 'personal_sign', params: [message, mobile.address] },
      CHAIN_A,
    )
    expect(
      await verifyMessage({ address: mobile.address, message: { raw: message }, signature }),
    ).toBe(true)
    expect(mobile.requests).toEqual([
      { method: 'personal_sign', chainId: CHAIN_A, params: [message, mobile.address] },
    ])
    // A refusal comes back as the wallet's error.
    await expect(client.request({ method: 'eth_signTypedData_v4' }, CHAIN_A)).rejects.toMatchObject(
      { message: 'unsupported eth_signTypedData_v4' },
    )
    // A request without params goes with an empty list.
    expect(mobile.requests.at(-1)).toEqual({
      method: 'eth_signTypedData_v4',
      chainId: CHAIN_A,
      params: [],
    })
  })

  it('refuses a request before any session', async () => {
    const client = await app()
    await expect(client.request({ method: 'eth_accounts' }, CHAIN_A)).rejects.toThrow(
      ErrorText.callConnectBeforeRequest,
    )
  })

  it("passes on the wallet's events and session updates, then its disconnect", async () => {
    const client = await app()
    const seen = changes(client)
    const { mobile, session } = await paired(client, { canAddChains: true })

    await mobile.emit('chainChanged', 31337, CHAIN_A)
    await expect.poll(() => seen.length, { timeout: 10_000 }).toBe(1)
    expect(seen[0]).toEqual({
      type: 'event',
      name: 'chainChanged',
      data: 31337,
      caipNetworkId: CHAIN_A,
    })

    await client.request(
      {
        method: 'wallet_addEthereumChain',
        params: [{ chainId: '0x7a6a', rpcUrls: ['http://127.0.0.1:2'] }],
      },
      CHAIN_A,
    )
    await expect.poll(() => seen.length, { timeout: 10_000 }).toBe(2)
    const updated = seen[1]
    if (updated?.type !== 'updated') throw new Error(`expected an update, got ${updated?.type}`)
    expect(updated.session.topic).toBe(session.topic)
    expect(updated.session.namespaces.eip155?.chains).toEqual([CHAIN_A, 'eip155:31338'])

    await mobile.disconnectAll()
    await expect.poll(() => seen.at(-1), { timeout: 10_000 }).toEqual({ type: 'deleted' })
    expect(seen).toHaveLength(3)
    expect(client.session()).toBeUndefined()
    expect(client.peer()).toBeUndefined()
  })

  it('disconnect ends the session on both sides; a listener removed hears nothing', async () => {
    const client = await app()
    const seen: SessionChange[] = []
    const stop = client.onSession((change) => seen.push(change))
    const heard = changes(client)
    const { mobile } = await paired(client)
    stop()
    await mobile.emit('chainChanged', 31337, CHAIN_A)
    await expect.poll(() => heard.length, { timeout: 10_000 }).toBe(1)
    await client.disconnect()
    expect(client.session()).toBeUndefined()
    await expect.poll(() => mobile.sessions().length, { timeout: 10_000 }).toBe(0)
    await mobile.emit('chainChanged', 1, CHAIN_A)
    expect(seen).toEqual([])
    // Once more with nothing connected: nothing to end, no error.
    await expect(client.disconnect()).resolves.toBeUndefined()
  })

  it('a rejected proposal rejects its approval; the next pairing still works', async () => {
    const client = await app()
    const mobile = await wallet({ rejectProposals: true })
    const first = await client.propose()
    await mobile.pair(first.uri)
    await expect(first.approval).rejects.toBeDefined()
    expect(client.session()).toBeUndefined()
    mobile.setRejectProposals(false)
    const second = await client.propose()
    expect(second.uri).not.toBe(first.uri)
    await mobile.pair(second.uri)
    expect((await second.approval).topic).toBe(client.session()?.topic)
  })

  it('abandon drops a pairing nobody scanned: a wallet that scans it later cannot approve it', async () => {
    const client = await app()
    const { uri, approval } = await client.propose()
    await client.abandon(uri)
    await client.abandon('not a pairing uri')
    const mobile = await wallet()
    await mobile.pair(uri)
    await expect
      .poll(() => mobile.failedApprovals, { timeout: 10_000 })
      .toEqual([expect.stringContaining('Record was recently deleted - pairing')])
    expect(client.session()).toBeUndefined()
    approval.catch(() => undefined)
  })

  it('one-click auth: the session comes with the signed sign-in message (cacao)', async () => {
    const client = await app()
    const mobile = await wallet({ oneClickAuth: true })
    const { uri, approval } = await client.authenticate({
      domain: 'app.test',
      uri: 'http://app.test',
      nonce: 'n0nce123',
      statement: 'Sign in to the test app',
    })
    await mobile.pair(uri)
    const session = await approval
    expect(client.session()?.topic).toBe(session.topic)
    const cacao = session.cacao
    if (!cacao) throw new Error('no cacao')
    expect(cacao.p).toMatchObject({ domain: 'app.test', nonce: 'n0nce123' })
    expect(cacao.p.iss).toBe(`did:pkh:${CHAIN_A}:${mobile.address}`)
    expect(cacao.message).toContain('app.test wants you to sign in with your Ethereum account:')
    expect(cacao.message).toContain('Nonce: n0nce123')
    expect(
      await verifyMessage({
        address: mobile.address,
        message: cacao.message,
        signature: cacao.s.s as `0x${string}`,
      }),
    ).toBe(true)
  })

  it('one-click auth answered by a wallet without it: a plain session, no cacao', async () => {
    const client = await app()
    const mobile = await wallet()
    const { uri, approval } = await client.authenticate({
      domain: 'app.test',
      uri: 'http://app.test',
      nonce: 'n0nce123',
    })
    await mobile.pair(uri)
    const session = await approval
    expect(session.cacao).toBeUndefined()
    expect(client.peer()?.name).toBe('E2E Wallet')
  })

  it("a relay that refuses the project: the pairing fails with 'Failed to connect' and the relay's text", async () => {
    const errors: string[] = []
    const client = await app({
      projectId: 'unknownproject000000000000000000',
      onRelayError: (message) => errors.push(message),
    })
    await expect(client.propose()).rejects.toThrow(ErrorText.failedToConnect)
    // WalletConnect puts the relay's close reason in its message; the modal maps it (§8).
    expect(errors).toEqual([expect.stringContaining('(Unauthorized: invalid key)')])
  })

  it("tells the wallet the app's name, description, page and icons; without them Latchkey and this page", async () => {
    const named = await app()
    const first = await paired(named)
    // WalletConnect sends an empty icon list as one empty icon.
    expect(first.mobile.proposers).toEqual([
      { name: 'Test app', description: '', url: 'http://app.test', icons: [''] },
    ])
    const bare = await app({ metadata: undefined, networks: [localChainA] })
    const second = await paired(bare)
    // In Node there is no page: its origin stands in as http://localhost.
    expect(second.mobile.proposers).toEqual([
      { name: 'Latchkey', description: '', url: 'http://localhost', icons: [''] },
    ])
  })

  it('names a wallet without a name WalletConnect; its icon is the first https or data: image', async () => {
    const client = await app()
    await paired(client, {
      metadata: {
        name: '   ',
        description: '',
        url: 'http://wallet.test',
        icons: [
          'http://wallet.test/plain.png',
          'data:image/png;base64,AA==',
          'https://x.test/i.png',
        ],
      },
    })
    expect(client.peer()).toEqual({ name: 'WalletConnect', icon: 'data:image/png;base64,AA==' })
  })
})

describe('the proposal and the peer, as pure functions', () => {
  it('proposes nothing without an EVM network', () => {
    expect(proposalNamespaces([localSolana])).toEqual({})
    expect(proposalNamespaces([])).toEqual({})
  })
  it('a wallet that sends no icons has none', () => {
    const session = { topic: 't', namespaces: {}, peer: { metadata: { name: 'W' } } }
    expect(peerWallet(session as never)).toEqual({ name: 'W', icon: undefined })
  })
})

describe("WalletConnect's core, shared by the clients of one storage prefix", () => {
  const registry = globalThis as unknown as Record<string, { relayer?: unknown } | undefined>

  it('stays open while one of them is open; the last close lets it go', async () => {
    const prefix = `shared-${crypto.randomUUID()}`
    const key = `_walletConnectCore_${prefix}`
    const first = await app({ metadata: undefined, storagePrefix: prefix })
    const second = await app({ metadata: undefined, storagePrefix: prefix })
    const core = registry[key] as { relayer: { connected: boolean } } | undefined
    expect(core).toBeDefined()
    // Closing one twice counts once: the other still pairs over the shared connection.
    await first.close()
    await first.close()
    expect(registry[key]).toBe(core)
    const { session } = await paired(second)
    expect(second.session()?.topic).toBe(session.topic)
    expect(core?.relayer.connected).toBe(true)
    await second.close()
    expect(registry[key]).toBeUndefined()
    expect(core?.relayer.connected).toBe(false)
  })

  it('leaves a core registered by someone else in its place, and closes without one', async () => {
    const prefix = `replaced-${crypto.randomUUID()}`
    const key = `_walletConnectCore_${prefix}`
    const client = await app({ metadata: undefined, storagePrefix: prefix })
    const other = { relayer: {} }
    registry[key] = other
    await client.close()
    expect(registry[key]).toBe(other)
    delete registry[key]
    const again = await app({ metadata: undefined, storagePrefix: `${prefix}-2` })
    delete registry[`_walletConnectCore_${prefix}-2`]
    await expect(again.close()).resolves.toBeUndefined()
  })
})
