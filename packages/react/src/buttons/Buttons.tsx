import { type ChainNamespace, formatDecimal, shortenAddress } from '@latchkey/core/internal'
import { buttonMessages } from '../buttonMessages.ts'
import { useAppKitAccount } from '../hooks.ts'
import { useAppKitInstance } from '../instance.ts'
import { useStore } from '../store.ts'
import { buttonCss } from './styles.ts'

/** The button texts in the instance's language. */
function useButtonMessages() {
  const appKit = useAppKitInstance()
  const translation = useStore(appKit.localeStore, (s) => s.messages)
  return buttonMessages(translation, appKit.messageOverrides)
}

function ButtonStyles() {
  return (
    <style href="latchkey-buttons" precedence="default">
      {buttonCss}
    </style>
  )
}

/** AppKit's two button sizes; 'md' is the default. */
export type ButtonSize = 'sm' | 'md'

export interface AppKitConnectButtonProps {
  size?: ButtonSize
  /** The text while disconnected; default "Connect Wallet". */
  label?: string
  /** The text while a wallet connects; default "Connecting…". */
  loadingLabel?: string
}

export interface AppKitAccountButtonProps {
  disabled?: boolean
  /** 'show' (default) or 'hide' the balance next to the address. */
  balance?: 'show' | 'hide'
}

export interface AppKitNetworkButtonProps {
  disabled?: boolean
}

export interface AppKitButtonProps extends AppKitConnectButtonProps, AppKitAccountButtonProps {
  /** Only this namespace's wallet counts: connect while it has none, its account once it has. */
  namespace?: ChainNamespace
}

/** Connect when disconnected, the account (address and balance) when connected. */
export function AppKitButton({
  size,
  label,
  loadingLabel,
  disabled,
  balance = 'show',
  namespace,
}: AppKitButtonProps) {
  const { status } = useAppKitAccount({ namespace })
  if (status === 'connected') {
    return (
      <AppKitAccountButton
        disabled={disabled}
        balance={balance}
        namespace={namespace}
        size={size}
      />
    )
  }
  return (
    <AppKitConnectButton
      size={size}
      label={label}
      loadingLabel={loadingLabel}
      disabled={disabled}
    />
  )
}

export function AppKitConnectButton({
  size = 'md',
  label,
  loadingLabel,
  disabled,
}: AppKitConnectButtonProps & { disabled?: boolean }) {
  const appKit = useAppKitInstance()
  const messages = useButtonMessages()
  const status = useStore(appKit.core.stores.account, (s) => s.status)
  const busy = status === 'connecting' || status === 'reconnecting'
  return (
    <>
      <ButtonStyles />
      <button
        type="button"
        className="lk-btn"
        data-size={size}
        data-testid="connect-button"
        aria-busy={busy}
        disabled={disabled}
        onClick={() => appKit.open()}
      >
        {status === 'reconnecting'
          ? messages.reconnecting
          : status === 'connecting'
            ? (loadingLabel ?? messages.connecting)
            : (label ?? messages.connectWallet)}
      </button>
    </>
  )
}

/** The name this button had before AppKit's. */
export const ConnectButton = AppKitConnectButton

export function AppKitAccountButton({
  disabled,
  balance = 'show',
  namespace,
  size = 'md',
}: AppKitAccountButtonProps & { namespace?: ChainNamespace; size?: ButtonSize }) {
  const appKit = useAppKitInstance()
  const account = useStore(appKit.core.stores.account)
  const profileName = useStore(appKit.core.stores.portfolio, (s) => s.profileName)
  const locale = useStore(appKit.localeStore, (s) => s.locale)
  const { address } = useAppKitAccount({ namespace })
  if (!address) return null
  // The balance and name the modal keeps are the active account's.
  const shownBalance = address === account.address ? account.balance : undefined
  return (
    <>
      <ButtonStyles />
      <button
        type="button"
        className="lk-btn"
        data-variant="account"
        data-size={size}
        data-testid="account-button"
        disabled={disabled}
        onClick={() => appKit.open()}
      >
        {balance === 'show' && shownBalance && (
          <span dir="ltr">{`${formatDecimal(shownBalance.formatted, locale)} ${shownBalance.symbol}`}</span>
        )}
        <span data-testid="account-button-label" title={address}>
          {address === account.address && profileName ? profileName : shortenAddress(address)}
        </span>
      </button>
    </>
  )
}

export function AppKitNetworkButton({ disabled }: AppKitNetworkButtonProps) {
  const appKit = useAppKitInstance()
  const chain = useStore(appKit.core.stores.chain)
  const messages = useButtonMessages()
  return (
    <>
      <ButtonStyles />
      <button
        type="button"
        className="lk-btn"
        data-variant="network"
        data-testid="network-button"
        data-warning={chain.unsupported || undefined}
        // AppKit's enableNetworkSwitch false: the network shows, the list does not open (a
        // wrong network still leads to UnsupportedChain, the way out).
        disabled={
          disabled || (appKit.core.options.enableNetworkSwitch === false && !chain.unsupported)
        }
        onClick={() => appKit.open({ view: chain.unsupported ? 'UnsupportedChain' : 'Networks' })}
      >
        {chain.unsupported ? messages.wrongNetwork : chain.activeCaipNetwork.name}
      </button>
    </>
  )
}
