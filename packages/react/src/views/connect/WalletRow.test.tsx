import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { withScriptedWallet } from '../../testing/scriptedWallet.tsx'
import { metamask, rainbow } from '../../testing/wallets.ts'
import { DirectoryWalletRow } from './WalletRow.tsx'

afterEach(cleanup)

function row(wallet: Parameters<typeof DirectoryWalletRow>[0]['wallet']) {
  const { appKit, engine, show } = withScriptedWallet()
  show(<DirectoryWalletRow wallet={wallet} />)
  return { appKit, engine, button: screen.getByTestId(`wallet-${wallet.id}`) }
}

describe('DirectoryWalletRow', () => {
  it('a wallet not installed here pairs through WalletConnect, with its links', () => {
    const { appKit, button } = row(rainbow)
    expect(button.textContent).toBe('RainbowCertified')
    fireEvent.click(button)
    expect(appKit.core.router.current().view).toBe('ConnectingWalletConnect')
    expect(appKit.core.stores.router.getState().wallet).toMatchObject({
      id: 'rainbow',
      name: 'Rainbow',
      rdns: 'me.rainbow',
      links: { mobile_link: 'rainbow://' },
    })
  })

  it('an installed one connects through its connector', async () => {
    const { appKit, engine, button } = row({
      ...rainbow,
      id: 'metamask',
      name: 'MetaMask',
      installed: true,
      connectorId: metamask.id,
    })
    expect(button.textContent).toBe('MetaMaskInstalled')
    fireEvent.click(button)
    await waitFor(() => expect(appKit.core.stores.account.getState().status).toBe('connected'))
    expect(engine.connect.mock.calls[0]?.[0]).toBe(metamask.id)
  })
})
