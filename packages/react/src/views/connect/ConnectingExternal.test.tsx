import { ErrorText } from '@latchkey/core/internal'
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { userRejection, withScriptedWallet } from '../../testing/scriptedWallet.tsx'
import { metamask } from '../../testing/wallets.ts'
import ConnectingExternal from './ConnectingExternal.tsx'

afterEach(cleanup)

/** The view as Connect leaves it after a click on MetaMask; its wallet answers as scripted. */
async function connectingToMetaMask() {
  const { appKit, engine, show } = withScriptedWallet()
  appKit.core.router.setWallet({ id: metamask.id, name: metamask.name })
  appKit.core.router.push({ view: 'ConnectingExternal', params: { connectorId: metamask.id } })
  show(<ConnectingExternal />)
  return { appKit, engine }
}

describe('ConnectingExternal', () => {
  it('asks the visitor to continue in the wallet while it waits', async () => {
    await connectingToMetaMask()
    expect(screen.getByTestId('connect-waiting').textContent).toBe('Continue in MetaMask')
    expect(screen.getByText('Accept the connection request in your wallet.')).toBeTruthy()
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it("a refusal shows 'Connection rejected' with Try again; Try again asks the wallet again and connects", async () => {
    const { appKit, engine } = await connectingToMetaMask()
    engine.connect.mockRejectedValueOnce(userRejection())
    await act(() => appKit.core.connect(metamask.id))
    expect(screen.getByRole('alert').textContent).toBe(ErrorText.connectionRejected)
    expect(
      document.querySelector('[data-view="ConnectingExternal"]')?.getAttribute('data-state'),
    ).toBe('rejected')
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    await waitFor(() => expect(appKit.core.stores.account.getState().status).toBe('connected'))
    expect(engine.connect).toHaveBeenCalledTimes(2)
    expect(engine.connect.mock.calls[1]?.[0]).toBe(metamask.id)
  })

  it("any other failure shows 'Failed to connect' as failed, not rejected", async () => {
    const { appKit, engine } = await connectingToMetaMask()
    engine.connect.mockRejectedValueOnce(new Error('the extension crashed'))
    await act(() => appKit.core.connect(metamask.id))
    expect(screen.getByRole('alert').textContent).toBe(ErrorText.failedToConnect)
    expect(
      document.querySelector('[data-view="ConnectingExternal"]')?.getAttribute('data-state'),
    ).toBe('failed')
  })
})
