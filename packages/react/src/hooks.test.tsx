import { AUTH_CONNECTOR_ID, MemoryStorage } from '@latchkey/core/internal'
import { localChainA, localChainB } from '@latchkey/core/networks'
import { act, cleanup, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { AppKitProvider } from './context.tsx'
import { createAppKit } from './createAppKit.ts'
import {
  useAppKitAccount,
  useAppKitConnectors,
  useAppKitEvents,
  useAppKitLocale,
  useAppKitNetwork,
  useAppKitState,
  useWalletInfo,
} from './hooks.ts'
import { renderWithAppKit } from './testing/renderWithAppKit.tsx'

afterEach(cleanup)

function Probe() {
  const account = useAppKitAccount()
  const network = useAppKitNetwork()
  const state = useAppKitState()
  return (
    <output>
      {`${account.status}|${network.caipNetworkId}|${state.open ? 'open' : 'closed'}`}
    </output>
  )
}

describe('hooks', () => {
  it('follow the instance given by AppKitProvider, not another one on the page', async () => {
    const kv = new MemoryStorage()
    const mine = createAppKit({
      networks: [localChainA, localChainB],
      projectId: 'p',
      apiUrl: 'http://127.0.0.1:1',
      storage: kv,
    })
    const other = createAppKit({
      networks: [localChainA],
      projectId: 'p',
      apiUrl: 'http://127.0.0.1:1',
      storage: kv,
    })
    render(
      <AppKitProvider instance={mine}>
        <Probe />
      </AppKitProvider>,
    )
    expect(screen.getByRole('status').textContent).toBe('disconnected|eip155:31337|closed')
    await act(async () => {
      await mine.switchNetwork(localChainB)
      mine.open({ view: 'Networks' })
      other.close()
    })
    expect(screen.getByRole('status').textContent).toBe('disconnected|eip155:31338|open')
    act(() => {
      mine.destroy()
      other.destroy()
    })
  })
})

function WalletName() {
  const { walletInfo } = useWalletInfo()
  return <output>{walletInfo?.name ?? '-'}</output>
}

describe('useWalletInfo', () => {
  it('names the embedded wallet by how the visitor signed in: the social provider, else Email', () => {
    const appKit = renderWithAppKit(<WalletName />)
    expect(screen.getByRole('status').textContent).toBe('-')
    const user = { address: '0x1', chainId: 31337, accounts: [], smartAccountDeployed: false }
    act(() => {
      appKit.core.stores.account.setState({ status: 'connected', connectorId: AUTH_CONNECTOR_ID })
      appKit.core.stores.embedded.setState({ user: { ...user, authProvider: 'google' } })
    })
    expect(screen.getByRole('status').textContent).toBe('Google')
    act(() => appKit.core.stores.embedded.setState({ user: { ...user, authProvider: 'email' } }))
    expect(screen.getByRole('status').textContent).toBe('Email')
  })
})

function Accounts() {
  const { allAccounts } = useAppKitAccount()
  const solana = useAppKitAccount({ namespace: 'solana' })
  const bitcoin = useAppKitAccount({ namespace: 'bip122' })
  const { connectors } = useAppKitConnectors()
  return (
    <>
      <output>
        {allAccounts.map((a) => `${a.namespace}:${a.type}:${a.publicKey ?? '-'}`).join(' ')}
      </output>
      <p data-testid="solana">{`${solana.caipAddress}|${solana.isConnected}|${bitcoin.status}`}</p>
      <ul>
        {connectors.map((c) => (
          <li key={c.id}>{`${c.id}=${c.status}:${c.provider ? 'provider' : '-'}`}</li>
        ))}
      </ul>
    </>
  )
}

describe('useAppKitAccount().allAccounts and useAppKitConnectors (§3 Account, Connector)', () => {
  it('list the accounts of every namespace and each wallet with its status and provider', () => {
    const appKit = renderWithAppKit(<Accounts />)
    const sol = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'
    const evm = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
    const provider = { request: async () => null }
    act(() => {
      appKit.core.stores.connectors.setState({
        list: [
          { id: 'io.metamask', name: 'MetaMask', type: 'ANNOUNCED', chain: 'eip155', provider },
          { id: 'ws:Phantom', name: 'Phantom', type: 'ANNOUNCED', chain: 'solana', provider },
          { id: 'com.rabby', name: 'Rabby', type: 'ANNOUNCED', chain: 'eip155' },
        ],
      })
      appKit.core.stores.account.setState({
        status: 'connected',
        address: evm,
        namespace: 'eip155',
        connectorId: 'io.metamask',
        connections: {
          eip155: { address: evm, chainId: 31337, connectorId: 'io.metamask' },
          solana: { address: sol, chainId: 'x', connectorId: 'ws:Phantom' },
        },
      })
    })
    expect(screen.getByRole('status').textContent).toBe(`eip155:eoa:- solana:eoa:${sol}`)
    // AppKit's useAppKitAccount({ namespace }): the other namespace's wallet, or none
    expect(screen.getByTestId('solana').textContent).toBe(`solana:x:${sol}|true|disconnected`)
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'io.metamask=active:provider',
      'ws:Phantom=connected:provider',
      'com.rabby=disconnected:-',
    ])
  })
})

