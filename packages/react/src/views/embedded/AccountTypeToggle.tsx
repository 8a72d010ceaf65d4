import { useEffect, useId, useState } from 'react'
import { useStore } from 'zustand'
import { useAppKitInstance } from '../../instance.ts'
import { useMessages } from '../../useMessages.ts'

/**
 * Account view, the embedded wallet's EVM account only (README "Smart accounts"): switches
 * between the EOA and the smart account the same key owns, on a network that offers one. The
 * new address replaces the old one everywhere the page reads it; a failure is read out below.
 */
export function AccountTypeToggle() {
  const { core } = useAppKitInstance()
  const messages = useMessages()
  const errorId = useId()
  const type = useStore(core.stores.embedded, (s) => s.user?.preferredAccountType ?? 'eoa')
  const network = useStore(core.stores.chain, (s) => s.activeCaipNetwork)
  const [offered, setOffered] = useState(false)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string>()

  useEffect(() => {
    let current = true
    core.embedded.smartAccountNetworks().then(
      (ids) => current && setOffered(ids.includes(Number(network.id))),
      () => current && setOffered(false),
    )
    return () => {
      current = false
    }
  }, [core, network.id])

  if (!offered && type !== 'smartAccount') return null
  const next = type === 'smartAccount' ? 'eoa' : 'smartAccount'

  function toggle() {
    setBusy(true)
    setError(undefined)
    core.embedded.setPreferredAccountType(next).then(
      () => setBusy(false),
      (failure: unknown) => {
        setBusy(false)
        setError(failure instanceof Error ? failure.message : String(failure))
      },
    )
  }

  return (
    <>
      <button
        type="button"
        className="lk-item"
        data-testid="account-type-toggle"
        disabled={busy}
        aria-busy={busy}
        aria-describedby={error ? errorId : undefined}
        onClick={toggle}
      >
        <span className="lk-item-name">
          {next === 'smartAccount' ? messages.switchToSmartAccount : messages.switchToEoa}
        </span>
      </button>
      {error ? (
        <p id={errorId} className="lk-error-text" role="alert" data-testid="account-type-error">
          {error}
        </p>
      ) : null}
    </>
  )
}
