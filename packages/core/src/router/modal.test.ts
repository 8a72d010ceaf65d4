import { describe, expect, it } from 'vitest'
import {
  closingRoute,
  initialModalState,
  isLoading,
  type ModalState,
  type OpeningContext,
  openingRoute,
} from './modal.ts'

/** A desktop page with adapters, nothing connected, nothing requested. */
function ctx(overrides: Partial<OpeningContext> = {}): OpeningContext {
  return {
    isConnected: false,
    isMobile: false,
    hasAdapters: true,
    manualControl: false,
    ...overrides,
  }
}

describe('openingRoute (§2 Opening)', () => {
  it('opens on Connect when not connected', () => {
    expect(openingRoute(ctx())).toEqual({ view: 'Connect', params: undefined })
  })

  it('opens on Connect on mobile with adapters', () => {
    expect(openingRoute(ctx({ isMobile: true })).view).toBe('Connect')
  })

  it('opens on Account when already connected', () => {
    expect(openingRoute(ctx({ isConnected: true }))).toEqual({
      view: 'Account',
      params: undefined,
    })
  })

  it('opens on Account when connected on a supported chain', () => {
    expect(openingRoute(ctx({ isConnected: true, isUnsupportedChain: false })).view).toBe('Account')
  })

  it('opens on UnsupportedChain when connected on an unsupported chain', () => {
    expect(openingRoute(ctx({ isConnected: true, isUnsupportedChain: true }))).toEqual({
      view: 'UnsupportedChain',
      params: undefined,
    })
  })

  it('opens on AllWallets on mobile with no adapters', () => {
    expect(openingRoute(ctx({ isMobile: true, hasAdapters: false }))).toEqual({
      view: 'AllWallets',
      params: undefined,
    })
  })

  it('opens on ConnectingWalletConnectBasic with no adapters on desktop', () => {
    expect(openingRoute(ctx({ hasAdapters: false }))).toEqual({
      view: 'ConnectingWalletConnectBasic',
      params: undefined,
    })
  })

  it('opens on ConnectingWalletConnectBasic under manual control', () => {
    expect(openingRoute(ctx({ manualControl: true })).view).toBe('ConnectingWalletConnectBasic')
  })

  it('opens on ConnectingWalletConnectBasic under manual control with no adapters', () => {
    expect(openingRoute(ctx({ manualControl: true, hasAdapters: false })).view).toBe(
      'ConnectingWalletConnectBasic',
    )
  })

  it('opens on ConnectingWalletConnectBasic on mobile with adapters under manual control', () => {
    expect(openingRoute(ctx({ isMobile: true, manualControl: true })).view).toBe(
      'ConnectingWalletConnectBasic',
    )
  })

  describe('a requested view wins over all', () => {
    const contexts: [string, Partial<OpeningContext>][] = [
      ['not connected', {}],
      ['connected', { isConnected: true }],
      ['connected on an unsupported chain', { isConnected: true, isUnsupportedChain: true }],
      ['mobile with no adapters', { isMobile: true, hasAdapters: false }],
      ['no adapters', { hasAdapters: false }],
      ['manual control', { manualControl: true }],
    ]

    for (const [name, overrides] of contexts) {
      it(`as a view name (${name})`, () => {
        expect(openingRoute(ctx({ ...overrides, requested: 'Networks' }))).toEqual({
          view: 'Networks',
          params: undefined,
        })
      })

      it(`as a { view, params } route (${name})`, () => {
        expect(
          openingRoute(
            ctx({
              ...overrides,
              requested: { view: 'SwitchNetwork', params: { caipNetworkId: 'eip155:31338' } },
            }),
          ),
        ).toEqual({ view: 'SwitchNetwork', params: { caipNetworkId: 'eip155:31338' } })
      })
    }

    it('even when the requested view is Connect while connected', () => {
      expect(openingRoute(ctx({ isConnected: true, requested: 'Connect' })).view).toBe('Connect')
    })
  })
})

describe('closingRoute (§2 Closing)', () => {
  it('resets to Connect normally', () => {
    expect(closingRoute(false, false)).toEqual({ view: 'Connect', params: undefined })
    expect(closingRoute(false, true)).toEqual({ view: 'Connect', params: undefined })
  })

  it('shows Account in embedded mode when connected', () => {
    expect(closingRoute(true, true)).toEqual({ view: 'Account', params: undefined })
  })

  it('shows Connect in embedded mode when not connected', () => {
    expect(closingRoute(true, false)).toEqual({ view: 'Connect', params: undefined })
  })
})

describe('initialModalState', () => {
  it('is closed, not shaking, with no loading flags', () => {
    expect(initialModalState()).toEqual({
      open: false,
      shake: false,
      loading: {},
      initialized: false,
    })
  })

  it('gives a fresh object each time', () => {
    const a = initialModalState()
    const b = initialModalState()
    expect(a).not.toBe(b)
    expect(a.loading).not.toBe(b.loading)
  })
})

describe('isLoading (§4 loading flags per namespace)', () => {
  function state(loading: ModalState['loading']): ModalState {
    return { ...initialModalState(), loading }
  }

  it('is false with no flags', () => {
    expect(isLoading(state({}))).toBe(false)
  })

  it('is false when every flag is false', () => {
    expect(isLoading(state({ eip155: false, solana: false }))).toBe(false)
  })

  it('is true when one namespace is loading', () => {
    expect(isLoading(state({ eip155: true }))).toBe(true)
    expect(isLoading(state({ eip155: false, solana: true }))).toBe(true)
  })

  it('is true when several namespaces are loading', () => {
    expect(isLoading(state({ eip155: true, solana: true, bip122: false }))).toBe(true)
  })
})
