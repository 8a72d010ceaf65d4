import { localChainA } from '@latchkey/core/networks'
import { cleanup, fireEvent, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { en } from '../../messages.ts'
import { withScriptedWallet } from '../../testing/scriptedWallet.tsx'
import { metamask } from '../../testing/wallets.ts'
import WalletSendResult from './WalletSendResult.tsx'

afterEach(cleanup)

const HASH = '0x5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060'

/**
 * Connected, the modal opened on Send (as `open({ view: 'WalletSend' })` does); the send went
 * through with `hash` and the preview gave way to this view.
 */
async function sent(hash: string | undefined) {
  const { appKit, show } = withScriptedWallet([localChainA])
  await appKit.core.connect(metamask.id)
  appKit.core.stores.send.setState({ status: 'sent', hash })
  appKit.core.stores.modal.setState({ open: true })
  appKit.core.router.reset('WalletSend')
  appKit.core.router.push('WalletSendPreview')
  appKit.core.router.replace('WalletSendResult')
  show(<WalletSendResult />)
  return appKit
}

describe('WalletSendResult', () => {
  it('says the transfer is on its way and names its transaction', async () => {
    await sent(HASH)
    expect(screen.getByText(en.sentTitle)).toBeTruthy()
    expect(screen.getByText(en.sentText)).toBeTruthy()
    const hash = screen.getByTestId('send-hash')
    expect(hash.textContent).toBe(HASH)
    expect(hash.parentElement?.textContent).toBe(`${en.transactionHash}: ${HASH}`)
  })

  it('without a transaction hash, names none', async () => {
    await sent(undefined)
    expect(screen.getByText(en.sentTitle)).toBeTruthy()
    expect(screen.queryByTestId('send-hash')).toBeNull()
    expect(screen.queryByText(new RegExp(`^${en.transactionHash}:`))).toBeNull()
  })

  it('Done shows the account, with nothing to go back to', async () => {
    const appKit = await sent(HASH)
    expect(appKit.core.stores.router.getState().history.map((r) => r.view)).toEqual([
      'WalletSend',
      'WalletSendResult',
    ])
    const done = screen.getByRole('button', { name: en.done })
    expect(done.hasAttribute('data-autofocus')).toBe(true)
    fireEvent.click(done)
    expect(appKit.core.stores.router.getState().history.map((r) => r.view)).toEqual(['Account'])
    expect(appKit.core.stores.modal.getState().open).toBe(true)
  })
})
