import { useEffect, useRef, useState } from 'react'
import { coreText } from '../../coreTexts.ts'
import { useMessages } from '../../useMessages.ts'

interface EmailFormProps {
  /** Prefix of the form's data-testids: `<testId>-input`, `-submit`, `-error` */
  testId: string
  label: string
  submitLabel: string
  busy: boolean
  error?: string
  /** One-time code instead of an email address */
  code?: boolean
  onSubmit(value: string): void
}

/** One field and a submit button: the email and code steps of EmailLogin and UpdateEmailWallet. */
export function EmailForm({
  testId,
  label,
  submitLabel,
  busy,
  error,
  code,
  onSubmit,
}: EmailFormProps) {
  const messages = useMessages()
  const [value, setValue] = useState('')
  const input = useRef<HTMLInputElement>(null)
  // Each step mounts its own form: the visitor types the code without reaching for the field.
  useEffect(() => input.current?.focus(), [])
  return (
    <form
      className="lk-stack lk-wide"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        if (!busy) onSubmit(value)
      }}
    >
      <label className="lk-field">
        <span className="lk-section-title">{label}</span>
        <input
          ref={input}
          className="lk-search"
          type={code ? 'text' : 'email'}
          inputMode={code ? 'numeric' : 'email'}
          autoComplete={code ? 'one-time-code' : 'email'}
          data-testid={`${testId}-input`}
          dir="ltr"
          value={value}
          aria-invalid={error ? true : undefined}
          onChange={(event) => setValue(event.target.value)}
        />
      </label>
      {error ? (
        <p className="lk-error-text" role="alert" data-testid={`${testId}-error`}>
          {coreText(error, messages)}
        </p>
      ) : null}
      <button
        type="submit"
        className="lk-button lk-button-primary"
        data-testid={`${testId}-submit`}
        disabled={busy}
        aria-busy={busy || undefined}
      >
        {busy ? messages.loading : submitLabel}
      </button>
    </form>
  )
}
