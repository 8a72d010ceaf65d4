// The analytics collector's events (part of ./schema.ts's Database; README "Analytics").
import type { ColumnType } from 'kysely'
import type { JsonColumn } from './schema.ts'

export interface AnalyticsEventsTable {
  project_id: string
  /** The client's id for the event: a retried batch stores each event once */
  event_id: string
  /** The UTC day of `occurred_at`, which the aggregates group and the index orders by */
  day: ColumnType<Date, string, string>
  event: string
  kind: 'track' | 'error'
  /** The connected account the spec names, when there is one; nothing else about the visitor */
  address: string | null
  url: string
  domain: string
  occurred_at: Date
  received_at: Date
  properties: JsonColumn<Record<string, unknown>>
}
