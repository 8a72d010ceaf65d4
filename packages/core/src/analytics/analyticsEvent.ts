// One event as the analytics collector takes it (§7: {eventId, url, domain, timestamp,
// props{event, address, properties{caipNetworkId}}}). The page's address goes without its query
// and fragment: they may carry a visitor's data, which analytics has no business reading.
import type { AppKitEvent } from '../events.ts'

export interface AnalyticsEvent {
  eventId: string
  url: string
  domain: string
  timestamp: number
  props: {
    type: 'track' | 'error'
    event: string
    address?: string
    properties: Record<string, unknown>
  }
}

/** Where the event happened: the page, and the account and network at that moment */
export interface EventScene {
  location: { origin: string; pathname: string; hostname: string }
  address: string | undefined
  caipNetworkId: string
}

export const isErrorEvent = (name: string) => name.endsWith('_ERROR')

export function toAnalyticsEvent(
  event: AppKitEvent,
  scene: EventScene,
  eventId: string,
): AnalyticsEvent {
  const { location, address, caipNetworkId } = scene
  const name = event.data.event
  return {
    eventId,
    url: `${location.origin}${location.pathname}`,
    domain: location.hostname,
    timestamp: event.timestamp,
    props: {
      type: isErrorEvent(name) ? 'error' : 'track',
      event: name,
      ...(address && { address }),
      properties: { ...event.data.properties, caipNetworkId },
    },
  }
}
