import {
  type AccountSnapshot,
  type AdapterEngine,
  type ChainAdapter,
  LocalSIWX,
} from '@latchkey/core/internal'
import { localChainA } from '@latchkey/core/networks'
import { act, cleanup, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import {
  EMAIL_UPDATE_CANCELLED,
  NO_EMAIL_WALLET,
  useAppKitSIWX,
  useAppKitUpdateEmail,
} from './accountHooks.ts'
import { useAppKitConnection, useAppKitConnections } from './connectionHooks.ts'
import { useAppKitNetworkCore } from './hooks.ts'
import { renderWithAppKit } from './testing/renderWithAppKit.tsx'

afterEach(cleanup)

const EVM = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

/** A wallet engine that connects at once and disconnects when asked. */
function walletAdapter(): ChainAdapter {
  let onChange: (snapshot: AccountSnapshot) => void = () => {}
  const connected: AccountSnapshot = { status: 'connected', address: EVM, chainId: 31337 }
  const engine: AdapterEngine = {
    connect: async () => connected,
    reconnect: async () => false,
    disconnect: async () => onChange({ status: 'disconnected' }),
    switchNetwork: async () => {},
    getBalance: async () => ({ value: 0n, decimals: 18, symbol: 'ETH' }),
    watchAccount: (listener) => {
      onChange = listener
      return () => {}
    },
    getProvider: () => undefined,
    sendTransfer: async () => '0x',
    signMessage: async () => '0x',
  }
  return { namespace: 'eip155', watchConnectors: () => () => {}, load: async () => engine }
}

/** What each switch/delete reported, with the account status at that moment. */
const outcomes: string[] = []
let statusNow: () => string = () => '-'
let connectionApi: ReturnType<typeof useAppKitConnection> | undefined
function Connections() {
  const { connections, recentConnections } = useAppKitConnections()
  connectionApi = useAppKitConnection({
    onSuccess: (change) =>
      outcomes.push(`${change.namespace}:${change.hasDeletedWallet}:${statusNow()}`),
    onError: (error) => outcomes.push(`error: ${error.message}`),
  })
  const core = useAppKitNetworkCore()
  return (
    <output>
      {[
        connections
          .map(
            (c) =>
              `${c.connectorId}:${c.name}:${c.accounts[0]?.address}:${c.caipNetwork?.caipNetworkId}`,
          )
          .join(','),
        recentConnections.map((c) => c.connectorId).join(','),
        connectionApi.connection?.connectorId ?? '-',
        `${core.caipNetworkId}:${core.chainId}`,
      ].join('|')}
    </output>
  )
}

describe('useAppKitConnections and useAppKitConnection', () => {
  it("give the namespace's live connection, the recent wallets, and delete a connection", async () => {
    const appKit = renderWithAppKit(<Connections />, [localChainA], { adapters: [walletAdapter()] })
    statusNow = () => appKit.core.stores.account.getState().status
    expect(screen.getByRole('status').textContent).toBe('||-|eip155:31337:31337')
    act(() => {
      appKit.core.stores.connectors.setState({
        list: [{ id: 'io.metamask', name: 'MetaMask', type: 'ANNOUNCED', chain: 'eip155' }],
      })
    })
    await act(async () => {
      await appKit.core.connect('io.metamask')
    })
    // Wallets used before on this browser, MetaMask the one connected now.
    act(() => {
      appKit.core.stores.recent.setState({
        wallets: [
          { id: 'io.metamask', name: 'MetaMask' },
          { id: 'com.rabby', name: 'Rabby' },
        ],
      })
    })
    expect(screen.getByRole('status').textContent).toBe(
      `io.metamask:MetaMask:${EVM}:eip155:31337|com.rabby|io.metamask|eip155:31337:31337`,
    )
    await act(async () => {
      await connectionApi?.deleteConnection({ address: EVM, connectorId: 'io.metamask' })
    })
    expect(outcomes).toEqual(['eip155:true:disconnected'])
  })
})

let emailApi: ReturnType<typeof useAppKitUpdateEmail> | undefined
function UpdateEmail() {
  emailApi = useAppKitUpdateEmail()
  const siwx = useAppKitSIWX()
  return (
    <output>{`${emailApi.data?.email ?? '-'}|${emailApi.isPending}|${siwx ? 'siwx' : '-'}`}</output>
  )
}

describe('useAppKitUpdateEmail and useAppKitSIWX', () => {
  const user = { address: EVM, chainId: 31337, accounts: [], smartAccountDeployed: false }

  it('refuses without an email wallet', async () => {
    renderWithAppKit(<UpdateEmail />)
    await act(async () => {
      await expect(emailApi?.updateEmail()).rejects.toThrow(NO_EMAIL_WALLET)
    })
    expect(emailApi?.isError).toBe(true)
  })

  it('opens UpdateEmailWallet and settles with the new address once it is confirmed', async () => {
    const appKit = renderWithAppKit(<UpdateEmail />)
    act(() => appKit.core.stores.embedded.setState({ user: { ...user, email: 'ada@example.com' } }))
    expect(screen.getByRole('status').textContent).toBe('ada@example.com|false|-')
    let updating: Promise<{ email: string }> | undefined
    act(() => {
      updating = emailApi?.updateEmail()
    })
    expect(appKit.core.stores.router.getState().history.at(-1)?.view).toBe('UpdateEmailWallet')
    expect(screen.getByRole('status').textContent).toBe('ada@example.com|true|-')
    act(() =>
      appKit.core.stores.embedded.setState({ user: { ...user, email: 'grace@example.com' } }),
    )
    await expect(updating).resolves.toEqual({ email: 'grace@example.com' })
    expect(screen.getByRole('status').textContent).toBe('grace@example.com|false|-')
  })

  it('fails when the modal closes before the new address is confirmed', async () => {
    const appKit = renderWithAppKit(<UpdateEmail />)
    act(() => appKit.core.stores.embedded.setState({ user: { ...user, email: 'ada@example.com' } }))
    let updating: Promise<{ email: string }> | undefined
    act(() => {
      updating = emailApi?.updateEmail()
    })
    act(() => appKit.close())
    await expect(updating).rejects.toThrow(EMAIL_UPDATE_CANCELLED)
  })

  it('useAppKitSIWX gives the app its siwx configuration', () => {
    renderWithAppKit(<UpdateEmail />, undefined, { siwx: new LocalSIWX() })
    expect(screen.getByRole('status').textContent).toBe('-|false|siwx')
  })
})
