import { useCallback, useEffect, useRef, useState } from 'react'
import { useAppKitInstance } from '../../instance.ts'
import { useCoreText } from '../../useMessages.ts'
import { FrameSlot } from '../embedded/FrameSlot.tsx'
import { usePasskeyMessages } from '../embedded/passkeyMessages.ts'

/** A key: a passkey (drawn as icons.tsx draws, kept here so the first load does not carry it) */
const KeyIcon = () => (
  <svg
    width="20"
    height="20"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
  >
    <circle cx="8" cy="15" r="4" />
    <path d="M10.85 12.15 19 4M16 7l3 3M14 9l2 2" />
  </svg>
)

/**
 * Connect (issue 30): "Continue with a passkey". The frame's card takes the click that runs the
 * browser's ceremony on the frame's origin; once signed in the modal goes on to Account.
 */
export function PasskeyLogin() {
  const { core } = useAppKitInstance()
  const messages = usePasskeyMessages()
  const coreText = useCoreText()
  const [running, setRunning] = useState(false)
  const [error, setError] = useState<string>()
  const stop = useRef<AbortController | null>(null)

  /** Stops waiting, and the frame takes its card down */
  const cancel = useCallback(() => {
    const controller = stop.current
    if (!controller || controller.signal.aborted) return
    controller.abort()
    setRunning(false)
    void core.embedded
      .frame()
      .then((client) => client.request('APP_CANCEL_PASSKEY', {}))
      .catch(() => undefined)
  }, [core])
  useEffect(() => cancel, [cancel])

  function start() {
    const controller = new AbortController()
    stop.current = controller
    setRunning(true)
    setError(undefined)
    core.embedded.connectPasskey(controller.signal).then(
      () => {
        stop.current = null
        setRunning(false)
      },
      (failure: unknown) => {
        if (controller.signal.aborted) return
        stop.current = null
        setRunning(false)
        // The visitor's own Cancel in the frame's card is no error to show
        if ((failure as { code?: unknown }).code === 4001) return
        setError(failure instanceof Error ? failure.message : String(failure))
      },
    )
  }

  if (running) {
    return (
      <div className="lk-stack lk-wide" data-testid="passkey-login">
        <p className="lk-muted">{messages.passkeyInFrame}</p>
        <FrameSlot testId="passkey-frame-slot" />
        <button type="button" className="lk-link" onClick={cancel}>
          {messages.cancel}
        </button>
      </div>
    )
  }
  return (
    <>
      <button
        type="button"
        className="lk-item lk-wide"
        data-testid="connect-passkey"
        onClick={start}
      >
        <span className="lk-avatar-sm lk-mail-icon" aria-hidden="true">
          <KeyIcon />
        </span>
        <span className="lk-item-name">{messages.continueWithPasskey}</span>
      </button>
      {error ? (
        <p className="lk-error-text" role="alert" data-testid="connect-passkey-error">
          {coreText(error)}
        </p>
      ) : null}
    </>
  )
}
