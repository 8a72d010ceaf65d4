// JSX typing of the custom elements, for React 18.3 and 19 (both read React.JSX).
import type { ChainNamespace } from '@latchkey/core/internal'
import type { DetailedHTMLProps, HTMLAttributes } from 'react'
import type { ButtonSize } from './Buttons.tsx'

type HtmlProps = DetailedHTMLProps<HTMLAttributes<HTMLElement>, HTMLElement>

export interface AppKitConnectButtonAttributes extends HtmlProps {
  size?: ButtonSize
  label?: string
  loadingLabel?: string
  disabled?: boolean
}

export interface AppKitAccountButtonAttributes extends HtmlProps {
  disabled?: boolean
  balance?: 'show' | 'hide'
}

export interface AppKitNetworkButtonAttributes extends HtmlProps {
  disabled?: boolean
}

export interface AppKitButtonAttributes
  extends AppKitConnectButtonAttributes,
    AppKitAccountButtonAttributes {
  namespace?: ChainNamespace
}

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'appkit-button': AppKitButtonAttributes
      'appkit-connect-button': AppKitConnectButtonAttributes
      'appkit-account-button': AppKitAccountButtonAttributes
      'appkit-network-button': AppKitNetworkButtonAttributes
      'w3m-button': AppKitButtonAttributes
      'w3m-connect-button': AppKitConnectButtonAttributes
      'w3m-account-button': AppKitAccountButtonAttributes
      'w3m-network-button': AppKitNetworkButtonAttributes
      /** Where the modal sits in the page (inline there with `enableEmbedded`) */
      'appkit-modal': HtmlProps
      'w3m-modal': HtmlProps
    }
  }
}
