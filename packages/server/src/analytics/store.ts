// Analytics events in the database (README "Analytics"): written once per (project, event id),
// so a retried beacon does not count twice.
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.ts'
import type { AnalyticsEvent } from './eventSchema.ts'

/** Stores the events; answers how many were new (the rest had been stored before) */
export async function storeEvents(
  db: Kysely<Database>,
  projectId: string,
  events: readonly AnalyticsEvent[],
  receivedAt: Date,
): Promise<number> {
  if (events.length === 0) return 0
  const result = await db
    .insertInto('analytics_events')
    .values(
      events.map((e) => {
        const occurredAt = new Date(e.timestamp)
        return {
          project_id: projectId,
          event_id: e.eventId.toLowerCase(),
          day: occurredAt.toISOString().slice(0, 10),
          event: e.props.event,
          kind: e.props.type ?? 'track',
          address: e.props.address ?? null,
          url: e.url,
          domain: e.domain,
          occurred_at: occurredAt,
          received_at: receivedAt,
          properties: JSON.stringify(e.props.properties ?? {}),
        }
      }),
    )
    .onConflict((oc) => oc.columns(['project_id', 'event_id']).doNothing())
    .executeTakeFirst()
  return Number(result.numInsertedOrUpdatedRows ?? 0n)
}
