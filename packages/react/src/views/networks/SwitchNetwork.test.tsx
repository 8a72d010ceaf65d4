import { ErrorText } from '@latchkey/core/internal'
import { localChainA, localChainB } from '@latchkey/core/networks'
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { userRejection, withScriptedWallet } from '../../testing/scriptedWallet.tsx'
import { metamask } from '../../testing/wallets.ts'
import SwitchNetwork from './SwitchNetwork.tsx'

afterEach(cleanup)

/** Connected to the scripted MetaMask on chain A, the view on screen as the modal shows it. */
async function connectedOnChainA() {
  const { appKit, engine, show } = withScriptedWallet([localChainA, localChainB])
  await appKit.core.connect(metamask.id)
  appKit.core.stores.modal.setState({ open: true })
  show(<SwitchNetwork />)
  return { appKit, engine }
}

describe('SwitchNetwork', () => {
  it('names the network and the wallet while the wallet asks, then the account shows the new chain', async () => {
    const { appKit, engine } = await connectedOnChainA()
    let approve: () => void = () => {}
    engine.switchNetwork.mockImplementationOnce(
      () => new Promise<void>((resolve) => (approve = resolve)),
    )
    const switching = appKit.core.switchNetwork(localChainB)
    await waitFor(() => expect(screen.getByText(`Switching to ${localChainB.name}…`)).toBeTruthy())
    expect(screen.getByText('Approve the network switch in MetaMask')).toBeTruthy()
    await act(async () => {
      approve()
      await switching
    })
    expect(appKit.core.stores.chain.getState().activeCaipNetwork.id).toBe(localChainB.id)
    expect(appKit.core.router.current().view).toBe('Account')
  })

  it("a refusal shows 'User rejected the request' and Try again, which asks the wallet again", async () => {
    const { appKit, engine } = await connectedOnChainA()
    engine.switchNetwork.mockRejectedValueOnce(userRejection())
    await act(() => appKit.core.switchNetwork(localChainB))
    expect(screen.getByRole('alert').textContent).toBe(ErrorText.userRejected)
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    await waitFor(() =>
      expect(appKit.core.stores.chain.getState().activeCaipNetwork.id).toBe(localChainB.id),
    )
    expect(engine.switchNetwork).toHaveBeenCalledTimes(2)
  })

  it('any other failure says the wallet has not approved the chain', async () => {
    const { appKit, engine } = await connectedOnChainA()
    engine.switchNetwork.mockRejectedValueOnce(new Error('Unrecognized chain ID'))
    await act(() => appKit.core.switchNetwork(localChainB))
    expect(screen.getByRole('alert').textContent).toBe(
      ErrorText.chainNotApproved(localChainB.caipNetworkId),
    )
    expect(appKit.core.stores.chain.getState().activeCaipNetwork.id).toBe(localChainA.id)
  })
})
