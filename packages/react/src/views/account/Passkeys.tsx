import { useCallback, useEffect, useId, useState } from 'react'
import { useAppKitInstance } from '../../instance.ts'
import { format } from '../../messages.ts'
import { useCoreText, useLocale } from '../../useMessages.ts'
import { FrameSlot, passkeysSupported } from '../embedded/FrameSlot.tsx'
import { usePasskeyMessages } from '../embedded/passkeyMessages.ts'
import { useFrameCard } from '../embedded/useFrameCard.ts'

/** A passkey as the frame tells of it (APP_GET_PASSKEYS): labels only */
interface PasskeyItem {
  id: string
  name: string | null
  createdAt: string
}

/**
 * Account view, embedded wallet only (issue 30): the user's passkeys, adding one (the frame's
 * card takes the click: the ceremony runs on its origin) and removing one. The server refuses
 * to remove the last way in; its words are read out.
 */
export function Passkeys() {
  const { core } = useAppKitInstance()
  const messages = usePasskeyMessages()
  const coreText = useCoreText()
  const { locale } = useLocale()
  const titleId = useId()
  const [passkeys, setPasskeys] = useState<PasskeyItem[]>()
  const [adding, setAdding] = useState(false)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string>()
  const { alive, carding, failureText } = useFrameCard('APP_CANCEL_PASSKEY')

  const run = useCallback(
    (
      ask: (
        frame: Awaited<ReturnType<typeof core.embedded.frame>>,
      ) => Promise<{ passkeys: PasskeyItem[] }>,
    ) => {
      setBusy(true)
      setError(undefined)
      return core.embedded
        .frame()
        .then(ask)
        .then(
          (reply) => alive.current && setPasskeys(reply.passkeys),
          (failure: unknown) => setError(failureText(failure)),
        )
        .finally(() => {
          if (!alive.current) return
          carding.current = false
          setBusy(false)
          setAdding(false)
        })
    },
    [core, alive, carding, failureText],
  )

  useEffect(() => {
    void run((frame) => frame.request('APP_GET_PASSKEYS', {}))
  }, [run])

  const dates = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' })
  const label = (passkey: PasskeyItem) =>
    passkey.name ??
    format(messages.passkeyAdded, { date: dates.format(new Date(passkey.createdAt)) })

  return (
    <section className="lk-stack lk-wide" aria-labelledby={titleId} data-testid="passkeys">
      <p id={titleId} className="lk-muted lk-small">
        {messages.passkeys}
      </p>
      {passkeys?.length === 0 ? <p className="lk-muted lk-small">{messages.noPasskeys}</p> : null}
      {passkeys && passkeys.length > 0 ? (
        <ul className="lk-list" data-testid="passkey-list">
          {passkeys.map((passkey) => (
            <li key={passkey.id} className="lk-item" data-testid="passkey-item">
              <span className="lk-item-name">{label(passkey)}</span>
              <button
                type="button"
                className="lk-link"
                data-testid="passkey-remove"
                disabled={busy}
                onClick={() =>
                  void run((frame) => frame.request('APP_REMOVE_PASSKEY', { id: passkey.id }))
                }
              >
                {format(messages.removePasskey, { name: label(passkey) })}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {adding ? (
        <>
          <p className="lk-muted">{messages.passkeyInFrame}</p>
          <FrameSlot testId="passkey-frame-slot" />
        </>
      ) : passkeysSupported(core.options.frameUrl) ? (
        <button
          type="button"
          className="lk-item"
          data-testid="passkey-add"
          disabled={busy}
          onClick={() => {
            setAdding(true)
            carding.current = true
            void run((frame) => frame.request('APP_ADD_PASSKEY', {}))
          }}
        >
          <span className="lk-item-name">{messages.addPasskey}</span>
        </button>
      ) : null}
      {error ? (
        <p className="lk-error-text" role="alert" data-testid="passkeys-error">
          {coreText(error)}
        </p>
      ) : null}
    </section>
  )
}
