import { useState } from 'react'
import { useAppKitInstance } from '../../instance.ts'
import { useCoreText } from '../../useMessages.ts'
import { FrameSlot } from '../embedded/FrameSlot.tsx'
import { usePasskeyMessages } from '../embedded/passkeyMessages.ts'
import { useFrameCard } from '../embedded/useFrameCard.ts'

/**
 * Account view, embedded wallet only (issue 30): "Export private key". The frame's own card
 * shows the key, laid over the slot here; this page only learns that the card closed. Leaving
 * the view takes the card down.
 */
export function KeyExport({ namespace }: { namespace: 'eip155' | 'solana' }) {
  const { core } = useAppKitInstance()
  const messages = usePasskeyMessages()
  const coreText = useCoreText()
  const [exporting, setExporting] = useState(false)
  const [error, setError] = useState<string>()
  const { alive, carding, failureText } = useFrameCard('APP_CANCEL_EXPORT')

  const start = () => {
    setExporting(true)
    setError(undefined)
    carding.current = true
    void core.embedded
      .frame()
      .then((frame) => frame.request('APP_EXPORT_KEY', { namespace }))
      .then(
        () => undefined,
        (failure: unknown) => setError(failureText(failure)),
      )
      .finally(() => {
        carding.current = false
        if (alive.current) setExporting(false)
      })
  }

  return exporting ? (
    <section className="lk-stack lk-wide" data-testid="key-export">
      <p className="lk-muted">{messages.exportKeyInFrame}</p>
      <FrameSlot testId="export-frame-slot" className="lk-passkey-slot lk-export-slot" />
    </section>
  ) : (
    <>
      <button type="button" className="lk-item" data-testid="account-export-key" onClick={start}>
        <span className="lk-item-name">{messages.exportKey}</span>
      </button>
      {error ? (
        <p className="lk-error-text" role="alert" data-testid="key-export-error">
          {coreText(error)}
        </p>
      ) : null}
    </>
  )
}
