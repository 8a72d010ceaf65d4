import type { ComponentType } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { AppKitProvider } from '../context'
import { getDefaultAppKit } from '../createAppKit'
import { AppKitAccountButton, AppKitButton, AppKitNetworkButton } from './Buttons'

function elementFor(Component: ComponentType<Record<string, string>>) {
  return class extends HTMLElement {
    #root: Root | undefined

    connectedCallback() {
      const appKit = getDefaultAppKit()
      if (!appKit) return
      const shadow = this.shadowRoot ?? this.attachShadow({ mode: 'open' })
      this.#root ??= createRoot(shadow)
      const props = Object.fromEntries([...this.attributes].map((a) => [a.name, a.value]))
      this.#root.render(
        <AppKitProvider instance={appKit}>
          <Component {...props} />
        </AppKitProvider>,
      )
    }

    disconnectedCallback() {
      this.#root?.unmount()
      this.#root = undefined
    }
  }
}

/** Registers <appkit-button>, <appkit-network-button>, <appkit-account-button> once per window. */
export function defineElements() {
  const elements: [string, ComponentType<Record<string, string>>][] = [
    ['appkit-button', AppKitButton],
    ['appkit-network-button', AppKitNetworkButton],
    ['appkit-account-button', AppKitAccountButton as ComponentType<Record<string, string>>],
  ]
  for (const [name, component] of elements) {
    if (!customElements.get(name)) customElements.define(name, elementFor(component))
  }
}
