import { describe, expect, it } from 'vitest'
import { en, format } from './messages.ts'

describe('message table', () => {
  it('carries the spec texts as its English entries (§8)', () => {
    expect(en.connectionRejected).toBe('Connection rejected')
    expect(en.failedToConnect).toBe('Failed to connect')
    expect(en.balanceUnavailable).toBe('Token Balance Unavailable')
  })

  it('names every spec view (§2), the network list, Receive, the four Send, three Swap and four Buy views', () => {
    expect(Object.keys(en.views)).toHaveLength(31)
    expect(en.views.Receive).toBe('Receive')
    expect(en.views.OnRampFiatSelect).toBe('Select Currency')
    expect(en.views.Connect).toBe('Connect Wallet')
  })

  it('fills placeholders and leaves unknown ones visible', () => {
    expect(format('Continue in {name}', { name: 'Rabby' })).toBe('Continue in Rabby')
    expect(format('Switching to {network}')).toBe('Switching to {network}')
  })
})

describe('i18n', () => {
  it('an app can replace any entry through createAppKit({ messages })', async () => {
    const { createAppKit } = await import('./createAppKit.ts')
    const { localChainA } = await import('@latchkey/core/networks')
    const appKit = createAppKit({
      networks: [localChainA],
      projectId: 'p',
      apiUrl: 'http://127.0.0.1:1',
      messages: { connectWallet: 'Wallet verbinden' },
    })
    const { renderHook } = await import('@testing-library/react')
    const { createElement } = await import('react')
    const { AppKitProvider } = await import('./context.tsx')
    const { useMessages } = await import('./useMessages.ts')
    const { result } = renderHook(() => useMessages(), {
      wrapper: ({ children }) => createElement(AppKitProvider, { instance: appKit, children }),
    })
    expect(result.current.connectWallet).toBe('Wallet verbinden')
    expect(result.current.disconnect).toBe('Disconnect')
    appKit.destroy()
  })

  it('the swap views read the texts an app gives for them and English for the rest', async () => {
    const { createAppKit } = await import('./createAppKit.ts')
    const { localChainA } = await import('@latchkey/core/networks')
    const appKit = createAppKit({
      networks: [localChainA],
      projectId: 'p',
      apiUrl: 'http://127.0.0.1:1',
      messages: { swapSell: 'Du zahlst', back: 'Zurück' },
    })
    const { renderHook } = await import('@testing-library/react')
    const { createElement } = await import('react')
    const { AppKitProvider } = await import('./context.tsx')
    const { useSwapMessages } = await import('./views/swap/swapMessages.ts')
    const { result } = renderHook(() => useSwapMessages(), {
      wrapper: ({ children }) => createElement(AppKitProvider, { instance: appKit, children }),
    })
    expect(result.current.swapSell).toBe('Du zahlst')
    expect(result.current.back).toBe('Zurück')
    expect(result.current.swapBuy).toBe('You receive')
    appKit.destroy()
  })

  it("englishMessages, the start of a translation, holds the lazily loaded views' texts too", async () => {
    const { englishMessages } = await import('./englishMessages.ts')
    expect(englishMessages.slippageTolerance).toBe('Slippage tolerance')
    expect(englishMessages.connectWallet).toBe(en.connectWallet)
    expect(englishMessages.nameLabel).toBe('Your name')
    expect(englishMessages.farcasterOpen).toBe('Open Farcaster')
  })
})
