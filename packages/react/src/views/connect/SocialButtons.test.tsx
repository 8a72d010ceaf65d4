import type { ChainAdapter, CodeFeatures, SocialProvider } from '@latchkey/core/internal'
import { MemoryStorage, resolveFeatures } from '@latchkey/core/internal'
import { localChainA } from '@latchkey/core/networks'
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { AppKitProvider } from '../../context.tsx'
import { createAppKit } from '../../createAppKit.ts'
import { idleEvmAdapter } from '../../testing/wallets.ts'
import Connect from './Connect.tsx'

afterEach(() => {
  cleanup()
  delete (window as { Telegram?: unknown }).Telegram
})

async function kit(
  options: { features?: CodeFeatures; adapters?: ChainAdapter[] } = {},
  remoteSocials?: SocialProvider[],
) {
  const appKit = createAppKit({
    networks: [localChainA],
    projectId: 'p',
    storage: new MemoryStorage(),
    apiUrl: 'http://127.0.0.1:1',
    adapters: options.adapters ?? [idleEvmAdapter],
    features: options.features,
  })
  appKit.destroy()
  // The modal and the <appkit-*> elements load themselves when idle: loaded now, they never
  // outlive the test environment.
  await appKit.preload()
  await import('../../buttons/elements.tsx')
  if (remoteSocials) {
    appKit.core.stores.features.setState({
      features: resolveFeatures(options.features, { socials: remoteSocials }),
      remote: 'loaded',
    })
  }
  render(
    <AppKitProvider instance={appKit}>
      <Connect />
    </AppKitProvider>,
  )
  return appKit
}

const socialIds = () =>
  screen
    .queryAllByTestId(/^social-(?!more|status|error)/)
    .map((button) => button.getAttribute('data-provider'))

