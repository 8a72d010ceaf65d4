import { NATIVE_TOKEN_KEY, type TokenBalance } from '@latchkey/core/internal'
import { localChainA, localChainB } from '@latchkey/core/networks'
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { eth, usd, usdOnB } from '../../../../core/src/testing/sendSetup.ts'
import { en } from '../../messages.ts'
import { withScriptedWallet } from '../../testing/scriptedWallet.tsx'
import { metamask } from '../../testing/wallets.ts'
import WalletSendSelectToken from './WalletSendSelectToken.tsx'

afterEach(cleanup)

/** A token held at zero: nothing to send. */
const emptyDai: TokenBalance = {
  ...usd,
  name: 'Dai',
  symbol: 'DAI',
  address: `${localChainA.caipNetworkId}:0x6B175474E89094C44Da98b954EedeAC495271d0F`,
  quantity: { decimals: '18', numeric: '0' },
}

/** Connected on chain A holding `tokens`; the visitor went from Send to the token list. */
async function choosing(tokens: TokenBalance[]) {
  const { appKit, show } = withScriptedWallet([localChainA, localChainB])
  await appKit.core.connect(metamask.id)
  appKit.core.stores.portfolio.setState({ tokens })
  appKit.core.stores.modal.setState({ open: true })
  appKit.core.router.reset('WalletSend')
  appKit.core.router.push('WalletSendSelectToken')
  show(<WalletSendSelectToken />)
  return appKit
}

const list = () => screen.getByRole('list', { name: en.selectToken })

describe('WalletSendSelectToken', () => {
  it('lists the tokens held on the active network, each with its balance and value', async () => {
    await choosing([eth, usd, usdOnB, emptyDai])
    const rows = within(list()).getAllByRole('button')
    expect(rows.map((row) => row.dataset.tokenSymbol)).toEqual(['ETH', 'lUSD'])
    expect(rows[0]?.textContent).toBe('Ether1 ETH$3,000.00')
    expect(rows[1]?.textContent).toBe('Latchkey USD100.5 lUSD$100.50')
    expect(screen.queryByText(en.noTokensToSend)).toBeNull()
  })

  it('balances are floored to three decimals, never rounded up', async () => {
    await choosing([{ ...eth, quantity: { decimals: '18', numeric: '0.99999' } }])
    expect(within(list()).getByRole('button').textContent).toContain('0.999 ETH')
  })

  it('a click picks the token for the send and goes back to the form', async () => {
    const appKit = await choosing([eth, usd])
    fireEvent.click(within(list()).getByRole('button', { name: /Latchkey USD/ }))
    expect(appKit.core.router.current().view).toBe('WalletSend')
    await waitFor(() => expect(appKit.core.stores.send.getState().tokenKey).toBe(usd.address))
  })

  it("picking the network's coin after a token switches back to it", async () => {
    const appKit = await choosing([eth, usd])
    await act(() => appKit.core.send.selectToken(usd.address as string))
    fireEvent.click(within(list()).getByRole('button', { name: /Ether/ }))
    await waitFor(() => expect(appKit.core.stores.send.getState().tokenKey).toBe(NATIVE_TOKEN_KEY))
  })

  it('says there is nothing to send once balances are in and none is held here', async () => {
    const appKit = await choosing([usdOnB, emptyDai])
    expect(screen.getByText(en.noTokensToSend)).toBeTruthy()
    expect(within(list()).queryAllByRole('button')).toEqual([])
    act(() => appKit.core.stores.portfolio.setState({ balancesLoading: true }))
    expect(screen.queryByText(en.noTokensToSend)).toBeNull()
    act(() => appKit.core.stores.portfolio.setState({ balancesLoading: false, tokens: [eth] }))
    expect(within(list()).getByRole('button', { name: /Ether/ })).toBeTruthy()
    expect(screen.queryByText(en.noTokensToSend)).toBeNull()
  })

  it('skeleton rows stand in while balances load, in a busy list; the tokens replace them', async () => {
    const appKit = await choosing([])
    act(() => appKit.core.stores.portfolio.setState({ balancesLoading: true }))
    expect(list().getAttribute('aria-busy')).toBe('true')
    const skeletons = list().querySelectorAll('.lk-skeleton-row')
    expect(skeletons.length).toBe(3)
    for (const row of skeletons) expect(row.getAttribute('aria-hidden')).toBe('true')
    act(() => appKit.core.stores.portfolio.setState({ balancesLoading: false, tokens: [eth] }))
    expect(list().hasAttribute('aria-busy')).toBe(false)
    expect(list().querySelector('.lk-skeleton-row')).toBeNull()
    expect(within(list()).getByRole('button', { name: /Ether/ })).toBeTruthy()
  })

  it("each token shows its icon, decorative beside its name; a broken one, the symbol's initial", async () => {
    await choosing([eth, { ...usd, iconUrl: '' }])
    const [ether, lusd] = within(list()).getAllByRole('button')
    const icon = ether?.querySelector('img')
    expect(icon?.getAttribute('src')).toBe(eth.iconUrl)
    expect(icon?.getAttribute('alt')).toBe('')
    fireEvent.error(icon as HTMLImageElement)
    expect(ether?.querySelector('[data-initial]')?.getAttribute('data-initial')).toBe('E')
    const initial = lusd?.querySelector('[data-initial]')
    expect(initial?.getAttribute('data-initial')).toBe('L')
    expect(initial?.getAttribute('aria-hidden')).toBe('true')
  })
})
