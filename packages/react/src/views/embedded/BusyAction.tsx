import { type ReactNode, useId, useState } from 'react'
import { useCoreText } from '../../useMessages.ts'

/**
 * An Account-view action of the embedded wallet that takes a while: busy (and disabled) until
 * `run` settles; a rejection's text is read out under the button.
 */
export function BusyAction(props: {
  testId: string
  errorTestId: string
  run(): Promise<unknown>
  children: ReactNode
}) {
  const errorId = useId()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string>()
  const coreText = useCoreText()

  function start() {
    setBusy(true)
    setError(undefined)
    props.run().then(
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
        data-testid={props.testId}
        disabled={busy}
        aria-busy={busy}
        aria-describedby={error ? errorId : undefined}
        onClick={start}
      >
        <span className="lk-item-name">{props.children}</span>
      </button>
      {error ? (
        <p id={errorId} className="lk-error-text" role="alert" data-testid={props.errorTestId}>
          {coreText(error)}
        </p>
      ) : null}
    </>
  )
}
