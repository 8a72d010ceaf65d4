import type { SwapQuote, SwapToken } from '@latchkey/core/internal'
import { localChainA } from '@latchkey/core/networks'
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { eth, usd } from '../../../../core/src/testing/sendSetup.ts'
import { englishMessages as en } from '../../englishMessages.ts'
import { format } from '../../messages.ts'
import { withScriptedWallet } from '../../testing/scriptedWallet.tsx'
import { metamask } from '../../testing/wallets.ts'
import Swap from './Swap.tsx'
import SwapPreview from './SwapPreview.tsx'
import SwapSelectToken from './SwapSelectToken.tsx'

afterEach(cleanup)

// The views over the swap store; the controller behind core.swap is tested against the real
// server and the devnet's exchange (core/src/swap/swap.server.test.ts), so its actions are spied.

const token = (symbol: string, address: string, decimals: number, price: number): SwapToken => ({
  name: `${symbol} coin`,
  symbol,
  address: `eip155:31337:${address}`,
  decimals,
  logoUri: '',
  price,
})
const ETH = token('ETH', '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee', 18, 3000)
// The portfolio's lUSD (sendSetup's usd) by the same address
const LUSD = token('lUSD', '0x5FbDB2315678afecb367f032d93F642f64180aa3', 6, 1)
const LKT = token('LKT', '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512', 18, 2.5)
const quote = (priceImpact = 0.5): SwapQuote => ({
  id: 'q',
  fromAmount: 10n ** 18n,
  toAmount: 2_976_163_823n,
  path: [ETH.address, LUSD.address],
  priceImpact,
  fee: { percent: 0.3, amount: 3n * 10n ** 15n },
  block: 7n,
})

async function swapping(view: 'Swap' | 'SwapPreview' | 'SwapSelectToken' = 'Swap') {
  const { appKit, show } = withScriptedWallet([localChainA])
  await appKit.core.connect(metamask.id)
  const { core } = appKit
  const actions = {
    load: vi.spyOn(core.swap, 'load').mockResolvedValue(undefined),
    refreshQuote: vi.spyOn(core.swap, 'refreshQuote').mockResolvedValue(undefined),
    watch: vi.spyOn(core.swap, 'watch').mockReturnValue(() => undefined),
    watchBlocks: vi.spyOn(core.swap, 'watchBlocks').mockReturnValue(() => undefined),
    setAmount: vi.spyOn(core.swap, 'setAmount').mockResolvedValue(undefined),
    setMax: vi.spyOn(core.swap, 'setMax').mockResolvedValue(undefined),
    flip: vi.spyOn(core.swap, 'flip').mockResolvedValue(undefined),
    selectToken: vi.spyOn(core.swap, 'selectToken').mockResolvedValue(undefined),
    swap: vi.spyOn(core.swap, 'swap').mockResolvedValue(true),
  }
  vi.spyOn(core.portfolio, 'refresh').mockResolvedValue(undefined)
  core.stores.portfolio.setState({ tokens: [eth, usd] })
  core.stores.swap.setState({
    network: 'eip155:31337',
    tokens: [ETH, LKT, LUSD],
    sell: ETH.address,
    buy: LUSD.address,
    gasPrice: { standard: 10n ** 9n, fast: 2n * 10n ** 9n, instant: 3n * 10n ** 9n },
  })
  core.stores.modal.setState({ open: true })
  core.router.reset('Account')
  if (view === 'SwapSelectToken') core.router.push({ view, params: { side: 'buy' } })
  else core.router.push(view)
  const component = {
    Swap: <Swap />,
    SwapPreview: <SwapPreview />,
    SwapSelectToken: <SwapSelectToken />,
  }
  show(component[view])
  return { core, actions }
}

