import { MemoryStorage } from '@latchkey/core/internal'
import { localChainA } from '@latchkey/core/networks'
import { act, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { createAppKit } from '../createAppKit.ts'
import { getDefaultAppKit } from '../instance.ts'
import { idleEvmAdapter } from '../testing/wallets.ts'

const instances: ReturnType<typeof createAppKit>[] = []

// One instance per test, each mounting its modal: where it mounts is what is tested.
function createOfflineAppKit(options: { enableEmbedded?: boolean } = {}) {
  const appKit = createAppKit({
    networks: [localChainA],
    projectId: 'p',
    storage: new MemoryStorage(),
    apiUrl: 'http://127.0.0.1:1',
    adapters: [idleEvmAdapter],
    ...options,
  })
  instances.push(appKit)
  return appKit
}

describe('where the modal mounts', () => {
  afterEach(() => {
    act(() => {
      for (const appKit of instances.splice(0)) appKit.destroy()
    })
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
  })
})

describe('destroy()', () => {
  it('takes the modal off the page and forgets the instance; a later open mounts nothing', async () => {
    const appKit = createOfflineAppKit()
    await appKit.preload()
    appKit.open()
    await waitFor(() =>
      expect(document.querySelector('[data-latchkey-modal]')?.shadowRoot?.textContent).toBeTruthy(),
    )
    expect(getDefaultAppKit()).toBe(appKit)
    act(() => appKit.destroy())
    expect(document.querySelector('[data-latchkey-modal]')).toBeNull()
    expect(getDefaultAppKit()).toBeUndefined()
    appKit.open()
    await appKit.preload()
    expect(document.querySelector('[data-latchkey-modal]')).toBeNull()
  })

  it('destroyed while its modal is still loading, the modal never mounts', async () => {
    const appKit = createOfflineAppKit()
    const loading = appKit.preload()
    appKit.destroy()
    await loading
    expect(document.querySelector('[data-latchkey-modal]')).toBeNull()
  })

  it('another instance created later stays the default when an older one is destroyed', () => {
    const older = createOfflineAppKit()
    const newer = createOfflineAppKit()
    older.destroy()
    expect(getDefaultAppKit()).toBe(newer)
  })
})
