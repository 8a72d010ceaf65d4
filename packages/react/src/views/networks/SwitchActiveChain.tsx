import { currentRoute } from '@latchkey/core/internal'
import { coreText } from '../../coreTexts.ts'
import { useAppKitInstance } from '../../instance.ts'
import { format } from '../../messages.ts'
import { useStore } from '../../store.ts'
import { useMessages } from '../../useMessages.ts'
import { Logo } from '../parts.tsx'

/**
 * §2 The visitor picked a network of a namespace with no wallet connected (APKTW001): the
 * wallets of that namespace, to connect one; the other namespace stays connected.
 */
export default function SwitchActiveChain() {
  const { core } = useAppKitInstance()
  const messages = useMessages()
  const router = useStore(core.stores.router)
  const connectors = useStore(core.stores.connectors, (s) => s.list)
  const networks = useStore(core.stores.chain, (s) => s.networks)
  const error = useStore(core.stores.account, (s) => s.connectError)
  const route = currentRoute(router)
  const caipNetworkId = route.view === 'SwitchActiveChain' ? route.params.caipNetworkId : undefined
  const network = networks.find((n) => n.caipNetworkId === caipNetworkId)
  if (!network) return <div data-view="SwitchActiveChain" />
  const wallets = connectors.filter((c) => c.chain === network.chainNamespace)
  return (
    <div data-view="SwitchActiveChain" className="lk-center">
      <p data-testid="switch-active-chain-text">
        {format(messages.connectWalletFor, { network: network.name })}
      </p>
      {error && (
        <p className="lk-error-text" role="alert" data-testid="connect-error">
          {coreText(error.message, messages)}
        </p>
      )}
      {wallets.length === 0 ? (
        <p className="lk-muted" data-testid="no-wallets">
          {format(messages.noWalletFor, { network: network.name })}
        </p>
      ) : (
        <ul className="lk-list lk-wide" aria-label={messages.connectWallet}>
          {wallets.map((wallet) => (
            <li key={wallet.id}>
              <button
                type="button"
                className="lk-item"
                data-wallet-id={wallet.id}
                data-testid={`wallet-${wallet.id}`}
                onClick={() => void core.connect(wallet.id, network)}
              >
                <Logo name={wallet.name} src={wallet.imageUrl} />
                <span className="lk-item-name">{wallet.name}</span>
                <span className="lk-tag">{messages.installed}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
