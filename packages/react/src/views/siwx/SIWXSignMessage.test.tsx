import { ErrorText, LocalSIWX, MemoryStorage } from '@latchkey/core/internal'
import { localChainA, localChainB } from '@latchkey/core/networks'
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { SIWX_LAST_NETWORK_KEY } from '../../../../core/src/siwx/siwxFlow.ts'
import type { CreateAppKitOptions } from '../../createAppKit.ts'
import { en, format } from '../../messages.ts'
import {
  SCRIPTED_ADDRESS,
  userRejection,
  withScriptedWallet,
} from '../../testing/scriptedWallet.tsx'
import { metamask } from '../../testing/wallets.ts'
import SIWXSignMessage from './SIWXSignMessage.tsx'

afterEach(cleanup)

/**
 * Connected to the scripted MetaMask on chain A without a session, so the modal asks for the
 * sign-in (as core's SIWX flow opens it); sessions are kept by LocalSIWX.
 */
async function signingIn(required = false, options: Partial<CreateAppKitOptions> = {}) {
  const siwx = new LocalSIWX({ storage: new MemoryStorage(), required })
  const storage = new MemoryStorage()
  const { appKit, engine, show } = withScriptedWallet([localChainA, localChainB], {
    siwx,
    storage,
    ...options,
  })
  await appKit.core.connect(metamask.id)
  appKit.core.stores.siwx.setState({ blocking: required })
  appKit.core.stores.modal.setState({ open: true })
  appKit.core.router.reset('SIWXSignMessage')
  show(<SIWXSignMessage />)
  return { appKit, engine, siwx, storage }
}

const signButton = () => screen.getByTestId('siwx-sign') as HTMLButtonElement
const cancelButton = () => screen.getByRole('button', { name: en.cancel }) as HTMLButtonElement
const sessions = (siwx: LocalSIWX) => siwx.getSessions(localChainA.caipNetworkId, SCRIPTED_ADDRESS)

describe('SIWXSignMessage', () => {
  it('asks the visitor to sign for the app, by its name', async () => {
    await signingIn(false, { metadata: { name: 'Acme', description: '', url: '', icons: [] } })
    expect(screen.getByTestId('siwx-title').textContent).toBe(format(en.siwxTitle, { app: 'Acme' }))
    expect(screen.getByText(en.siwxText)).toBeTruthy()
    expect(signButton().textContent).toBe(en.siwxSign)
    expect(signButton().hasAttribute('data-autofocus')).toBe(true)
  })

  it('without app metadata, as "This app"', async () => {
    await signingIn()
    expect(screen.getByTestId('siwx-title').textContent).toBe(
      format(en.siwxTitle, { app: en.thisApp }),
    )
  })

  it('Sign has the wallet sign the sign-in message, busy meanwhile; the session is kept and the modal closes', async () => {
    const { appKit, engine, siwx } = await signingIn()
    let approve: (signature: string) => void = () => {}
    engine.signMessage.mockImplementationOnce(
      () => new Promise<string>((resolve) => (approve = resolve)),
    )
    fireEvent.click(signButton())
    await waitFor(() => expect(engine.signMessage).toHaveBeenCalledTimes(1))
    expect(signButton().textContent).toBe(en.siwxSigning)
    expect(signButton().disabled).toBe(true)
    expect(signButton().getAttribute('aria-busy')).toBe('true')
    expect(cancelButton().disabled).toBe(true)
    // The scripted engine's signMessage is typed without its argument.
    const message = String((engine.signMessage.mock.calls as unknown[][])[0]?.[0])
    expect(message.split('\n').slice(0, 2)).toEqual([
      `${location.host} wants you to sign in with your Ethereum account:`,
      SCRIPTED_ADDRESS,
    ])
    expect(message).toContain(`\nChain ID: ${localChainA.id}\n`)

    await act(async () => approve('0xsigned'))
    await waitFor(() => expect(appKit.core.stores.modal.getState().open).toBe(false))
    expect(await sessions(siwx)).toMatchObject([{ message, signature: '0xsigned' }])
    expect(appKit.core.stores.account.getState().status).toBe('connected')
  })

  it("a refused signature: 'Error signing message', the view stays and Sign works again", async () => {
    const { appKit, engine, siwx } = await signingIn()
    engine.signMessage.mockRejectedValueOnce(userRejection())
    fireEvent.click(signButton())
    await waitFor(() =>
      expect(appKit.core.stores.toast.getState()).toMatchObject({
        open: true,
        variant: 'error',
        message: ErrorText.errorSigningMessage,
      }),
    )
    await waitFor(() => expect(signButton().disabled).toBe(false))
    expect(signButton().textContent).toBe(en.siwxSign)
    expect(appKit.core.stores.modal.getState().open).toBe(true)
    expect(appKit.core.router.current().view).toBe('SIWXSignMessage')
    expect(await sessions(siwx)).toEqual([])

    fireEvent.click(signButton())
    await waitFor(() => expect(appKit.core.stores.modal.getState().open).toBe(false))
    expect(await sessions(siwx)).toHaveLength(1)
  })

  it('Cancel, when sign-in is optional, closes the modal and keeps the wallet connected', async () => {
    const { appKit, engine } = await signingIn()
    fireEvent.click(cancelButton())
    await waitFor(() => expect(appKit.core.stores.modal.getState().open).toBe(false))
    expect(appKit.core.stores.account.getState().status).toBe('connected')
    expect(engine.signMessage).not.toHaveBeenCalled()
    expect(engine.disconnect).not.toHaveBeenCalled()
  })

  it('Cancel, when sign-in is required, disconnects the wallet', async () => {
    const { appKit, engine } = await signingIn(true)
    fireEvent.click(cancelButton())
    await waitFor(() => expect(appKit.core.stores.account.getState().status).toBe('disconnected'))
    expect(engine.disconnect).toHaveBeenCalledTimes(1)
    expect(appKit.core.stores.modal.getState().open).toBe(false)
    expect(appKit.core.stores.siwx.getState().blocking).toBe(false)
  })

  it('Cancel, when sign-in is required, goes back to the network last signed in on', async () => {
    const { appKit, engine, storage } = await signingIn(true)
    storage.setItem(SIWX_LAST_NETWORK_KEY, localChainB.caipNetworkId)
    fireEvent.click(cancelButton())
    await waitFor(() =>
      expect(appKit.core.stores.chain.getState().activeCaipNetwork.id).toBe(localChainB.id),
    )
    expect(engine.switchNetwork).toHaveBeenCalledTimes(1)
    expect(engine.disconnect).not.toHaveBeenCalled()
    expect(appKit.core.stores.account.getState().status).toBe('connected')
    expect(appKit.core.stores.modal.getState().open).toBe(false)
  })
})