describe('Swap', () => {
  it('loads the tokens and watches quotes while open; shows both tokens and the balance sold', async () => {
    const { actions } = await swapping()
    expect(actions.load).toHaveBeenCalledTimes(1)
    expect(actions.watch).toHaveBeenCalledTimes(1)
    expect(screen.getByTestId('swap-sell-token').textContent).toBe('ETH')
    expect(screen.getByTestId('swap-buy-token').textContent).toBe('lUSD')
    expect(screen.getByTestId('swap-sell-balance').textContent).toBe(
      format(en.balanceLabel, { amount: '1 ETH' }),
    )
    expect((screen.getByTestId('swap-review') as HTMLButtonElement).disabled).toBe(true)
  })

  it('types into the store, offers Max and the flip, and reviews only a quote without error', async () => {
    const { core, actions } = await swapping()
    fireEvent.change(screen.getByRole('textbox', { name: en.swapSell }), { target: { value: '1' } })
    expect(actions.setAmount).toHaveBeenCalledWith('1')
    fireEvent.click(screen.getByTestId('swap-max'))
    expect(actions.setMax).toHaveBeenCalledTimes(1)
    fireEvent.click(screen.getByRole('button', { name: en.swapFlip }))
    expect(actions.flip).toHaveBeenCalledTimes(1)

    act(() => core.stores.swap.setState({ amount: '1', quote: quote() }))
    expect(screen.getByTestId('swap-quote').textContent).toBe('2976.163823')
    expect(screen.getByTestId('swap-buy-fiat').textContent).toBe('$2,976.16')
    expect(screen.getByTestId('swap-rate').textContent).toBe('1 ETH = 2,976.16 lUSD')
    expect(screen.queryByTestId('swap-impact-warning')).toBeNull()
    fireEvent.click(screen.getByTestId('swap-review'))
    expect(core.stores.router.getState().history.at(-1)?.view).toBe('SwapPreview')

    act(() => core.stores.swap.setState({ error: 'Insufficient liquidity' }))
    expect(screen.getByRole('alert').textContent).toBe('Insufficient liquidity')
    expect((screen.getByTestId('swap-review') as HTMLButtonElement).disabled).toBe(true)
  })

  it('warns above 5 % of price impact', async () => {
    const { core } = await swapping()
    act(() => core.stores.swap.setState({ amount: '1', quote: quote(7.25) }))
    expect(screen.getByTestId('swap-impact-warning').textContent).toBe(
      format(en.highPriceImpact, { percent: '7.25%' }),
    )
  })

  it('opens the token list for the side pressed', async () => {
    const { core } = await swapping()
    fireEvent.click(screen.getByTestId('swap-buy-token'))
    expect(core.stores.router.getState().history.at(-1)).toEqual({
      view: 'SwapSelectToken',
      params: { side: 'buy' },
    })
  })
})

describe('SwapSelectToken', () => {
  it('lists the held tokens first, filters by the search, and picks for its side', async () => {
    const { core, actions } = await swapping('SwapSelectToken')
    const list = screen.getByTestId('swap-token-list')
    expect(
      within(list)
        .getAllByRole('button')
        .map((b) => b.dataset.testid),
    ).toEqual(['swap-token-ETH', 'swap-token-lUSD', 'swap-token-LKT'])
    expect(screen.getByTestId('swap-token-lUSD').getAttribute('aria-current')).toBe('true')
    fireEvent.change(screen.getByRole('searchbox', { name: en.searchToken }), {
      target: { value: 'lk' },
    })
    expect(
      within(list)
        .getAllByRole('button')
        .map((b) => b.dataset.testid),
    ).toEqual(['swap-token-LKT'])
    fireEvent.click(screen.getByTestId('swap-token-LKT'))
    expect(actions.selectToken).toHaveBeenCalledWith('buy', LKT.address)
    expect(core.stores.router.getState().history.at(-1)?.view).toBe('Account')
    fireEvent.change(screen.getByRole('searchbox', { name: en.searchToken }), {
      target: { value: 'nothing like it' },
    })
    expect(screen.getByText(en.noTokenFound)).toBeDefined()
  })
})

describe('SwapPreview', () => {
  it('shows what is paid, received at least at 1 % slippage, the fees; swaps and returns to Account', async () => {
    const { core, actions } = await swapping('SwapPreview')
    act(() => core.stores.swap.setState({ amount: '1', quote: quote() }))
    expect(actions.watchBlocks).toHaveBeenCalledTimes(1)
    expect(screen.getByTestId('swap-preview-sell').textContent).toBe('1 ETH')
    expect(screen.getByTestId('swap-preview-buy').textContent).toBe('≈ 2976.163823 lUSD')
    expect(screen.getByTestId('swap-preview-minimum').textContent).toBe('2946.402184 lUSD')
    expect(screen.getByTestId('swap-preview-fee').textContent).toBe('≈ 0.00013 ETH')
    fireEvent.click(screen.getByTestId('swap-confirm'))
    expect(actions.swap).toHaveBeenCalledTimes(1)
    await vi.waitFor(() =>
      expect(core.stores.router.getState().history.map((r) => r.view)).toEqual(['Account']),
    )
  })

  it('says which step the wallet is asked for, and stays on a failure', async () => {
    const { core, actions } = await swapping('SwapPreview')
    act(() =>
      core.stores.swap.setState({
        amount: '250.5',
        quote: quote(),
        status: 'approving',
        sell: LUSD.address,
        buy: ETH.address,
      }),
    )
    expect(screen.getByTestId('swap-status').textContent).toBe(
      format(en.approving, { amount: '250.5', symbol: 'lUSD' }),
    )
    expect((screen.getByTestId('swap-confirm') as HTMLButtonElement).disabled).toBe(true)
    act(() => core.stores.swap.setState({ status: 'swapping' }))
    expect(screen.getByTestId('swap-status').textContent).toBe(en.swapping)

    actions.swap.mockResolvedValue(false)
    act(() => core.stores.swap.setState({ status: 'editing', error: 'User rejected the request' }))
    fireEvent.click(screen.getByTestId('swap-confirm'))
    await vi.waitFor(() => expect(actions.swap).toHaveBeenCalled())
    expect(screen.getByRole('alert').textContent).toBe('User rejected the request')
    expect(core.stores.router.getState().history.at(-1)?.view).toBe('SwapPreview')
  })
})
