import { describe, expect, it } from 'vitest'
import { everyDay, funnelSteps, totals } from './figures.ts'
import type { AnalyticsSummary } from './summaryApi.ts'

const summary = (patch: Partial<AnalyticsSummary> = {}): AnalyticsSummary => ({
  from: '2026-11-25',
  to: '2026-11-28',
  funnel: { opened: 8, walletSelected: 4, connected: 2, signedIn: 1 },
  daily: [
    { day: '2026-11-26', opened: 5, connected: 1, errors: 2 },
    { day: '2026-11-28', opened: 3, connected: 1, errors: 0 },
  ],
  connectionsByWallet: [],
  connectionsByMethod: [],
  networks: [],
  errors: [],
  counts: { pageLoads: 9, sends: 3, swaps: 2, onramps: 1, names: 0 },
  ...patch,
})

describe("the dashboard's figures", () => {
  it('gives each funnel step as a share of the opens, in order', () => {
    expect(funnelSteps(summary())).toEqual([
      { step: 'Opened the modal', count: 8, share: 1 },
      { step: 'Selected a wallet', count: 4, share: 0.5 },
      { step: 'Connected', count: 2, share: 0.25 },
      { step: 'Signed in', count: 1, share: 0.125 },
    ])
  })

  it('gives shares of 0, not NaN, when nothing was opened', () => {
    const none = summary({ funnel: { opened: 0, walletSelected: 0, connected: 1, signedIn: 0 } })
    expect(funnelSteps(none).map((s) => s.share)).toEqual([0, 0, 0, 0])
  })

  it('has a row for every day of the range, days without events as zeros', () => {
    expect(everyDay(summary())).toEqual([
      { day: '2026-11-25', opened: 0, connected: 0, errors: 0 },
      { day: '2026-11-26', opened: 5, connected: 1, errors: 2 },
      { day: '2026-11-27', opened: 0, connected: 0, errors: 0 },
      { day: '2026-11-28', opened: 3, connected: 1, errors: 0 },
    ])
    expect(everyDay(summary({ from: '2026-11-28', to: '2026-11-28' }))).toHaveLength(1)
  })

  it('totals the loads, opens, connections, sends, swaps, purchases and names', () => {
    expect(Object.fromEntries(totals(summary()).map((t) => [t.label, t.value]))).toEqual({
      'Page loads': 9,
      'Modal opens': 8,
      Connections: 2,
      Sends: 3,
      Swaps: 2,
      Purchases: 1,
      'Names registered': 0,
    })
  })
})
