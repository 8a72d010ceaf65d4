import { type ChainAdapter, MemoryStorage } from '@latchkey/core/internal'
import { localChainA } from '@latchkey/core/networks'
import { waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { createAppKit } from '../createAppKit.ts'

/**
 * An EVM adapter that never loads: with an adapter the modal opens on Connect (without one it
 * opens ConnectingWalletConnectBasic, which starts WalletConnect, not what is tested here).
 */
const evmAdapter: ChainAdapter = {
  namespace: 'eip155',
  watchConnectors: () => () => {},
  load: () => new Promise(() => {}),
}

// One instance per test, each mounting its modal: where it mounts is what is tested.
function createOfflineAppKit(options: { enableEmbedded?: boolean } = {}) {
  return createAppKit({
    networks: [localChainA],
    projectId: 'p',
    storage: new MemoryStorage(),
    apiUrl: 'http://127.0.0.1:1',
    adapters: [evmAdapter],
    ...options,
  })
}

describe('where the modal mounts', () => {
  afterEach(() => {
    document.body.innerHTML = ''
  })

  it('<appkit-modal> is where the modal mounts: inline and not modal with enableEmbedded', async () => {
    const place = document.createElement('appkit-modal')
    document.body.append(place)
    const appKit = createOfflineAppKit({ enableEmbedded: true })
    await appKit.preload()
    await customElements.whenDefined('appkit-modal')
    appKit.open()
    await waitFor(() => expect(place.shadowRoot?.querySelector('[role="dialog"]')).toBeTruthy())
    const dialog = place.shadowRoot?.querySelector('[role="dialog"]')
    expect(dialog?.getAttribute('aria-modal')).toBe('false')
    expect(dialog?.parentElement?.hasAttribute('data-inline')).toBe(true)
    appKit.core.destroy()
  })

  it('without <appkit-modal> the modal mounts on <body> as a modal dialog', async () => {
    const appKit = createOfflineAppKit()
    await appKit.preload()
    appKit.open()
    const host = document.querySelector('[data-latchkey-modal]')
    await waitFor(() => expect(host?.shadowRoot?.querySelector('[role="dialog"]')).toBeTruthy())
    expect(host?.shadowRoot?.querySelector('[role="dialog"]')?.getAttribute('aria-modal')).toBe(
      'true',
    )
    appKit.core.destroy()
  })
})