describe('Connect: social login buttons (spec §1, §5)', () => {
  it("shows the remote config's providers in its order, farcaster among them, four then “more”", async () => {
    await kit({}, ['github', 'farcaster', 'google', 'x', 'discord', 'apple', 'facebook'])
    expect(socialIds()).toEqual(['github', 'farcaster', 'google', 'x'])
    expect(screen.getByRole('button', { name: 'Continue with GitHub' })).toBe(
      screen.getByTestId('social-github'),
    )
    const more = screen.getByRole('button', { name: 'More sign-in options' })
    expect(more.getAttribute('aria-expanded')).toBe('false')
    fireEvent.click(more)
    expect(socialIds()).toEqual([
      'github',
      'farcaster',
      'google',
      'x',
      'discord',
      'apple',
      'facebook',
    ])
    expect(screen.queryByTestId('social-more')).toBeNull()
    // Focus goes to the first provider the button revealed.
    expect(document.activeElement).toBe(screen.getByTestId('social-discord'))
  })

  it("shows each provider's mark from the services (GET /public/getSocialImage/{id})", async () => {
    await kit({}, ['google', 'x', 'farcaster', 'discord', 'apple', 'github', 'facebook'])
    fireEvent.click(screen.getByRole('button', { name: 'More sign-in options' }))
    const buttons = screen.queryAllByTestId(/^social-(?!more|status|error)/)
    expect(buttons).toHaveLength(7)
    for (const button of buttons) {
      const provider = button.dataset.provider ?? ''
      await vi.waitFor(() => expect(button.querySelector('[data-mark="image"]')).toBeTruthy())
      expect(button.querySelector('img')?.getAttribute('src')).toBe(
        `http://127.0.0.1:1/public/getSocialImage/${provider}?projectId=p&st=appkit&sv=html-wagmi-4.2.2`,
      )
      expect(button.textContent).toBe('')
    }
  })

  it('falls back to the initial when a mark fails; it is part of the name (WCAG 2.5.3)', async () => {
    await kit({}, ['google', 'x', 'farcaster', 'discord', 'apple', 'github', 'facebook'])
    fireEvent.click(screen.getByRole('button', { name: 'More sign-in options' }))
    const buttons = screen.queryAllByTestId(/^social-(?!more|status|error)/)
    for (const button of buttons) {
      await vi.waitFor(() => expect(button.querySelector('img')).toBeTruthy())
      fireEvent.error(button.querySelector('img') as HTMLImageElement)
      expect(button.querySelector('[data-mark="initial"]')).toBeTruthy()
      const mark = (button.textContent ?? '').trim().toLowerCase()
      expect(mark.length, button.dataset.provider).toBe(1)
      expect(button.getAttribute('aria-label')?.toLowerCase(), mark).toContain(mark)
    }
    expect(screen.getByTestId('social-google').textContent).toBe('G')
  })

  it('shows up to four without “more”, and sits with the email entry', async () => {
    await kit({}, ['apple', 'x'])
    expect(socialIds()).toEqual(['apple', 'x'])
    expect(screen.queryByTestId('social-more')).toBeNull()
    const email = screen.getByTestId('connect-email')
    const row = screen.getByTestId('socials')
    expect(email.compareDocumentPosition(row) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    expect(within(row).getAllByRole('button')).toHaveLength(2)
  })

  it('is hidden when socials are off: remotely, or with pay on', async () => {
    await kit({ features: { socials: false } })
    expect(screen.queryByTestId('socials')).toBeNull()
    cleanup()
    await kit({ features: { pay: true } }, ['google', 'github'])
    expect(screen.queryByTestId('socials')).toBeNull()
    expect(screen.queryByTestId('connect-email')).toBeNull()
  })

  it('is hidden without an EVM adapter (the embedded wallet connects through it)', async () => {
    await kit({ adapters: [] }, ['google'])
    expect(screen.queryByTestId('socials')).toBeNull()
  })

  it('drops what Telegram hides on the platform (iOS: google)', async () => {
    ;(window as { Telegram?: unknown }).Telegram = { WebApp: { platform: 'ios' } }
    await kit({}, ['google', 'github', 'x'])
    expect(socialIds()).toEqual(['github', 'x'])
  })

  it('Farcaster’s button starts its own login (ConnectingFarcaster), no popup', async () => {
    const appKit = await kit({}, ['farcaster', 'google'])
    const connectFarcaster = vi
      .spyOn(appKit.core.embedded, 'connectFarcaster')
      .mockResolvedValue(undefined)
    const connectSocial = vi.spyOn(appKit.core.embedded, 'connectSocial')
    const button = screen.getByRole('button', { name: 'Continue with Farcaster' })
    fireEvent.click(button)
    expect(connectFarcaster).toHaveBeenCalledTimes(1)
    expect(connectSocial).not.toHaveBeenCalled()
  })

  it('a click starts the provider’s login; progress and errors show in the modal', async () => {
    const appKit = await kit({}, ['google', 'github'])
    const connectSocial = vi
      .spyOn(appKit.core.embedded, 'connectSocial')
      .mockResolvedValue(undefined)
    fireEvent.click(screen.getByTestId('social-github'))
    expect(connectSocial).toHaveBeenCalledWith('github')

    act(() => {
      appKit.core.stores.embedded.setState({
        social: { provider: 'github', step: 'popup', busy: true },
      })
    })
    expect(screen.getByTestId('social-github').getAttribute('aria-busy')).toBe('true')
    expect(screen.getByTestId('social-status').textContent).toBe(
      'Continue with GitHub in the window that opened',
    )

    act(() => {
      appKit.core.stores.embedded.setState({
        social: { provider: 'github', busy: false, error: 'Popup closed' },
      })
    })
    const error = screen.getByTestId('social-error')
    expect(error.textContent).toBe('Popup closed')
    expect(error.getAttribute('role')).toBe('alert')
    // Leaving Connect drops the old error: it does not greet the visitor next time.
    cleanup()
    expect(appKit.core.stores.embedded.getState().social.error).toBeUndefined()
  })
})
