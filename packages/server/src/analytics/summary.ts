// A project's analytics over a range of days (README "Analytics"), computed from the stored
// events on every request: the funnel, a series per day, connections by wallet, method and
// network, errors, and the counts of sends, swaps and purchases. Counts of events: the collector
// knows no visitor (nothing identifies one), so "opened" is modal opens, not people.
import { type Kysely, sql } from 'kysely'
import type { Database } from '../db/schema.ts'

export interface AnalyticsSummary {
  from: string
  to: string
  funnel: { opened: number; walletSelected: number; connected: number; signedIn: number }
  daily: { day: string; opened: number; connected: number; errors: number }[]
  connectionsByWallet: { wallet: string; count: number }[]
  connectionsByMethod: { method: string; count: number }[]
  networks: { caipNetworkId: string; count: number }[]
  errors: { event: string; message: string; count: number }[]
  counts: { pageLoads: number; sends: number; swaps: number; onramps: number; names: number }
}

const COUNTED = {
  opened: 'MODAL_OPEN',
  walletSelected: 'SELECT_WALLET',
  connected: 'CONNECT_SUCCESS',
  signedIn: 'SIWX_AUTH_SUCCESS',
  pageLoads: 'INITIALIZE',
  sends: 'SEND_SUCCESS',
  swaps: 'SWAP_SUCCESS',
  onramps: 'ONRAMP_SUCCESS',
  names: 'REGISTER_NAME_SUCCESS',
} as const

/** How a connection was made, in the dashboard's words (core's ConnectMethod and logins) */
const METHODS: Record<string, string> = {
  browser: 'injected',
  qrcode: 'WalletConnect',
  mobile: 'WalletConnect',
  email: 'email',
  social: 'social',
}

const dayText = (value: unknown) =>
  value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10)

export async function analyticsSummary(
  db: Kysely<Database>,
  projectId: string,
  range: { from: string; to: string },
  since?: Date,
): Promise<AnalyticsSummary> {
  const days = db
    .selectFrom('analytics_events')
    .where('project_id', '=', projectId)
    .where('day', '>=', sql<Date>`${range.from}::date`)
    .where('day', '<=', sql<Date>`${range.to}::date`)
  const inRange = since ? days.where('occurred_at', '>=', since) : days
  const count = sql<number>`count(*)::int`

  const [byEvent, daily, wallets, methods, networks, errors] = await Promise.all([
    inRange
      .select(['event', count.as('n')])
      .groupBy('event')
      .execute(),
    inRange
      .select([
        'day',
        sql<number>`count(*) filter (where event = 'MODAL_OPEN')::int`.as('opened'),
        sql<number>`count(*) filter (where event = 'CONNECT_SUCCESS')::int`.as('connected'),
        sql<number>`count(*) filter (where kind = 'error')::int`.as('errors'),
      ])
      .groupBy('day')
      .orderBy('day')
      .execute(),
    inRange
      .where('event', '=', 'CONNECT_SUCCESS')
      .select([sql<string>`coalesce(properties->>'name', 'unknown')`.as('key'), count.as('n')])
      .groupBy(sql`1`)
      .orderBy('n', 'desc')
      .execute(),
    inRange
      .where('event', '=', 'CONNECT_SUCCESS')
      .select([sql<string>`coalesce(properties->>'method', 'unknown')`.as('key'), count.as('n')])
      .groupBy(sql`1`)
      .execute(),
    inRange
      .where('event', '=', 'CONNECT_SUCCESS')
      .select([
        sql<string>`coalesce(properties->>'caipNetworkId', 'unknown')`.as('key'),
        count.as('n'),
      ])
      .groupBy(sql`1`)
      .orderBy('n', 'desc')
      .execute(),
    inRange
      .where('kind', '=', 'error')
      .select([
        'event',
        sql<string>`coalesce(properties->>'message', properties->>'reason', '')`.as('message'),
        count.as('n'),
      ])
      .groupBy(['event', sql`2`])
      .orderBy('n', 'desc')
      .limit(100)
      .execute(),
  ])

  const events = new Map(byEvent.map((row) => [row.event, row.n]))
  const of = (event: string) => events.get(event) ?? 0
  const byMethod = new Map<string, number>()
  for (const row of methods) {
    const method = METHODS[row.key] ?? row.key
    byMethod.set(method, (byMethod.get(method) ?? 0) + row.n)
  }
  return {
    ...range,
    funnel: {
      opened: of(COUNTED.opened),
      walletSelected: of(COUNTED.walletSelected),
      connected: of(COUNTED.connected),
      signedIn: of(COUNTED.signedIn),
    },
    daily: daily.map((row) => ({
      day: dayText(row.day),
      opened: row.opened,
      connected: row.connected,
      errors: row.errors,
    })),
    connectionsByWallet: wallets.map((row) => ({ wallet: row.key, count: row.n })),
    connectionsByMethod: [...byMethod].map(([method, n]) => ({ method, count: n })),
    networks: networks.map((row) => ({ caipNetworkId: row.key, count: row.n })),
    errors: errors.map((row) => ({ event: row.event, message: row.message, count: row.n })),
    counts: {
      pageLoads: of(COUNTED.pageLoads),
      sends: of(COUNTED.sends),
      swaps: of(COUNTED.swaps),
      onramps: of(COUNTED.onramps),
      names: of(COUNTED.names),
    },
  }
}
