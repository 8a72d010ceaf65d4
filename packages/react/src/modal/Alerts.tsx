import { isModalAlert } from '@latchkey/core/internal'
import { coreText } from '../coreTexts.ts'
import { useAppKitInstance } from '../instance.ts'
import { useStore } from '../store.ts'
import { useMessages } from '../useMessages.ts'

/** Setup alerts a visitor can act on (origin not allowed, wallets failed to load, …). */
export function Alerts() {
  const { core } = useAppKitInstance()
  const alerts = useStore(core.stores.alerts, (s) => s.alerts)
  const messages = useMessages()
  const shown = alerts.filter((alert) => isModalAlert(alert, Boolean(core.options.debug)))
  if (shown.length === 0) return null
  return (
    <div className="lk-alerts" role="alert" data-testid="setup-alerts">
      {shown.map((alert) => {
        const short = coreText(alert.shortMessage, messages)
        const long = coreText(alert.longMessage, messages)
        // The developer-facing alerts (debug only) stay English: screen readers are told so.
        const english = short === alert.shortMessage && long === alert.longMessage
        return (
          <p
            key={alert.code}
            className="lk-alert"
            data-alert-code={alert.code}
            lang={english ? 'en' : undefined}
          >
            <strong>{short}</strong> {long}
          </p>
        )
      })}
    </div>
  )
}
