import { MemoryStorage } from '@latchkey/core/internal'
import { localChainA } from '@latchkey/core/networks'
import { act, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, onTestFinished } from 'vitest'
import { createAppKit } from '../createAppKit.ts'
import { ELEMENTS } from './elements.tsx'

/** An instance with no services behind it, destroyed when the test ends; it registers the elements. */
function createOfflineAppKit() {
  const appKit = createAppKit({
    networks: [localChainA],
    projectId: 'p',
    storage: new MemoryStorage(),
    apiUrl: 'http://127.0.0.1:1',
  })
  onTestFinished(() => act(() => appKit.destroy()))
  return appKit
}

function shadowButton(element: Element): HTMLButtonElement | null | undefined {
  return element.shadowRoot?.querySelector('button')
}

describe('the <appkit-*> elements', () => {
  afterEach(() => {
    document.body.innerHTML = ''
  })

  it('registers every AppKit and legacy w3m name once createAppKit runs', async () => {
    createOfflineAppKit()
    for (const [name] of ELEMENTS) await customElements.whenDefined(name)
    expect(ELEMENTS.map(([name]) => name)).toEqual([
      'appkit-button',
      'appkit-connect-button',
      'appkit-account-button',
      'appkit-network-button',
      'w3m-button',
      'w3m-connect-button',
      'w3m-account-button',
      'w3m-network-button',
    ])
  })

  it('reads its attributes as props and follows changes to them', async () => {
    createOfflineAppKit()
    await customElements.whenDefined('appkit-button')
    const element = document.createElement('appkit-button')
    element.setAttribute('label', 'Sign in')
    element.setAttribute('size', 'sm')
    document.body.append(element)
    await waitFor(() => expect(shadowButton(element)?.textContent).toBe('Sign in'))
    expect(shadowButton(element)?.dataset.size).toBe('sm')
    expect(shadowButton(element)?.disabled).toBe(false)

    element.setAttribute('label', 'Connect here')
    element.setAttribute('disabled', '')
    await waitFor(() => expect(shadowButton(element)?.textContent).toBe('Connect here'))
    expect(shadowButton(element)?.disabled).toBe(true)
    element.setAttribute('disabled', 'false')
    await waitFor(() => expect(shadowButton(element)?.disabled).toBe(false))
  })

  it('legacy <w3m-network-button> shows the active network', async () => {
    createOfflineAppKit()
    await customElements.whenDefined('w3m-network-button')
    const element = document.createElement('w3m-network-button')
    document.body.append(element)
    await waitFor(() => expect(shadowButton(element)?.textContent).toBe('Latchkey Local A'))
  })
})
