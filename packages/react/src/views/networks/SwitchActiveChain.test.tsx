import { type ConnectorInfo, ErrorText, MemoryStorage } from '@latchkey/core/internal'
import { localChainA, localSolana, solanaDevnet } from '@latchkey/core/networks'
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { scriptedAdapter } from '../../../../core/src/testing/scriptedAdapter.ts'
import { AppKitProvider } from '../../context.tsx'
import { createAppKit } from '../../createAppKit.ts'
import { en, format } from '../../messages.ts'
import { SCRIPTED_ADDRESS, userRejection } from '../../testing/scriptedWallet.tsx'
import { metamask } from '../../testing/wallets.ts'
import SwitchActiveChain from './SwitchActiveChain.tsx'

afterEach(cleanup)

const SOLANA_ADDRESS = 'CiDwVBFgWV9E5MvXWoLgnEgn2hK7rJikbvfWavzAQz3'
const phantom: ConnectorInfo = {
  id: 'app.phantom',
  name: 'Phantom',
  type: 'ANNOUNCED',
  chain: 'solana',
  rdns: 'app.phantom',
  imageUrl: 'data:image/svg+xml,<svg/>',
}

/**
 * Connected to MetaMask on EVM, the visitor picked the app's second Solana network (the local
 * one, after Solana Devnet): the open modal shows this view for it. Both wallets answer as scripted; `solanaWallets` are discovered.
 */
async function pickedSolana(solanaWallets: ConnectorInfo[] = [phantom]) {
  const evm = scriptedAdapter({ status: 'connected', address: SCRIPTED_ADDRESS, chainId: 31337 })
  const sol = scriptedAdapter(
    { status: 'connected', address: SOLANA_ADDRESS, chainId: localSolana.id },
    'solana',
  )
  const appKit = createAppKit({
    networks: [localChainA, solanaDevnet, localSolana],
    projectId: 'p',
    storage: new MemoryStorage(),
    apiUrl: 'http://127.0.0.1:1',
    adapters: [evm.adapter, sol.adapter],
  })
  appKit.destroy()
  appKit.core.stores.connectors.setState({ list: [metamask, ...solanaWallets] })
  await appKit.core.connect(metamask.id)
  appKit.core.stores.modal.setState({ open: true })
  appKit.core.router.reset('Account')
  appKit.core.router.push({
    view: 'SwitchActiveChain',
    params: { caipNetworkId: localSolana.caipNetworkId },
  })
  render(
    <AppKitProvider instance={appKit}>
      <SwitchActiveChain />
    </AppKitProvider>,
  )
  return { appKit, evm: evm.engine, sol: sol.engine }
}

describe('SwitchActiveChain', () => {
  it('asks for a wallet for the picked network, listing only that network’s wallets', async () => {
    await pickedSolana()
    expect(screen.getByTestId('switch-active-chain-text').textContent).toBe(
      format(en.connectWalletFor, { network: localSolana.name }),
    )
    const list = screen.getByRole('list', { name: en.connectWallet })
    const wallets = within(list).getAllByRole('button')
    expect(wallets.map((b) => b.textContent)).toEqual([`${phantom.name}${en.installed}`])
    expect(screen.queryByTestId(`wallet-${metamask.id}`)).toBeNull()
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('a wallet picked connects on that network, which becomes active; EVM stays connected', async () => {
    const { appKit, evm, sol } = await pickedSolana()
    fireEvent.click(screen.getByTestId(`wallet-${phantom.id}`))
    // Connected, the modal's job is done: it closes.
    await waitFor(() => expect(appKit.core.stores.modal.getState().open).toBe(false))
    expect(sol.connect).toHaveBeenCalledTimes(1)
    expect(sol.connect).toHaveBeenCalledWith(phantom.id, localSolana)
    expect(evm.connect).toHaveBeenCalledTimes(1)
    const account = appKit.core.stores.account.getState()
    expect(account).toMatchObject({ status: 'connected', namespace: 'solana' })
    expect(account.caipAddress).toBe(`${localSolana.caipNetworkId}:${SOLANA_ADDRESS}`)
    expect(Object.keys(account.connections ?? {}).sort()).toEqual(['eip155', 'solana'])
    expect(appKit.core.stores.chain.getState().activeCaipNetwork.caipNetworkId).toBe(
      localSolana.caipNetworkId,
    )
  })

  it('says so when this browser has no wallet for the network', async () => {
    await pickedSolana([])
    expect(screen.getByTestId('no-wallets').textContent).toBe(
      format(en.noWalletFor, { network: localSolana.name }),
    )
    expect(screen.queryByRole('list', { name: en.connectWallet })).toBeNull()
  })

  it('back from a refused connection, the refusal shows above the wallets', async () => {
    const { appKit, sol } = await pickedSolana()
    sol.connect.mockRejectedValueOnce(userRejection())
    fireEvent.click(screen.getByTestId(`wallet-${phantom.id}`))
    await waitFor(() =>
      expect(appKit.core.stores.account.getState().connectError?.rejected).toBe(true),
    )
    expect(appKit.core.router.current().view).toBe('ConnectingExternal')
    act(() => appKit.core.router.goBack())
    expect(screen.getByRole('alert').textContent).toBe(ErrorText.connectionRejected)
    expect(screen.getByTestId(`wallet-${phantom.id}`)).toBeTruthy()
  })
})
