import { describe, expect, it, vi } from 'vitest'
import { createAlertController, formatAlert, isModalAlert, MODAL_ALERT_CODES } from './alerts.ts'
import { type SetupAlertCode, SetupAlerts } from './errors.ts'

function recordingLog() {
  return { error: vi.fn<(message: string) => void>(), warn: vi.fn<(message: string) => void>() }
}

describe('setup alerts (§8; titles are asserted in errors.test.ts)', () => {
  it('format as one console line', () => {
    expect(formatAlert(SetupAlerts.APKT007)).toBe(
      `[latchkey] APKT007 Invalid Project ID: ${SetupAlerts.APKT007.longMessage}`,
    )
  })
})

describe('createAlertController', () => {
  it('logs an APKT alert with console.error, once per code', () => {
    const log = recordingLog()
    const alerts = createAlertController({ log })
    alerts.raise('APKT007')
    alerts.raise('APKT007')
    expect(log.error).toHaveBeenCalledTimes(1)
    expect(log.error).toHaveBeenCalledWith(formatAlert(SetupAlerts.APKT007))
    expect(log.warn).not.toHaveBeenCalled()
  })

  it('logs an APKTW warning with console.warn', () => {
    const log = recordingLog()
    createAlertController({ log }).raise('APKTW002')
    expect(log.warn).toHaveBeenCalledWith(formatAlert(SetupAlerts.APKTW002))
    expect(log.error).not.toHaveBeenCalled()
  })

  it('uses the console by default', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    createAlertController().raise('APKT009')
    expect(error).toHaveBeenCalledWith(formatAlert(SetupAlerts.APKT009))
    error.mockRestore()
  })

  it('keeps raised alerts in its store, each code once, oldest first', () => {
    const alerts = createAlertController({ log: recordingLog() })
    alerts.raise('APKT003')
    alerts.raise('APKT010')
    alerts.raise('APKT003')
    expect(alerts.store.getState().alerts).toEqual([SetupAlerts.APKT003, SetupAlerts.APKT010])
  })

  it('dismiss removes one; raising it again shows it again without a second log', () => {
    const log = recordingLog()
    const alerts = createAlertController({ log })
    alerts.raise('APKT003')
    alerts.dismiss('APKT003')
    expect(alerts.store.getState().alerts).toEqual([])
    alerts.raise('APKT003')
    expect(alerts.store.getState().alerts).toEqual([SetupAlerts.APKT003])
    expect(log.error).toHaveBeenCalledTimes(1)
  })

  it('ignores an unknown code', () => {
    const log = recordingLog()
    const alerts = createAlertController({ log })
    alerts.raise('APKT999' as SetupAlertCode)
    alerts.raise('toString' as SetupAlertCode)
    expect(alerts.store.getState().alerts).toEqual([])
    expect(log.error).not.toHaveBeenCalled()
  })

  it('survives a console that throws', () => {
    const alerts = createAlertController({
      log: {
        error: () => {
          throw new Error('no console')
        },
        warn: () => undefined,
      },
    })
    expect(() => alerts.raise('APKT001')).not.toThrow()
    expect(alerts.store.getState().alerts).toHaveLength(1)
  })

  it('two instances log and store separately', () => {
    const log = recordingLog()
    const a = createAlertController({ log })
    const b = createAlertController({ log })
    a.raise('APKT002')
    b.raise('APKT002')
    expect(log.error).toHaveBeenCalledTimes(2)
    b.dismiss('APKT002')
    expect(a.store.getState().alerts).toHaveLength(1)
  })
})

describe('modal alerts', () => {
  it('are the ones a visitor can act on or needs explained', () => {
    expect(MODAL_ALERT_CODES).toEqual([
      'APKT002',
      'APKT003',
      'APKT004',
      'APKT005',
      'APKT006',
      'APKT010',
    ])
  })

  it('isModalAlert follows the list, and shows every alert in debug', () => {
    const shown = Object.values(SetupAlerts).filter((alert) => isModalAlert(alert))
    expect(shown.map((alert) => alert.code)).toEqual([...MODAL_ALERT_CODES])
    expect(Object.values(SetupAlerts).every((alert) => isModalAlert(alert, true))).toBe(true)
  })
})
