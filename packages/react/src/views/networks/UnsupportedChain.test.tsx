import { localChainA, localChainB } from '@latchkey/core/networks'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { en } from '../../messages.ts'
import { SCRIPTED_ADDRESS, withScriptedWallet } from '../../testing/scriptedWallet.tsx'
import { metamask } from '../../testing/wallets.ts'
import UnsupportedChain from './UnsupportedChain.tsx'

afterEach(cleanup)

/** MetaMask connected in the open modal while on chain 1, which the app does not list. */
async function onUnlistedChain() {
  const { appKit, engine, show } = withScriptedWallet([localChainA, localChainB])
  engine.connect.mockResolvedValueOnce({
    status: 'connected',
    address: SCRIPTED_ADDRESS,
    chainId: 1,
  })
  appKit.core.stores.modal.setState({ open: true })
  await appKit.core.connect(metamask.id)
  show(<UnsupportedChain />)
  return { appKit, engine }
}

const row = (network: typeof localChainA) => screen.getByTestId(`network-${network.caipNetworkId}`)

describe('UnsupportedChain', () => {
  it('says the wallet’s network is not supported and offers the app’s, none marked active', async () => {
    const { appKit } = await onUnlistedChain()
    expect(appKit.core.router.current().view).toBe('UnsupportedChain')
    expect(screen.getByTestId('unsupported-chain-text').textContent).toBe(en.unsupportedChain)
    const list = screen.getByRole('list', { name: en.selectNetwork })
    expect(
      within(list)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual([localChainA.name, localChainB.name])
    for (const network of [localChainA, localChainB]) {
      expect(row(network).getAttribute('aria-current')).toBe('false')
    }
    expect(screen.queryByText(en.activeNetwork)).toBeNull()
  })

  it('a pick asks the wallet to switch to it; once switched, the account shows on that network', async () => {
    const { appKit, engine } = await onUnlistedChain()
    fireEvent.click(row(localChainB))
    await waitFor(() => expect(appKit.core.router.current().view).toBe('Account'))
    expect(engine.switchNetwork).toHaveBeenCalledTimes(1)
    expect(engine.switchNetwork).toHaveBeenCalledWith(localChainB)
    expect(appKit.core.stores.chain.getState()).toMatchObject({
      unsupported: false,
      activeCaipNetwork: { id: localChainB.id },
    })
    expect(row(localChainB).getAttribute('aria-current')).toBe('true')
  })
})
