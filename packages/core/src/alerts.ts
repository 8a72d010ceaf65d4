import { createStore } from 'zustand/vanilla'
import { type SetupAlert, type SetupAlertCode, SetupAlerts } from './errors.ts'

/**
 * §8 setup alerts a visitor may see in the modal; the rest are for the developer (console).
 * - APKT002 Invalid App Configuration: wallet connections from this page will be refused.
 * - APKT003 Network Error: Wallet Load Failed: explains an empty or partial wallet list.
 * - APKT004 Wallet Request Timeout: the embedded wallet did not answer; the visitor may retry.
 * - APKT005 Unverified Domain: email and social login will not work on this page.
 * - APKT006 Session Expired: the visitor can act on it (fix the clock, reconnect).
 * - APKT010 Rate Limited: the visitor can wait and retry.
 * APKT009 (config fetch failed) is left out: the modal goes on with the default features, so
 * the visitor has nothing to act on; when the service is really down APKT003 shows anyway.
 * APKT007/008 are the developer's to fix before shipping. With `debug`, the modal shows all.
 */
export const MODAL_ALERT_CODES = [
  'APKT002',
  'APKT003',
  'APKT004',
  'APKT005',
  'APKT006',
  'APKT010',
] as const satisfies readonly SetupAlertCode[]

export interface AlertsState {
  /** Raised and not dismissed, oldest first, each code once. */
  alerts: SetupAlert[]
}

export interface AlertLog {
  error(message: string): void
  warn(message: string): void
}

/** Whether the modal shows this alert; `debug` shows every one. */
export function isModalAlert(alert: SetupAlert, debug = false): boolean {
  return debug || (MODAL_ALERT_CODES as readonly string[]).includes(alert.code)
}

/** The developer-console line: `[latchkey] APKT007 Invalid Project ID: <long message>`. */
export function formatAlert(alert: SetupAlert): string {
  return `[latchkey] ${alert.code} ${alert.shortMessage}: ${alert.longMessage}`
}

function isWarning(code: string): boolean {
  return code.startsWith('APKTW')
}

function isAlertCode(code: unknown): code is SetupAlertCode {
  return typeof code === 'string' && Object.hasOwn(SetupAlerts, code)
}

export function createAlertController({ log = console }: { log?: AlertLog } = {}) {
  const store = createStore<AlertsState>()(() => ({ alerts: [] }))
  const logged = new Set<SetupAlertCode>()

  function writeLog(alert: SetupAlert): void {
    try {
      if (isWarning(alert.code)) log.warn(formatAlert(alert))
      else log.error(formatAlert(alert))
    } catch {
      // A failing console must not turn an alert into a crash.
    }
  }

  /** Logs the first time per code; (re-)adds it to the store unless it is already there. */
  function raise(code: SetupAlertCode): void {
    if (!isAlertCode(code)) return
    const alert: SetupAlert = SetupAlerts[code]
    if (!logged.has(code)) {
      logged.add(code)
      writeLog(alert)
    }
    const { alerts } = store.getState()
    if (!alerts.some((a) => a.code === code)) store.setState({ alerts: [...alerts, alert] })
  }

  function dismiss(code: SetupAlertCode): void {
    const { alerts } = store.getState()
    if (alerts.some((a) => a.code === code)) {
      store.setState({ alerts: alerts.filter((a) => a.code !== code) })
    }
  }

  return { store, raise, dismiss }
}

export type AlertController = ReturnType<typeof createAlertController>
