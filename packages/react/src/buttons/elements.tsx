import type { ComponentType } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { AppKitContext, getDefaultAppKit } from '../instance.ts'
import {
  AppKitAccountButton,
  AppKitButton,
  AppKitConnectButton,
  AppKitNetworkButton,
} from './Buttons.tsx'

type ElementProps = Record<string, string | boolean | undefined>

/** HTML lower-cases attribute names; the components take AppKit's camelCase props. */
const OBSERVED = ['size', 'label', 'loadinglabel', 'disabled', 'balance', 'namespace'] as const

/** `disabled` is on when present, unless written as "false" (React writes booleans that way). */
function propsOf(element: HTMLElement): ElementProps {
  const props: ElementProps = {}
  for (const name of OBSERVED) {
    const value = element.getAttribute(name)
    if (value === null) continue
    if (name === 'disabled') props.disabled = value !== 'false'
    else props[name === 'loadinglabel' ? 'loadingLabel' : name] = value
  }
  return props
}

function elementFor(Component: ComponentType<ElementProps>) {
  return class extends HTMLElement {
    static observedAttributes = OBSERVED
    #root: Root | undefined

    #render() {
      const appKit = getDefaultAppKit()
      if (!appKit || !this.isConnected) return
      const shadow = this.shadowRoot ?? this.attachShadow({ mode: 'open' })
      this.#root ??= createRoot(shadow)
      this.#root.render(
        <AppKitContext.Provider value={appKit}>
          <Component {...propsOf(this)} />
        </AppKitContext.Provider>,
      )
    }

    connectedCallback() {
      this.#render()
    }

    attributeChangedCallback() {
      if (this.#root) this.#render()
    }

    disconnectedCallback() {
      this.#root?.unmount()
      this.#root = undefined
    }
  }
}

/** AppKit's element names and the legacy w3m-* ones, each with the component it shows. */
export const ELEMENTS: readonly (readonly [string, ComponentType<ElementProps>])[] = [
  ['appkit-button', AppKitButton],
  ['appkit-connect-button', AppKitConnectButton],
  ['appkit-account-button', AppKitAccountButton],
  ['appkit-network-button', AppKitNetworkButton],
  ['w3m-button', AppKitButton],
  ['w3m-connect-button', AppKitConnectButton],
  ['w3m-account-button', AppKitAccountButton],
  ['w3m-network-button', AppKitNetworkButton],
] as const as readonly (readonly [string, ComponentType<ElementProps>])[]

/** `<appkit-modal>`: a place for the modal, which mounts itself there (modal/mount.tsx). */
const PLACE_ELEMENTS = ['appkit-modal', 'w3m-modal'] as const

/** Registers the `<appkit-*>` and `<w3m-*>` elements once per window. */
export function defineElements() {
  for (const [name, component] of ELEMENTS) {
    if (!customElements.get(name)) customElements.define(name, elementFor(component))
  }
  for (const name of PLACE_ELEMENTS) {
    if (!customElements.get(name)) customElements.define(name, class extends HTMLElement {})
  }
}
