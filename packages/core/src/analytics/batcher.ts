// The pending batch (§7): sent 10 s after its first event, at once when it exceeds 45 KB, and
// whenever the page hides (flush()). Wallet impressions wait beside it and leave as one
// WALLET_IMPRESSION event carrying every wallet shown.
import type { AnalyticsEvent } from './analyticsEvent.ts'

export interface BatcherDeps {
  send(events: AnalyticsEvent[]): void
  intervalMs: number
  maxBytes: number
  setTimer(run: () => void, ms: number): unknown
  clearTimer(timer: unknown): void
}

const encoder = new TextEncoder()
const sizeOf = (event: AnalyticsEvent) => encoder.encode(JSON.stringify(event)).length + 1

export function createBatcher(deps: BatcherDeps) {
  let pending: AnalyticsEvent[] = []
  let bytes = 0
  /** The first impression (its id, time and scene) and every wallet's properties since */
  let impression: { first: AnalyticsEvent; items: Record<string, unknown>[] } | undefined
  let timer: unknown

  function flush() {
    if (timer !== undefined) deps.clearTimer(timer)
    timer = undefined
    const events = [...pending]
    if (impression) {
      const { first, items } = impression
      const { caipNetworkId } = first.props.properties
      events.push({ ...first, props: { ...first.props, properties: { caipNetworkId, items } } })
    }
    pending = []
    bytes = 0
    impression = undefined
    if (events.length > 0) deps.send(events)
  }

  function grew(size: number) {
    bytes += size
    if (bytes > deps.maxBytes) flush()
    else timer ??= deps.setTimer(flush, deps.intervalMs)
  }

  return {
    add(event: AnalyticsEvent) {
      pending.push(event)
      grew(sizeOf(event))
    },
    addImpression(event: AnalyticsEvent) {
      const { caipNetworkId: _, ...item } = event.props.properties
      if (impression) impression.items.push(item)
      else impression = { first: event, items: [item] }
      grew(encoder.encode(JSON.stringify(item)).length + 1)
    },
    flush,
  }
}
