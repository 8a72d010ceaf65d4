import { localChainA, localChainB, localSolana } from '@latchkey/core/networks'
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { en } from '../../messages.ts'
import { withScriptedWallet } from '../../testing/scriptedWallet.tsx'
import { metamask } from '../../testing/wallets.ts'
import Networks from './Networks.tsx'

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

const NETWORKS = [localChainA, localChainB, localSolana] as const

/** The network list in the open modal, over Connect, or over Account once connected to MetaMask. */
async function networks({ connected }: { connected: boolean }) {
  const { appKit, engine, show } = withScriptedWallet(NETWORKS)
  if (connected) await appKit.core.connect(metamask.id)
  appKit.core.stores.modal.setState({ open: true })
  appKit.core.router.reset(connected ? 'Account' : 'Connect')
  appKit.core.router.push('Networks')
  show(<Networks />)
  return { appKit, engine }
}

const row = (network: (typeof NETWORKS)[number]) =>
  screen.getByTestId(`network-${network.caipNetworkId}`)
/** The networks marked active: by aria-current, and by their "Active" tag. */
const marked = () => ({
  current: NETWORKS.filter((n) => row(n).getAttribute('aria-current') === 'true').map(
    (n) => n.name,
  ),
  tagged: NETWORKS.filter((n) => within(row(n)).queryByText(en.activeNetwork)).map((n) => n.name),
})

describe('Networks', () => {
  it('lists the app’s networks in its order, the active one marked', async () => {
    await networks({ connected: false })
    const list = screen.getByRole('list', { name: en.selectNetwork })
    expect(
      within(list)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual([`${localChainA.name}${en.activeNetwork}`, localChainB.name, localSolana.name])
    expect(marked()).toEqual({ current: [localChainA.name], tagged: [localChainA.name] })
  })

  it('with no wallet connected, a pick becomes the active network at once and the list closes', async () => {
    const { appKit, engine } = await networks({ connected: false })
    fireEvent.click(row(localChainB))
    await waitFor(() =>
      expect(appKit.core.stores.chain.getState().activeCaipNetwork.id).toBe(localChainB.id),
    )
    expect(marked()).toEqual({ current: [localChainB.name], tagged: [localChainB.name] })
    expect(appKit.core.router.current().view).toBe('Connect')
    expect(engine.switchNetwork).not.toHaveBeenCalled()
  })

  it('with a wallet connected, a pick asks the wallet to switch; once it has, the account shows', async () => {
    const { appKit, engine } = await networks({ connected: true })
    let approve: () => void = () => {}
    engine.switchNetwork.mockImplementationOnce(
      () => new Promise<void>((resolve) => (approve = resolve)),
    )
    fireEvent.click(row(localChainB))
    await waitFor(() =>
      expect(appKit.core.router.current()).toMatchObject({ view: 'SwitchNetwork' }),
    )
    expect(engine.switchNetwork).toHaveBeenCalledWith(localChainB)
    expect(marked().current).toEqual([localChainA.name])
    await act(async () => approve())
    await waitFor(() => expect(appKit.core.router.current().view).toBe('Account'))
    expect(marked().current).toEqual([localChainB.name])
  })

  it('a network of a namespace with no wallet asks the visitor to connect one for it', async () => {
    const { appKit, engine } = await networks({ connected: true })
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    fireEvent.click(row(localSolana))
    await waitFor(() =>
      expect(appKit.core.router.current()).toEqual({
        view: 'SwitchActiveChain',
        params: { caipNetworkId: localSolana.caipNetworkId },
      }),
    )
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/^\[latchkey\] APKTW001 /))
    expect(appKit.core.stores.chain.getState().activeCaipNetwork.id).toBe(localChainA.id)
    expect(engine.switchNetwork).not.toHaveBeenCalled()
  })
})
