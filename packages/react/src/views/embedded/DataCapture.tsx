import { ErrorText } from '@latchkey/core/internal'
import { useState } from 'react'
import { coreText } from '../../coreTexts.ts'
import { useAppKitInstance } from '../../instance.ts'
import { useStore } from '../../store.ts'
import { useMessages } from '../../useMessages.ts'
import { embeddedCss } from './styles.ts'

/** §4 DataCapture: the visitor's email before signing in (when the project turns it on). */
export default function DataCapture() {
  const { core } = useAppKitInstance()
  const messages = useMessages()
  const signing = useStore(core.stores.siwx, (s) => s.signing)
  const [email, setEmail] = useState('')
  const [error, setError] = useState<string>()
  const [saving, setSaving] = useState(false)
  return (
    <form
      data-view="DataCapture"
      className="lk-stack lk-wide"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        setSaving(true)
        void core.siwx.captureEmail(email).then((problem) => {
          setSaving(false)
          setError(problem)
          if (problem === ErrorText.invalidEmail) core.alerts.raise('APKTW002')
        })
      }}
    >
      <style>{embeddedCss}</style>
      <p className="lk-muted">{messages.dataCaptureText}</p>
      <label className="lk-field">
        <span className="lk-section-title">{messages.email}</span>
        <input
          className="lk-search"
          type="email"
          autoComplete="email"
          data-testid="data-capture-email"
          dir="ltr"
          value={email}
          aria-invalid={error ? true : undefined}
          onChange={(event) => {
            setEmail(event.target.value)
            setError(undefined)
          }}
        />
      </label>
      {error ? (
        <p className="lk-error-text" role="alert" data-testid="data-capture-error">
          {coreText(error, messages)}
        </p>
      ) : null}
      <button
        type="submit"
        className="lk-button lk-button-primary"
        data-testid="data-capture-submit"
        disabled={saving || signing}
      >
        {messages.continue}
      </button>
    </form>
  )
}
