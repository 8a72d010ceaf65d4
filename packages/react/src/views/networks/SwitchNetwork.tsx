import { currentRoute } from '@latchkey/core/internal'
import { coreText } from '../../coreTexts.ts'
import { SwitchIcon } from '../../icons.tsx'
import { useAppKitInstance } from '../../instance.ts'
import { format } from '../../messages.ts'
import { useStore } from '../../store.ts'
import { useMessages } from '../../useMessages.ts'

/** Waiting for the wallet to switch; a refusal shows why, with a retry. */
export default function SwitchNetwork() {
  const { core } = useAppKitInstance()
  const messages = useMessages()
  const route = currentRoute(useStore(core.stores.router))
  const error = useStore(core.stores.account, (s) => s.switchError)
  const networks = useStore(core.stores.chain, (s) => s.networks)
  const target = networks.find(
    (n) => route.view === 'SwitchNetwork' && n.caipNetworkId === route.params.caipNetworkId,
  )
  const name = target?.name ?? ''
  const connectorId = useStore(core.stores.account, (s) => s.connectorId)
  const wallet = useStore(core.stores.connectors, (s) => s.list).find((c) => c.id === connectorId)
  return (
    <div data-view="SwitchNetwork" className="lk-center" data-state={error ? 'error' : 'waiting'}>
      <div className="lk-spinner" data-state={error ? 'error' : 'waiting'}>
        <SwitchIcon />
      </div>
      {error ? (
        <>
          <p className="lk-error-text" role="alert" data-testid="switch-error">
            {coreText(error, messages)}
          </p>
          {target && (
            <button
              type="button"
              className="lk-button lk-button-primary"
              data-testid="switch-retry"
              data-autofocus
              onClick={() => void core.switchNetwork(target)}
            >
              {messages.tryAgain}
            </button>
          )}
        </>
      ) : (
        <>
          <p>
            <strong>{format(messages.switchNetworkWaiting, { network: name })}</strong>
          </p>
          <p className="lk-muted">
            {format(messages.switchNetworkIn, { name: wallet?.name ?? messages.yourWallet })}
          </p>
        </>
      )}
    </div>
  )
}
