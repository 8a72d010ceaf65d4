import { shortenAddress } from '@latchkey/core/caip'
import { useAppKitInstance } from '../context'
import { useStore } from '../store'
import { buttonCss } from './styles'

function ButtonStyles() {
  return (
    <style href="latchkey-buttons" precedence="default">
      {buttonCss}
    </style>
  )
}

export interface AppKitButtonProps {
  label?: string
  /** 'show' (default) or 'hide' the balance next to the address. */
  balance?: 'show' | 'hide'
}

/** Connect when disconnected, the account (address and balance) when connected. */
export function AppKitButton({ label, balance = 'show' }: AppKitButtonProps) {
  const { core } = useAppKitInstance()
  const status = useStore(core.stores.account, (s) => s.status)
  if (status === 'connected') return <AppKitAccountButton balance={balance} />
  return <ConnectButton label={label} />
}

export function ConnectButton({ label }: { label?: string }) {
  const appKit = useAppKitInstance()
  const { messages } = appKit
  const status = useStore(appKit.core.stores.account, (s) => s.status)
  const busy = status === 'connecting' || status === 'reconnecting'
  return (
    <>
      <ButtonStyles />
      <button
        type="button"
        className="lk-btn"
        data-testid="connect-button"
        aria-busy={busy}
        onClick={() => appKit.open()}
      >
        {status === 'reconnecting'
          ? messages.reconnecting
          : status === 'connecting'
            ? messages.connecting
            : (label ?? messages.connectWallet)}
      </button>
    </>
  )
}

export function AppKitAccountButton({ balance = 'show' }: { balance?: 'show' | 'hide' }) {
  const appKit = useAppKitInstance()
  const account = useStore(appKit.core.stores.account)
  if (!account.address) return null
  return (
    <>
      <ButtonStyles />
      <button
        type="button"
        className="lk-btn"
        data-variant="account"
        data-testid="account-button"
        onClick={() => appKit.open()}
      >
        {balance === 'show' && account.balance && (
          <span>{`${account.balance.formatted} ${account.balance.symbol}`}</span>
        )}
        <span>{shortenAddress(account.address)}</span>
      </button>
    </>
  )
}

export function AppKitNetworkButton() {
  const appKit = useAppKitInstance()
  const chain = useStore(appKit.core.stores.chain)
  return (
    <>
      <ButtonStyles />
      <button
        type="button"
        className="lk-btn"
        data-variant="network"
        data-testid="network-button"
        data-warning={chain.unsupported || undefined}
        onClick={() => appKit.open({ view: chain.unsupported ? 'UnsupportedChain' : 'Networks' })}
      >
        {chain.unsupported ? appKit.messages.wrongNetwork : chain.activeCaipNetwork.name}
      </button>
    </>
  )
}
