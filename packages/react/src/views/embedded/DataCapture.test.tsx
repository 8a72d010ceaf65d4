import {
  type CaipAddress,
  ErrorText,
  LocalSIWX,
  MemoryStorage,
  type SIWXConfig,
} from '@latchkey/core/internal'
import { localChainA } from '@latchkey/core/networks'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { AppKitProvider } from '../../context.tsx'
import { createAppKit } from '../../createAppKit.ts'
import DataCapture from './DataCapture.tsx'

afterEach(cleanup)

const ADDRESS = '0x1111111111111111111111111111111111111111'
const CAIP_ADDRESS = `eip155:31337:${ADDRESS}` as CaipAddress

/** §4 DataCapture for a connected account, signing in with `siwx` */
function capturing(siwx: SIWXConfig) {
  const appKit = createAppKit({
    networks: [localChainA],
    projectId: 'p',
    storage: new MemoryStorage(),
    apiUrl: 'http://127.0.0.1:1',
    siwx,
  })
  appKit.destroy()
  appKit.core.stores.account.setState({
    status: 'connected',
    address: ADDRESS,
    caipAddress: CAIP_ADDRESS,
    namespace: 'eip155',
    connectorId: 'io.metamask',
  })
  render(
    <AppKitProvider instance={appKit}>
      <DataCapture />
    </AppKitProvider>,
  )
  return appKit
}

const type = (text: string) =>
  fireEvent.change(screen.getByTestId('data-capture-email'), { target: { value: text } })
const submit = () => fireEvent.click(screen.getByTestId('data-capture-submit'))

describe('DataCapture', () => {
  it('refuses an invalid email with its text and APKTW002; typing clears the error', async () => {
    // The setup alert is logged once (README "Setup alerts"): expected here.
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const appKit = capturing(new LocalSIWX({ storage: new MemoryStorage() }))
    type('not-an-email')
    submit()
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toBe(ErrorText.invalidEmail)
    expect(screen.getByTestId('data-capture-email').getAttribute('aria-invalid')).toBe('true')
    expect(appKit.core.stores.alerts.getState().alerts.map((a) => a.code)).toContain('APKTW002')
    // Besides it only the alerts of the refused service (quietConsole.ts) may be written.
    const written = warn.mock.calls.map(([text]) => String(text))
    expect(written.filter((text) => text.startsWith('[latchkey] APKTW002 '))).toHaveLength(1)
    expect(
      written.filter((text) => !/^\[latchkey\] (APKTW002|APKT003|APKT009) /.test(text)),
    ).toEqual([])
    warn.mockRestore()
    type('visitor@example.com')
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('hands the trimmed email and the account to the sign-in provider', async () => {
    const saved: [string, string][] = []
    const local = new LocalSIWX({ storage: new MemoryStorage() })
    const siwx: SIWXConfig = {
      createMessage: (input) => local.createMessage(input),
      addSession: (session) => local.addSession(session),
      getSessions: (chainId, address) => local.getSessions(chainId, address),
      setSessions: (sessions, account) => local.setSessions(sessions, account),
      captureEmail: async (email, caipAddress) => {
        saved.push([email, caipAddress])
      },
    }
    capturing(siwx)
    type('  visitor@example.com ')
    submit()
    await waitFor(() => expect(saved).toEqual([['visitor@example.com', CAIP_ADDRESS]]))
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('with a provider the server cannot verify, says that email capture needs ServerSIWX', async () => {
    capturing(new LocalSIWX({ storage: new MemoryStorage() }))
    type('visitor@example.com')
    submit()
    expect((await screen.findByRole('alert')).textContent).toBe(
      ErrorText.emailCaptureNeedsServerSIWX,
    )
  })
})
