import { useId, useState } from 'react'
import { useAppKitInstance } from '../../instance.ts'
import { useMessages } from '../../useMessages.ts'

/**
 * Account view, embedded wallet only (issue 18 #9): ends the wallet's sessions on every device,
 * then disconnects here. A failure is read out under the button and the visitor stays connected.
 */
export function SignOutEverywhere() {
  const { core } = useAppKitInstance()
  const messages = useMessages()
  const errorId = useId()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string>()

  function signOut() {
    setBusy(true)
    setError(undefined)
    core.embedded.signOutEverywhere().then(
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
        data-testid="sign-out-everywhere"
        disabled={busy}
        aria-busy={busy}
        aria-describedby={error ? errorId : undefined}
        onClick={signOut}
      >
        <span className="lk-item-name">{messages.signOutEverywhere}</span>
      </button>
      {error ? (
        <p
          id={errorId}
          className="lk-error-text"
          role="alert"
          data-testid="sign-out-everywhere-error"
        >
          {error}
        </p>
      ) : null}
    </>
  )
}
