import { ErrorText, type GasPrice, NATIVE_TOKEN_KEY } from '@latchkey/core/internal'
import { localChainA, localChainB } from '@latchkey/core/networks'
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { eth, RECEIVER, usd } from '../../../../core/src/testing/sendSetup.ts'
import { en } from '../../messages.ts'
import { userRejection, withScriptedWallet } from '../../testing/scriptedWallet.tsx'
import { metamask } from '../../testing/wallets.ts'
import WalletSendPreview from './WalletSendPreview.tsx'

afterEach(cleanup)

const GWEI = 10n ** 9n
const gasPrice: GasPrice = {
  standard: 1_234_567_890n,
  fast: 1_517_781_234n,
  instant: 3n * GWEI,
}

/**
 * Connected on chain A; the visitor filled in the form with `amount` of `tokenKey` to RECEIVER
 * and pressed Preview send. The wallet gives `gas` as its gas price.
 */
async function previewing(tokenKey: string, amount: string, gas: GasPrice | null = gasPrice) {
  const { appKit, engine, show } = withScriptedWallet([localChainA, localChainB])
  if (gas) Object.assign(engine, { getGasPrice: vi.fn(async () => gas) })
  await appKit.core.connect(metamask.id)
  appKit.core.stores.portfolio.setState({ tokens: [eth, usd] })
  await appKit.core.send.selectToken(tokenKey)
  // Picking the token asked the wallet for its gas price.
  if (gas) await vi.waitFor(() => expect(appKit.core.stores.send.getState().fee).toBeDefined())
  appKit.core.send.setAmount(amount)
  appKit.core.send.setReceiver(RECEIVER)
  appKit.core.stores.modal.setState({ open: true })
  appKit.core.router.reset('WalletSend')
  appKit.core.router.push('WalletSendPreview')
  show(<WalletSendPreview />)
  return { appKit, engine }
}

const sendButton = () => screen.getByTestId('send-confirm') as HTMLButtonElement
const summary = () =>
  [...document.querySelectorAll('dt')].map((term) => [
    term.textContent,
    term.nextElementSibling?.textContent,
  ])

describe('WalletSendPreview', () => {
  it('shows the amount and its value, the receiver, the network, the fee and the gas prices', async () => {
    await previewing(NATIVE_TOKEN_KEY, '0.5')
    expect(screen.getByTestId('send-preview-amount').textContent).toBe('0.5 ETH')
    expect(screen.getByText('$1,500.00')).toBeTruthy()
    // 21,000 gas at the fast price: 0.000031873405914 ETH, to three significant digits
    expect(summary()).toEqual([
      [en.sendTo, RECEIVER],
      [en.sendNetwork, localChainA.name],
      [en.networkFee, '≈ 0.0000319 ETH'],
      [en.gasPrices, `${en.gasStandard} 1.23 · ${en.gasFast} 1.51 · ${en.gasInstant} 3`],
    ])
    expect(sendButton().textContent).toBe(en.sendNow)
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it("a token's fee is that of a token transfer (65,000 gas), in the network's coin", async () => {
    await previewing(usd.address as string, '12.5')
    expect(screen.getByTestId('send-preview-amount').textContent).toBe('12.5 lUSD')
    // 65,000 gas: 0.00009865578021 ETH
    expect(screen.getByTestId('send-preview-fee').textContent).toBe('≈ 0.0000987 ETH')
  })

  it('a wallet without a gas price: no fee and no gas prices are shown', async () => {
    await previewing(NATIVE_TOKEN_KEY, '0.5', null)
    expect(summary().map(([term]) => term)).toEqual([en.sendTo, en.sendNetwork])
  })

  it('Send asks the wallet for the transfer, says Sending… meanwhile, then the result replaces the preview', async () => {
    const { appKit, engine } = await previewing(NATIVE_TOKEN_KEY, '0.5')
    let approve: (hash: string) => void = () => {}
    engine.sendTransfer.mockImplementationOnce(
      () => new Promise<string>((resolve) => (approve = resolve)),
    )
    fireEvent.click(sendButton())
    await waitFor(() => expect(sendButton().textContent).toBe(en.sending))
    expect(sendButton().disabled).toBe(true)
    expect(sendButton().getAttribute('aria-busy')).toBe('true')
    expect(engine.sendTransfer.mock.calls).toEqual([
      [{ network: localChainA, to: RECEIVER, amount: 5n * 10n ** 17n, token: undefined }],
    ])
    await act(async () => approve('0xfeed'))
    await waitFor(() => expect(appKit.core.router.current().view).toBe('WalletSendResult'))
    expect(appKit.core.stores.router.getState().history.map((r) => r.view)).toEqual([
      'WalletSend',
      'WalletSendResult',
    ])
    expect(appKit.core.stores.send.getState()).toMatchObject({ status: 'sent', hash: '0xfeed' })
    expect(appKit.core.stores.portfolio.getState().pending[0]?.metadata.hash).toBe('0xfeed')
  })

  it("a token transfer names the token's contract and decimals to the wallet", async () => {
    const { appKit, engine } = await previewing(usd.address as string, '12.5')
    fireEvent.click(sendButton())
    await waitFor(() => expect(appKit.core.router.current().view).toBe('WalletSendResult'))
    expect(engine.sendTransfer.mock.calls).toEqual([
      [
        {
          network: localChainA,
          to: RECEIVER,
          amount: 12_500_000n,
          token: { address: '0x5FbDB2315678afecb367f032d93F642f64180aa3', decimals: 6 },
        },
      ],
    ])
  })

  it("a refusal in the wallet shows 'User rejected the request'; the preview stays and Send tries again", async () => {
    const { appKit, engine } = await previewing(NATIVE_TOKEN_KEY, '0.5')
    engine.sendTransfer.mockRejectedValueOnce(userRejection())
    fireEvent.click(sendButton())
    expect((await screen.findByRole('alert')).textContent).toBe(ErrorText.userRejected)
    expect(sendButton().textContent).toBe(en.sendNow)
    expect(sendButton().disabled).toBe(false)
    expect(appKit.core.router.current().view).toBe('WalletSendPreview')
    expect(appKit.core.stores.toast.getState()).toMatchObject({
      variant: 'error',
      message: ErrorText.userRejected,
    })
    fireEvent.click(sendButton())
    await waitFor(() => expect(appKit.core.router.current().view).toBe('WalletSendResult'))
    expect(engine.sendTransfer).toHaveBeenCalledTimes(2)
  })
})
