import { AmountText, ErrorText, NATIVE_TOKEN_KEY, type TokenBalance } from '@latchkey/core/internal'
import { localChainA, localChainB } from '@latchkey/core/networks'
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { eth, RECEIVER, usd, usdOnB } from '../../../../core/src/testing/sendSetup.ts'
import { en, format } from '../../messages.ts'
import { withScriptedWallet } from '../../testing/scriptedWallet.tsx'
import { metamask } from '../../testing/wallets.ts'
import WalletSend from './WalletSend.tsx'

afterEach(cleanup)

const GWEI = 10n ** 9n

/**
 * Connected to the scripted MetaMask on chain A holding `tokens`, the modal on Send. The
 * balances are the test's: the refresh on opening is stood in for (the service is none).
 */
async function sending(tokens: TokenBalance[] = [usd, eth, usdOnB]) {
  const { appKit, engine, show } = withScriptedWallet([localChainA, localChainB])
  await appKit.core.connect(metamask.id)
  const refresh = vi.spyOn(appKit.core.portfolio, 'refresh').mockResolvedValue(undefined)
  appKit.core.stores.portfolio.setState({ tokens })
  appKit.core.stores.modal.setState({ open: true })
  appKit.core.router.reset('WalletSend')
  return { appKit, engine, refresh, show: () => show(<WalletSend />) }
}

/** The amount field, found by its name as a screen reader announces it: "Amount" alone. */
const amountField = () => screen.getByRole('textbox', { name: 'Amount' }) as HTMLInputElement
const receiverField = () => screen.getByLabelText(en.receiverAddress) as HTMLInputElement
const type = (field: HTMLInputElement, value: string) =>
  fireEvent.change(field, { target: { value } })
const tokenButton = () => screen.getByTestId('send-select-token')