function AppKitShapes() {
  const events = useAppKitEvents()
  const state = useAppKitState()
  const { walletInfo } = useWalletInfo('solana')
  return (
    <output>
      {[
        events.data.event,
        String(state.initialized),
        state.connectingWallet?.name ?? '-',
        walletInfo?.name ?? '-',
      ].join('|')}
    </output>
  )
}

describe("AppKit's hook shapes", () => {
  it('events start at MODAL_CREATED; state says initialized and which wallet is connecting; wallet info per namespace', async () => {
    const appKit = renderWithAppKit(<AppKitShapes />)
    const shown = () => screen.getByRole('status').textContent?.split('|')
    expect(shown()?.[0]).toBe('MODAL_CREATED')
    await act(async () => {
      appKit.core.start()
      // Connect, not the no-adapter default (ConnectingWalletConnectBasic starts WalletConnect).
      appKit.open({ view: 'Connect' })
    })
    expect(shown()?.slice(0, 2)).toEqual(['MODAL_OPEN', 'true'])
    act(() => {
      appKit.core.stores.connectors.setState({
        list: [{ id: 'ws:Phantom', name: 'Phantom', type: 'ANNOUNCED', chain: 'solana' }],
      })
      appKit.core.router.setWallet({ id: 'io.metamask', name: 'MetaMask' })
      appKit.core.stores.account.setState({ status: 'connecting' })
    })
    expect(shown()?.[2]).toBe('MetaMask')
    act(() =>
      appKit.core.stores.account.setState({
        status: 'connected',
        namespace: 'eip155',
        connectorId: 'io.metamask',
        connections: { solana: { address: 'x', chainId: 'y', connectorId: 'ws:Phantom' } },
      }),
    )
    expect(shown()?.slice(2)).toEqual(['-', 'Phantom'])
  })
})

function LocaleProbe() {
  const { locale, dir, setLocale } = useAppKitLocale()
  const state = useAppKitState()
  return (
    <button type="button" onClick={() => void setLocale('ar')}>
      {`${locale}|${dir}|${state.locale}`}
    </button>
  )
}

describe('useAppKitLocale (ours)', () => {
  it("gives the modal's language and direction, and changes it", async () => {
    const appKit = renderWithAppKit(<LocaleProbe />)
    const probe = screen.getByRole('button')
    expect(probe.textContent).toBe('en|ltr|en')
    act(() => probe.click())
    await waitFor(() => expect(probe.textContent).toBe('ar|rtl|ar'))
    expect(appKit.getState().locale).toBe('ar')
  })
})
