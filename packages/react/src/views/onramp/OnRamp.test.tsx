import type { OnrampOptions, OnrampState } from '@latchkey/core/internal'
import { localChainA } from '@latchkey/core/networks'
import { act, cleanup, fireEvent, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { withScriptedWallet } from '../../testing/scriptedWallet.tsx'
import { metamask } from '../../testing/wallets.ts'
import BuyInProgress from './BuyInProgress.tsx'
import OnRampFiatSelect from './OnRampFiatSelect.tsx'
import OnRampProviders from './OnRampProviders.tsx'
import OnRampTokenSelect from './OnRampTokenSelect.tsx'

afterEach(cleanup)

// The views over the onramp store; the controller behind core.onramp is tested against the real
// sandbox provider (core/src/onramp/onramp.server.test.ts), so its actions are spied.

const SANDBOX = { id: 'sandbox', name: 'Latchkey Sandbox', networks: null, quotes: true }
const MOONPAY = { id: 'moonpay', name: 'MoonPay', networks: ['eip155:31337'], quotes: false }
const options: OnrampOptions = {
  providers: [SANDBOX],
  paymentMethods: [
    { id: 'card', name: 'Card', feePercent: 2, limits: { min: 10, max: 7500 } },
    { id: 'bank', name: 'Bank transfer', feePercent: 1, limits: { min: 10, max: 25_000 } },
  ],
  paymentCurrencies: ['USD', 'EUR', 'GBP'],
  purchaseCurrencies: [
    {
      symbol: 'ETH',
      name: 'Ether',
      decimals: 18,
      network: 'eip155:31337',
      address: null,
      price: 3000,
    },
    {
      symbol: 'lUSD',
      name: 'Latchkey USD',
      decimals: 6,
      network: 'eip155:31337',
      address: '0x5',
      price: 1,
    },
  ],
}
const quote = {
  paymentTotal: '150.00',
  paymentSubtotal: '147.00',
  fee: '3.00',
  purchaseAmount: '0.049',
  rate: 3000,
}

async function buying(
  view: 'OnRampProviders' | 'OnRampTokenSelect' | 'OnRampFiatSelect' | 'BuyInProgress',
  state: Partial<OnrampState> = {},
) {
  const { appKit, show } = withScriptedWallet([localChainA])
  await appKit.core.connect(metamask.id)
  const { core } = appKit
  const actions = {
    load: vi.spyOn(core.onramp, 'load').mockResolvedValue(undefined),
    refreshQuote: vi.spyOn(core.onramp, 'refreshQuote').mockResolvedValue(undefined),
    setAmount: vi.spyOn(core.onramp, 'setAmount').mockResolvedValue(undefined),
    selectMethod: vi.spyOn(core.onramp, 'selectMethod').mockResolvedValue(undefined),
    selectAsset: vi.spyOn(core.onramp, 'selectAsset').mockResolvedValue(undefined),
    buy: vi.spyOn(core.onramp, 'buy').mockResolvedValue(true),
    reset: vi.spyOn(core.onramp, 'reset').mockResolvedValue(undefined),
    toggleAmountIn: vi.spyOn(core.onramp, 'toggleAmountIn').mockResolvedValue(undefined),
    selectCurrency: vi.spyOn(core.onramp, 'selectCurrency').mockResolvedValue(undefined),
  }
  core.stores.onramp.setState({ network: 'eip155:31337', options, asset: 'ETH', ...state })
  core.stores.modal.setState({ open: true })
  core.router.reset('Account')
  core.router.push('OnRampProviders')
  if (view !== 'OnRampProviders') core.router.push(view)
  const component = {
    OnRampProviders: <OnRampProviders />,
    OnRampTokenSelect: <OnRampTokenSelect />,
    OnRampFiatSelect: <OnRampFiatSelect />,
    BuyInProgress: <BuyInProgress />,
  }
  show(component[view])
  return { core, actions }
}

const history = (core: Awaited<ReturnType<typeof buying>>['core']) =>
  core.stores.router.getState().history.map((r) => r.view)

describe('OnRampProviders', () => {
  it('loads the options; Buy waits for a clean quote; typing and the method go to the controller', async () => {
    const { actions } = await buying('OnRampProviders')
    expect(actions.load).toHaveBeenCalled()
    expect(screen.getByTestId('onramp-asset').textContent).toBe('ETH')
    expect((screen.getByTestId('onramp-buy') as HTMLButtonElement).disabled).toBe(true)
    fireEvent.change(screen.getByTestId('onramp-amount'), { target: { value: '150' } })
    expect(actions.setAmount).toHaveBeenCalledWith('150')
    expect((screen.getByTestId('onramp-method-card') as HTMLInputElement).checked).toBe(true)
    fireEvent.click(screen.getByTestId('onramp-method-bank'))
    expect(actions.selectMethod).toHaveBeenCalledWith('bank')
    expect(screen.getByText('Bank transfer')).toBeTruthy()
  })

  it('pays in the currency chosen: its label and amounts; the currency button opens the list', async () => {
    const { core } = await buying('OnRampProviders', { amount: '150', currency: 'EUR', quote })
    expect(screen.getByLabelText('You pay (EUR)')).toBe(screen.getByTestId('onramp-amount'))
    expect(screen.getByTestId('onramp-fee').textContent).toBe('€3.00')
    expect(screen.getByTestId('onramp-amount-in').textContent).toBe('Enter in ETH')
    fireEvent.click(screen.getByRole('button', { name: 'Change currency' }))
    expect(history(core).at(-1)).toBe('OnRampFiatSelect')
  })

  it('counts the amount in the asset on request: its label, and what it costs in the quote', async () => {
    const { actions } = await buying('OnRampProviders', { amount: '150', quote })
    expect(screen.getByLabelText('You pay (USD)')).toBe(screen.getByTestId('onramp-amount'))
    expect(screen.queryByTestId('onramp-pay')).toBeNull()
    const unit = screen.getByTestId('onramp-amount-in')
    expect(unit.textContent).toBe('Enter in ETH')
    fireEvent.click(unit)
    expect(actions.toggleAmountIn).toHaveBeenCalled()
    cleanup()
    await buying('OnRampProviders', { amount: '0.049', amountIn: 'crypto', quote })
    expect(screen.getByLabelText('You buy (ETH)')).toBe(screen.getByTestId('onramp-amount'))
    expect(screen.getByTestId('onramp-amount-in').textContent).toBe('Enter in USD')
    // The currency is picked while the amount counts it.
    expect(screen.queryByTestId('onramp-currency')).toBeNull()
    expect(screen.getByTestId('onramp-pay').textContent).toBe('$150.00')
    expect(screen.getByTestId('onramp-receive').textContent).toBe('0.049 ETH')
  })

  it('shows the quote; Buy opens the checkout and follows it in BuyInProgress', async () => {
    const { core, actions } = await buying('OnRampProviders', { amount: '150', quote })
    expect(screen.getByTestId('onramp-receive').textContent).toBe('0.049 ETH')
    expect(screen.getByTestId('onramp-fee').textContent).toBe('$3.00')
    const buy = screen.getByTestId('onramp-buy') as HTMLButtonElement
    expect(buy.disabled).toBe(false)
    expect(buy.textContent).toBe('Buy with Latchkey Sandbox')
    fireEvent.click(buy)
    expect(actions.buy).toHaveBeenCalledWith('sandbox')
    expect(history(core).at(-1)).toBe('BuyInProgress')
  })

  it('lists a configured provider after the sandbox: it opens its own checkout, no quote needed', async () => {
    const withHosted = { ...options, providers: [SANDBOX, MOONPAY] }
    const { core, actions } = await buying('OnRampProviders', {
      options: withHosted,
      amount: '150',
    })
    const moonpay = screen.getByRole('button', { name: 'Buy with MoonPay' }) as HTMLButtonElement
    expect((screen.getByTestId('onramp-buy') as HTMLButtonElement).disabled).toBe(true)
    expect(moonpay.disabled).toBe(false)
    expect(screen.getByText("The price and fee are shown on the provider's page.")).toBeTruthy()
    fireEvent.click(moonpay)
    expect(actions.buy).toHaveBeenCalledWith('moonpay')
    expect(history(core).at(-1)).toBe('BuyInProgress')
  })

  it('with configured providers only: no methods to pick, the first one is the form’s button', async () => {
    const hostedOnly = { ...options, providers: [MOONPAY], paymentMethods: [] }
    const { actions } = await buying('OnRampProviders', { options: hostedOnly, amount: '' })
    expect(screen.queryByTestId('onramp-buy')).toBeNull()
    expect(screen.queryByText('Pay with')).toBeNull()
    const moonpay = screen.getByTestId('onramp-buy-moonpay') as HTMLButtonElement
    expect(moonpay.disabled).toBe(true)
    cleanup()
    await buying('OnRampProviders', { options: hostedOnly, amount: '150' })
    fireEvent.submit(screen.getByTestId('onramp-amount'))
    expect(actions.buy).not.toHaveBeenCalled()
  })

  it("says the provider's reason and keeps Buy off", async () => {
    await buying('OnRampProviders', {
      amount: '5',
      error: 'Enter an amount between 10 and 7500 USD',
    })
    expect(screen.getByTestId('onramp-error').textContent).toBe(
      'Enter an amount between 10 and 7500 USD',
    )
    expect(screen.getByRole('alert')).toBeTruthy()
    expect((screen.getByTestId('onramp-buy') as HTMLButtonElement).disabled).toBe(true)
  })
})

describe('OnRampTokenSelect', () => {
  it('lists the assets sold here, marks the chosen one, and picks another', async () => {
    const { core, actions } = await buying('OnRampTokenSelect')
    expect(screen.getByTestId('onramp-asset-ETH').getAttribute('aria-current')).toBe('true')
    fireEvent.click(screen.getByTestId('onramp-asset-lUSD'))
    expect(actions.selectAsset).toHaveBeenCalledWith('lUSD')
    expect(history(core).at(-1)).toBe('OnRampProviders')
  })
})

describe('BuyInProgress', () => {
  it('waits for the payment, then says what arrived; Done goes back to Account', async () => {
    const { core, actions } = await buying('BuyInProgress', {
      status: 'buying',
      provider: 'sandbox',
    })
    expect(screen.getByTestId('onramp-status').textContent).toBe('Waiting for the payment…')
    expect(screen.queryByRole('button', { name: 'Stop waiting' })).toBeNull()
    act(() =>
      core.stores.onramp.setState({
        order: { id: 'o', status: 'pending', purchaseAmount: null, txHash: null, failure: null },
      }),
    )
    expect(screen.getByTestId('onramp-status').textContent).toBe('Payment received; sending ETH…')
    act(() =>
      core.stores.onramp.setState({
        status: 'completed',
        purchased: '0.049',
        order: {
          id: 'o',
          status: 'completed',
          purchaseAmount: '0.049',
          txHash: '0x1',
          failure: null,
        },
      }),
    )
    expect(screen.getByTestId('onramp-done').textContent).toBe('You bought 0.049 ETH.')
    fireEvent.click(screen.getByTestId('onramp-finish'))
    expect(actions.reset).toHaveBeenCalled()
    expect(history(core)).toEqual(['Account'])
  })

  it('follows a hosted checkout by the balance, also once its window closed; Stop waiting leaves', async () => {
    const { core, actions } = await buying('BuyInProgress', {
      status: 'buying',
      provider: 'moonpay',
      options: { ...options, providers: [SANDBOX, MOONPAY] },
    })
    expect(screen.getByTestId('onramp-status').textContent).toBe(
      'Waiting for ETH to arrive in your wallet…',
    )
    act(() => core.stores.onramp.setState({ windowClosed: true }))
    expect(screen.getByTestId('onramp-status').textContent).toBe(
      "The provider's window is closed. A purchase you paid shows here when the ETH arrives.",
    )
    fireEvent.click(screen.getByRole('button', { name: 'Stop waiting' }))
    expect(actions.reset).toHaveBeenCalled()
    expect(history(core).at(-1)).toBe('OnRampProviders')
  })

  it('a failure says why; Try again returns to the form', async () => {
    const { core, actions } = await buying('BuyInProgress', {
      status: 'failed',
      error: 'Your card was declined.',
    })
    expect(screen.getByTestId('onramp-failed').textContent).toBe('Your card was declined.')
    fireEvent.click(screen.getByTestId('onramp-retry'))
    expect(actions.reset).toHaveBeenCalled()
    expect(history(core).at(-1)).toBe('OnRampProviders')
  })
})

describe('OnRampFiatSelect', () => {
  it('lists the currencies the provider takes by name; picking one goes back to the form', async () => {
    const { core, actions } = await buying('OnRampFiatSelect', { currency: 'USD' })
    const items = screen
      .getAllByRole('button')
      .filter((b) => b.dataset.testid?.startsWith('onramp-currency-'))
    expect(items.map((b) => b.textContent)).toEqual(['US DollarUSD', 'EuroEUR', 'British PoundGBP'])
    expect(screen.getByTestId('onramp-currency-USD').getAttribute('aria-current')).toBe('true')
    fireEvent.click(screen.getByTestId('onramp-currency-GBP'))
    expect(actions.selectCurrency).toHaveBeenCalledWith('GBP')
    expect(history(core).at(-1)).toBe('OnRampProviders')
  })
})
