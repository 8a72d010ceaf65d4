import type { CaipAddress } from '@latchkey/core/internal'
import { AUTH_CONNECTOR_ID, MemoryStorage } from '@latchkey/core/internal'
import { localChainA } from '@latchkey/core/networks'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { AppKitProvider } from '../../context.tsx'
import { type CreateAppKitOptions, createAppKit } from '../../createAppKit.ts'
import { en } from '../../messages.ts'
import Account from '../account/Account.tsx'

afterEach(cleanup)

const EVM = '0x1111111111111111111111111111111111111111'

/**
 * Connected through the embedded wallet (or another connector), nothing behind it. Core's call
 * to the frame is stood in for: the frame and server side are packages/frame's sessions.test.ts,
 * core's packages/core/src/embedded/signOutEverywhere.test.ts.
 */
async function connectedKit(connectorId: string, options: Partial<CreateAppKitOptions> = {}) {
  const appKit = createAppKit({
    networks: [localChainA],
    projectId: 'p',
    storage: new MemoryStorage(),
    apiUrl: 'http://127.0.0.1:1',
    ...options,
  })
  appKit.destroy()
  // The modal mounts itself when idle; loaded now, it never outlives the test environment.
  await appKit.preload()
  vi.spyOn(appKit.core.portfolio, 'refresh').mockResolvedValue(undefined)
  appKit.core.stores.embedded.setState({
    user: {
      email: 'visitor@example.com',
      address: EVM,
      chainId: localChainA.id,
      accounts: [{ address: EVM, type: 'EOA' }],
      smartAccountDeployed: false,
    },
  })
  appKit.core.stores.account.setState({
    status: 'connected',
    address: EVM,
    caipAddress: `eip155:31337:${EVM}` as CaipAddress,
    namespace: 'eip155',
    connectorId,
  })
  render(
    <AppKitProvider instance={appKit}>
      <Account />
    </AppKitProvider>,
  )
  return appKit
}

describe('Sign out everywhere (Account view, issue 18 #9)', () => {
  it('is a button named "Sign out everywhere" for the embedded wallet only', async () => {
    expect(en.signOutEverywhere).toBe('Sign out everywhere')
    await connectedKit(AUTH_CONNECTOR_ID)
    const button = screen.getByRole('button', { name: 'Sign out everywhere' })
    expect(button.getAttribute('type')).toBe('button')
    cleanup()
    await connectedKit('injected')
    expect(screen.queryByRole('button', { name: 'Sign out everywhere' })).toBeNull()
  })

  it('asks core to sign out everywhere, busy until it settles', async () => {
    const appKit = await connectedKit(AUTH_CONNECTOR_ID)
    let settle: () => void = () => undefined
    const signOut = vi
      .spyOn(appKit.core.embedded, 'signOutEverywhere')
      .mockImplementation(() => new Promise<void>((resolve) => (settle = resolve)))
    const button = screen.getByRole('button', { name: 'Sign out everywhere' })
    fireEvent.click(button)
    expect(signOut).toHaveBeenCalledTimes(1)
    expect(button.getAttribute('aria-busy')).toBe('true')
    expect((button as HTMLButtonElement).disabled).toBe(true)
    await act(async () => settle())
    expect(button.getAttribute('aria-busy')).toBe('false')
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('reads a failure out as an alert the button is described by; a retry clears it', async () => {
    const appKit = await connectedKit(AUTH_CONNECTOR_ID)
    const signOut = vi
      .spyOn(appKit.core.embedded, 'signOutEverywhere')
      .mockRejectedValueOnce(new Error('Could not reach the server'))
      .mockResolvedValueOnce(undefined)
    const button = screen.getByRole('button', { name: 'Sign out everywhere' })
    await act(async () => fireEvent.click(button))
    const alert = screen.getByRole('alert')
    expect(alert.textContent).toBe('Could not reach the server')
    expect(button.getAttribute('aria-describedby')).toBe(alert.id)
    expect((button as HTMLButtonElement).disabled).toBe(false)
    await act(async () => fireEvent.click(button))
    expect(signOut).toHaveBeenCalledTimes(2)
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it("takes the app's own text through createAppKit({ messages })", async () => {
    await connectedKit(AUTH_CONNECTOR_ID, { messages: { signOutEverywhere: 'Überall abmelden' } })
    expect(screen.getByRole('button', { name: 'Überall abmelden' })).toBeDefined()
  })
})
