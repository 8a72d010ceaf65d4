// One analytics event as the modal sends it (§7: {eventId, url, domain, timestamp, props{event,
// address, properties{caipNetworkId}}}), checked before it is stored.
import { z } from '@hono/zod-openapi'
import {
  ANALYTICS_MAX_AGE_MS,
  ANALYTICS_MAX_EVENTS,
  ANALYTICS_MAX_PROPERTIES_CHARS,
  ANALYTICS_MAX_SKEW_MS,
} from '../constants/analytics.ts'

export const AnalyticsEventSchema = z
  .object({
    eventId: z.uuid(),
    url: z.string().max(2048),
    domain: z.string().max(253),
    timestamp: z.number().int().nonnegative(),
    props: z.object({
      type: z.enum(['track', 'error']).optional(),
      event: z.string().regex(/^[A-Z][A-Z0-9_]{1,63}$/),
      address: z.string().max(128).optional(),
      properties: z
        .record(z.string().max(64), z.unknown())
        .optional()
        .refine(
          (p) => p === undefined || JSON.stringify(p).length <= ANALYTICS_MAX_PROPERTIES_CHARS,
          {
            error: `properties must be at most ${ANALYTICS_MAX_PROPERTIES_CHARS} characters of JSON`,
          },
        ),
    }),
  })
  .openapi('AnalyticsEvent')

export type AnalyticsEvent = z.infer<typeof AnalyticsEventSchema>

export const AnalyticsBatchSchema = z.array(AnalyticsEventSchema).min(1).max(ANALYTICS_MAX_EVENTS)

/** Whether an event's time is one we keep: not older than 7 days, not 10 min ahead of ours */
export function isTimely(event: AnalyticsEvent, now: number): boolean {
  return (
    event.timestamp >= now - ANALYTICS_MAX_AGE_MS && event.timestamp <= now + ANALYTICS_MAX_SKEW_MS
  )
}