describe('WalletSend', () => {
  it("picks the network's coin and shows its balance; balances are refreshed on opening", async () => {
    const { appKit, refresh, show } = await sending()
    show()
    await waitFor(() => expect(tokenButton().textContent).toContain('ETH'))
    expect(screen.getByTestId('send-token-balance').textContent).toBe(
      format(en.balanceLabel, { amount: '1 ETH' }),
    )
    expect(appKit.core.stores.send.getState().tokenKey).toBe(NATIVE_TOKEN_KEY)
    expect(refresh).toHaveBeenCalledTimes(1)
    expect(receiverField().placeholder).toBe(
      format(en.receiverPlaceholder, { namespace: 'eip155' }),
    )
  })

  it('shows the balance floored to three decimals, never rounded up', async () => {
    const { show } = await sending([{ ...eth, quantity: { decimals: '18', numeric: '1.98765' } }])
    show()
    await waitFor(() =>
      expect(screen.getByTestId('send-token-balance').textContent).toBe(
        format(en.balanceLabel, { amount: '1.987 ETH' }),
      ),
    )
  })

  it('keeps the token the visitor chose', async () => {
    const { appKit, show } = await sending()
    await act(() => appKit.core.send.selectToken(usd.address as string))
    show()
    expect(tokenButton().textContent).toContain('lUSD')
    expect(screen.getByTestId('send-token-balance').textContent).toBe(
      format(en.balanceLabel, { amount: '100.5 lUSD' }),
    )
    expect(appKit.core.stores.send.getState().tokenKey).toBe(usd.address)
  })

  it('with nothing to send on this network: Select token, the reason, and no Max', async () => {
    const { appKit, show } = await sending([usdOnB])
    show()
    expect(tokenButton().textContent).toBe(`${en.selectToken}${en.noTokensToSend}`)
    expect((screen.getByRole('button', { name: en.max }) as HTMLButtonElement).disabled).toBe(true)
    expect(appKit.core.stores.send.getState().tokenKey).toBeUndefined()
  })

  it('shows the dollar value of the amount typed; Max fills in the whole token balance', async () => {
    const { appKit, show } = await sending()
    await act(() => appKit.core.send.selectToken(usd.address as string))
    show()
    type(amountField(), '12.5')
    expect(screen.getByTestId('send-fiat').textContent).toBe('$12.50')
    fireEvent.click(screen.getByRole('button', { name: en.max }))
    await waitFor(() => expect(amountField().value).toBe('100.5'))
    expect(screen.getByTestId('send-fiat').textContent).toBe('$100.50')
  })

  it('in Persian: the amount shows in Persian digits, typed in either, and is kept in Latin ones', async () => {
    const { appKit, show } = await sending()
    await appKit.setLocale('fa')
    await act(() => appKit.core.send.selectToken(usd.address as string))
    show()
    const field = screen.getByTestId('send-amount') as HTMLInputElement
    type(field, '۱۲٫۵')
    expect(appKit.core.stores.send.getState().amount).toBe('12.5')
    expect(field.value).toBe('۱۲٫۵')
    type(field, '3.25')
    expect(field.value).toBe('۳٫۲۵')
    fireEvent.click(screen.getByTestId('send-max'))
    await waitFor(() => expect(field.value).toBe('۱۰۰٫۵'))
    expect(appKit.core.stores.send.getState().amount).toBe('100.5')
  })

  it("Max on the network's coin keeps back the fee at the wallet's fast gas price", async () => {
    const { appKit, engine, show } = await sending()
    const gasPrice = { standard: GWEI, fast: 2n * GWEI, instant: 3n * GWEI }
    Object.assign(engine, { getGasPrice: vi.fn(async () => gasPrice) })
    show()
    // 21,000 gas at 2 gwei: 0.000042 ETH of the 1 ETH held.
    await waitFor(() => expect(appKit.core.stores.send.getState().fee).toBe(42_000n * GWEI))
    fireEvent.click(screen.getByRole('button', { name: en.max }))
    await waitFor(() => expect(amountField().value).toBe('0.999958'))
    expect(screen.getByTestId('send-fiat').textContent).toBe('$2,999.87')
  })

  it('Preview send shows what is wrong with the form, until the visitor types again', async () => {
    const { appKit, show } = await sending()
    show()
    const preview = screen.getByRole('button', { name: en.previewSend })
    fireEvent.click(preview)
    expect((await screen.findByRole('alert')).textContent).toBe(ErrorText.amountAndReceiverRequired)
    type(amountField(), '0.5')
    expect(screen.queryByRole('alert')).toBeNull()
    type(receiverField(), '0x1234')
    fireEvent.click(preview)
    expect((await screen.findByRole('alert')).textContent).toBe(ErrorText.invalidReceiver)
    type(receiverField(), RECEIVER)
    type(amountField(), '2')
    fireEvent.click(preview)
    expect((await screen.findByRole('alert')).textContent).toBe(AmountText.exceedsBalance)
    expect(appKit.core.router.current().view).toBe('WalletSend')
  })

  it('a valid form opens the preview, Enter as the button', async () => {
    const { appKit, show } = await sending()
    show()
    await waitFor(() => expect(tokenButton().textContent).toContain('ETH'))
    type(amountField(), '0.5')
    type(receiverField(), RECEIVER)
    fireEvent.submit(receiverField().form as HTMLFormElement)
    await waitFor(() => expect(appKit.core.router.current().view).toBe('WalletSendPreview'))
    expect(screen.queryByRole('alert')).toBeNull()
    expect(appKit.core.stores.send.getState()).toMatchObject({ amount: '0.5', receiver: RECEIVER })
  })

  it('the token button opens the token list', async () => {
    const { appKit, show } = await sending()
    show()
    fireEvent.click(tokenButton())
    expect(appKit.core.router.current().view).toBe('WalletSendSelectToken')
    expect(appKit.core.stores.router.getState().history.map((r) => r.view)).toEqual([
      'WalletSend',
      'WalletSendSelectToken',
    ])
  })

  it('opened after a finished send, the form starts afresh', async () => {
    const { appKit, show } = await sending()
    appKit.core.stores.send.setState({ status: 'sent', hash: '0xabc', amount: '0.25' })
    show()
    await waitFor(() => expect(appKit.core.stores.send.getState().status).toBe('editing'))
    expect(appKit.core.stores.send.getState().hash).toBeUndefined()
    expect(amountField().value).toBe('')
    await waitFor(() => expect(tokenButton().textContent).toContain('ETH'))
  })
})
