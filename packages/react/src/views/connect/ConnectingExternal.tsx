import { currentRoute } from '@latchkey/core/internal'
import { useAppKitInstance } from '../../instance.ts'
import { format } from '../../messages.ts'
import { useStore } from '../../store.ts'
import { useMessages } from '../../useMessages.ts'
import { Logo } from '../parts.tsx'
import { ConnectError } from './ConnectError.tsx'
import { connectCss } from './styles.ts'

/** Waiting for the browser wallet; its rejected and failed states offer a retry. */
export default function ConnectingExternal() {
  const { core } = useAppKitInstance()
  const messages = useMessages()
  const router = useStore(core.stores.router)
  const error = useStore(core.stores.account, (s) => s.connectError)
  const route = currentRoute(router)
  const connectorId = route.view === 'ConnectingExternal' ? route.params.connectorId : ''
  const name = router.wallet?.name ?? connectorId
  return (
    <div
      data-view="ConnectingExternal"
      className="lk-center"
      data-state={error ? (error.rejected ? 'rejected' : 'failed') : 'waiting'}
    >
      <style>{connectCss}</style>
      <div className="lk-spinner" data-state={error ? 'error' : 'waiting'}>
        <Logo name={name} src={router.wallet?.imageUrl} className="lk-wallet-logo" />
      </div>
      {error ? (
        <ConnectError message={error.message} onRetry={() => void core.connect(connectorId)} />
      ) : (
        <>
          <p data-testid="connect-waiting">
            <strong>{format(messages.continueIn, { name })}</strong>
          </p>
          <p className="lk-muted">{messages.acceptRequest}</p>
        </>
      )}
    </div>
  )
}
