import { useEffect } from 'react'
import { QrCode } from '../../components/QrCode.tsx'
import { useCopy } from '../../components/useCopy.ts'
import { CopyIcon } from '../../icons.tsx'
import { useAppKitInstance } from '../../instance.ts'
import { useStore } from '../../store.ts'
import { ConnectError } from './ConnectError.tsx'
import { useFarcasterMessages } from './farcasterMessages.ts'
import { connectCss } from './styles.ts'

const QR_SIZE = 232

/**
 * §2 ConnectingFarcaster: the relay's sign-in URL as a QR code for the visitor's phone (on a
 * phone, a link that opens the Farcaster app), "Copy link", and the wait announced until the
 * visitor has signed in there. The header's back button leaves it (§2: the URL is cleared and
 * the frame reloads, in core).
 */
export default function ConnectingFarcaster() {
  const { core } = useAppKitInstance()
  const messages = useFarcasterMessages()
  const farcaster = useStore(core.stores.embedded, (s) => s.farcaster)
  const url = farcaster?.url ?? ''
  const { copied, copy } = useCopy(url, messages.linkCopied)
  const mobile = core.isMobile()

  // Opened by name (open({ view })): the login starts here; from Connect it has already.
  useEffect(() => {
    if (!core.stores.embedded.getState().farcaster) void core.embedded.connectFarcaster()
  }, [core])

  const state = farcaster?.error ? 'failed' : url ? 'waiting' : 'loading'
  return (
    <div data-view="ConnectingFarcaster" className="lk-center" data-state={state}>
      <style>{connectCss}</style>
      {farcaster?.error ? (
        <ConnectError
          message={farcaster.error}
          onRetry={() => void core.embedded.connectFarcaster()}
        />
      ) : (
        <>
          {url && mobile ? (
            <>
              <p className="lk-muted">{messages.farcasterOpenHint}</p>
              <a
                className="lk-button lk-button-primary lk-wide"
                href={url}
                target="_blank"
                rel="noopener noreferrer"
                data-testid="farcaster-open"
                data-autofocus
              >
                {messages.farcasterOpen}
              </a>
            </>
          ) : url ? (
            <>
              <QrCode text={url} label={messages.farcasterQrLabel} size={QR_SIZE} />
              <p className="lk-muted">{messages.farcasterScan}</p>
            </>
          ) : (
            <div
              className="lk-qr lk-skeleton"
              style={{ width: QR_SIZE, height: QR_SIZE }}
              aria-hidden="true"
            />
          )}
          <p className="lk-muted" aria-live="polite" data-testid="farcaster-status">
            {url ? messages.farcasterWaiting : messages.farcasterPreparing}
          </p>
          <button
            type="button"
            className="lk-button lk-wide"
            data-testid="farcaster-copy-link"
            data-copied={copied || undefined}
            disabled={!url}
            onClick={() => void copy()}
          >
            <CopyIcon /> {messages.copyLink}
          </button>
        </>
      )}
    </div>
  )
}
