import type { CaipAddress } from '@latchkey/core/internal'
import { AUTH_CONNECTOR_ID, MemoryStorage } from '@latchkey/core/internal'
import { localChainA } from '@latchkey/core/networks'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { AppKitProvider } from '../../context.tsx'
import { createAppKit } from '../../createAppKit.ts'
import { en } from '../../messages.ts'
import Account from '../account/Account.tsx'

afterEach(cleanup)

const EOA = '0x1111111111111111111111111111111111111111'
const SMART = '0x2222222222222222222222222222222222222222'

/**
 * Connected through the embedded wallet (or another connector). Core's calls to the frame are
 * stood in for: the frame and server side are packages/frame's smartAccount.server.test.ts, the
 * whole path e2e/smartAccount.test.ts.
 */
async function connectedKit(connectorId: string, networks: number[], type = 'eoa' as const) {
  const appKit = createAppKit({
    networks: [localChainA],
    projectId: 'p',
    storage: new MemoryStorage(),
    apiUrl: 'http://127.0.0.1:1',
  })
  appKit.destroy()
  await appKit.preload()
  vi.spyOn(appKit.core.portfolio, 'refresh').mockResolvedValue(undefined)
  vi.spyOn(appKit.core.embedded, 'smartAccountNetworks').mockResolvedValue(networks)
  appKit.core.stores.embedded.setState({
    user: {
      email: 'visitor@example.com',
      address: EOA,
      chainId: localChainA.id,
      accounts: [{ address: EOA, type: 'EOA' }],
      smartAccountDeployed: false,
      preferredAccountType: type,
    },
  })
  appKit.core.stores.account.setState({
    status: 'connected',
    address: EOA,
    caipAddress: `eip155:31337:${EOA}` as CaipAddress,
    namespace: 'eip155',
    connectorId,
  })
  render(
    <AppKitProvider instance={appKit}>
      <Account />
    </AppKitProvider>,
  )
  await act(async () => undefined)
  return appKit
}

describe('the account type toggle (Account view, README "Smart accounts")', () => {
  it('shows on a network that offers the smart account, for the embedded EVM account only', async () => {
    await connectedKit(AUTH_CONNECTOR_ID, [31337])
    expect(screen.getByRole('button', { name: en.switchToSmartAccount })).toBeTruthy()
    cleanup()
    await connectedKit(AUTH_CONNECTOR_ID, [1])
    expect(screen.queryByTestId('account-type-toggle')).toBeNull()
    cleanup()
    await connectedKit('injected', [31337])
    expect(screen.queryByTestId('account-type-toggle')).toBeNull()
  })

  it('switches through core, busy until it settles; then offers the way back', async () => {
    const appKit = await connectedKit(AUTH_CONNECTOR_ID, [31337])
    let settle: () => void = () => undefined
    const set = vi
      .spyOn(appKit.core.embedded, 'setPreferredAccountType')
      .mockImplementation(() => new Promise<string>((resolve) => (settle = () => resolve(SMART))))
    const button = screen.getByTestId('account-type-toggle')
    fireEvent.click(button)
    expect(set).toHaveBeenCalledWith('smartAccount')
    expect(button.getAttribute('aria-busy')).toBe('true')
    await act(async () => {
      appKit.core.stores.embedded.setState((s) => ({
        user: s.user && { ...s.user, preferredAccountType: 'smartAccount' },
      }))
      settle()
    })
    expect(screen.getByTestId('account-type-toggle').textContent).toBe(en.switchToEoa)
    fireEvent.click(screen.getByTestId('account-type-toggle'))
    expect(set).toHaveBeenLastCalledWith('eoa')
  })

  it('reads a refusal out under the button', async () => {
    const appKit = await connectedKit(AUTH_CONNECTOR_ID, [31337])
    vi.spyOn(appKit.core.embedded, 'setPreferredAccountType').mockRejectedValue(
      new Error('Smart accounts are not available'),
    )
    const button = screen.getByTestId('account-type-toggle')
    await act(async () => fireEvent.click(button))
    const alert = screen.getByRole('alert')
    expect(alert.textContent).toBe('Smart accounts are not available')
    expect(button.getAttribute('aria-describedby')).toBe(alert.id)
  })
})
