import type { AppKitCore, WalletRef } from '@latchkey/core/internal'
import { QrCode } from '../../components/QrCode.tsx'
import { useCopy } from '../../components/useCopy.ts'
import { CopyIcon } from '../../icons.tsx'
import { useAppKitInstance } from '../../instance.ts'
import { format } from '../../messages.ts'
import { useStore } from '../../store.ts'
import { useMessages } from '../../useMessages.ts'

/**
 * §4 The pairing on offer: its QR code (or, on a phone with a link for the chosen wallet, the
 * deep link first), the copy-link button and the wallet's "open" link. The link is a plain
 * anchor, so opening it again is always a fresh user gesture.
 */
export function PairingPanel({ wallet }: { wallet?: WalletRef }) {
  const { core } = useAppKitInstance()
  const messages = useMessages()
  const { offer, deepLink } = useStore(core.stores.walletConnect)
  const uri = offer?.uri ?? ''
  const { copied, copy } = useCopy(uri, messages.linkCopied)
  const mobile = core.isMobile()
  const name = wallet?.name ?? messages.walletConnect
  const openLink = deepLink && (
    <a
      className="lk-button lk-button-primary lk-wide"
      href={deepLink.href}
      data-testid="wc-open-wallet"
      rel="noopener noreferrer"
    >
      {format(mobile ? messages.openWallet : messages.openWalletDesktop, { name: deepLink.name })}
    </a>
  )
  return (
    <div className="lk-center" data-testid="wc-pairing" data-uri={uri || undefined}>
      {mobile && openLink ? (
        <p className="lk-muted">{format(messages.openWalletHint, { name })}</p>
      ) : uri ? (
        <>
          <QrCode text={uri} label={messages.pairingQrLabel} size={232} />
          <p className="lk-muted">
            {wallet ? format(messages.scanWithWallet, { name }) : messages.scanWithPhone}
          </p>
        </>
      ) : (
        <>
          <div
            className="lk-qr lk-skeleton"
            style={{ width: 232, height: 232 }}
            aria-hidden="true"
          />
          <p className="lk-muted" aria-live="polite">
            {messages.preparingPairing}
          </p>
        </>
      )}
      {openLink}
      <button
        type="button"
        className="lk-button lk-wide"
        data-testid="wc-copy-link"
        data-copied={copied || undefined}
        disabled={!uri}
        onClick={() => void copy()}
      >
        <CopyIcon /> {messages.copyLink}
      </button>
    </div>
  )
}

const PAIRING_VIEWS = new Set(['ConnectingWalletConnect', 'ConnectingWalletConnectBasic'])

/**
 * A pairing view unmounts when the visitor leaves it, but also when React swaps a lazily
 * loaded view for its preloaded module: only the first ends the pairing.
 */
export function stopUnlessStillPairing(core: AppKitCore) {
  const { open } = core.stores.modal.getState()
  if (!open || !PAIRING_VIEWS.has(core.router.current().view)) core.walletConnect.stop()
}
