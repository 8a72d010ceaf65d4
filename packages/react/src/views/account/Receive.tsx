import { QrCode } from '../../components/QrCode.tsx'
import { useCopy } from '../../components/useCopy.ts'
import { CopyIcon } from '../../icons.tsx'
import { useAppKitInstance } from '../../instance.ts'
import { useStore } from '../../store.ts'
import { useMessages } from '../../useMessages.ts'
import { accountCss } from './styles.ts'

/**
 * The connected address to receive on, as a QR code and text, with a copy button and the
 * networks it can receive on (the configured networks of the account's namespace).
 */
export default function Receive() {
  const { core } = useAppKitInstance()
  const messages = useMessages()
  const account = useStore(core.stores.account)
  const networks = useStore(core.stores.chain, (s) => s.networks)
  const address = account.address ?? ''
  const namespace = account.namespace ?? core.stores.chain.getState().activeNamespace
  const receivable = networks.filter((network) => network.chainNamespace === namespace)

  const { copied, copy } = useCopy(address, messages.addressCopied)

  return (
    <div data-view="Receive" className="lk-center">
      <style>{accountCss}</style>
      {address && <QrCode text={address} label={messages.receiveQrLabel} />}
      <p className="lk-receive-address" data-testid="receive-address" dir="ltr">
        {address}
      </p>
      <button
        type="button"
        className="lk-button lk-wide"
        data-testid="receive-copy-address"
        data-copied={copied || undefined}
        onClick={() => void copy()}
      >
        <CopyIcon /> {messages.copyAddress}
      </button>
      <section className="lk-section lk-wide" aria-labelledby="lk-receive-networks">
        <h3 id="lk-receive-networks" className="lk-section-title">
          {messages.receiveOn}
        </h3>
        <ul className="lk-list" data-testid="receive-networks">
          {receivable.map((network) => (
            <li key={network.caipNetworkId} className="lk-row" data-network={network.caipNetworkId}>
              <span className="lk-item-name">{network.name}</span>
              <span className="lk-tag">{network.nativeCurrency.symbol}</span>
            </li>
          ))}
        </ul>
        <p className="lk-muted lk-small">{messages.receiveHint}</p>
      </section>
    </div>
  )
}
