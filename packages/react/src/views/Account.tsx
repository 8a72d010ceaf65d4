import { shortenAddress } from '@latchkey/core/caip'
import { useState } from 'react'
import { useAppKitInstance } from '../context'
import { CopyIcon } from '../icons'
import { useStore } from '../store'
import { AddressAvatar } from './parts'

export default function Account() {
  const { core, messages } = useAppKitInstance()
  const account = useStore(core.stores.account)
  const network = useStore(core.stores.chain, (s) => s.activeCaipNetwork)
  const [copied, setCopied] = useState(false)
  const address = account.address ?? ''

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(address)
      setCopied(true)
      core.toast.showSuccess(messages.addressCopied)
    } catch {
      setCopied(false)
    }
  }

  return (
    <div data-view="Account" className="lk-center">
      <AddressAvatar address={address} />
      <div className="lk-address">
        <span data-testid="account-address" title={address}>
          {shortenAddress(address)}
        </span>
        <button
          type="button"
          className="lk-icon-btn"
          aria-label={messages.copyAddress}
          data-testid="copy-address"
          data-copied={copied || undefined}
          onClick={() => void copy()}
        >
          <CopyIcon />
        </button>
      </div>
      <p className="lk-balance" data-testid="account-balance" aria-live="polite">
        {account.balance ? (
          `${account.balance.formatted} ${account.balance.symbol}`
        ) : account.balanceError ? (
          account.balanceError
        ) : (
          <>
            <span className="lk-skeleton" />
            <span className="lk-visually-hidden">{messages.loadingBalance}</span>
          </>
        )}
      </p>
      <div className="lk-stack lk-wide">
        <button
          type="button"
          className="lk-item"
          data-testid="account-network"
          onClick={() => core.router.push('Networks')}
        >
          <span className="lk-item-name">{network.name}</span>
          <span className="lk-tag">{messages.network}</span>
        </button>
        <button
          type="button"
          className="lk-button lk-button-danger lk-wide"
          data-testid="disconnect"
          onClick={() => void core.disconnect()}
        >
          {messages.disconnect}
        </button>
      </div>
    </div>
  )
}
