// GET /v1/analytics/summary (the server's README "Analytics"): the dashboard reads nothing else.
import type { AnalyticsSummary } from '@latchkey/server'
import type { Credentials } from './credentials.ts'
import { TEXT } from './text.ts'

export type { AnalyticsSummary }

export interface Range {
  from?: string
  to?: string
  /** Only events at or after this instant (ISO 8601) */
  since?: string
}

export type SummaryResult =
  | { ok: true; summary: AnalyticsSummary }
  | { ok: false; error: string; signedOut: boolean }

function isSummary(value: unknown): value is AnalyticsSummary {
  if (typeof value !== 'object' || value === null) return false
  const v = value as Record<string, unknown>
  return (
    typeof v.from === 'string' &&
    typeof v.to === 'string' &&
    typeof v.funnel === 'object' &&
    Array.isArray(v.daily) &&
    Array.isArray(v.connectionsByWallet) &&
    Array.isArray(v.connectionsByMethod) &&
    Array.isArray(v.networks) &&
    Array.isArray(v.errors) &&
    typeof v.counts === 'object'
  )
}

const errorOf = async (response: Response) => {
  const body: unknown = await response.json().catch(() => undefined)
  const error = (body as { error?: unknown } | undefined)?.error
  return typeof error === 'string' ? error : `${TEXT.serverAnswered} ${response.status}`
}

export async function fetchSummary(
  apiUrl: string,
  credentials: Credentials,
  range: Range,
  fetcher: typeof fetch = fetch,
): Promise<SummaryResult> {
  const query = new URLSearchParams({ projectId: credentials.projectId })
  for (const key of ['from', 'to', 'since'] as const) {
    const value = range[key]
    if (value) query.set(key, value)
  }
  let response: Response
  try {
    response = await fetcher(`${apiUrl.replace(/\/$/, '')}/v1/analytics/summary?${query}`, {
      headers: { Authorization: `Bearer ${credentials.token}` },
    })
  } catch {
    return { ok: false, error: TEXT.unreachable, signedOut: false }
  }
  if (response.status === 401) return { ok: false, error: TEXT.refused, signedOut: true }
  // An unknown project, or one this page's origin may not read
  if (response.status === 403) return { ok: false, error: await errorOf(response), signedOut: true }
  if (!response.ok) return { ok: false, error: await errorOf(response), signedOut: false }
  const body: unknown = await response.json().catch(() => undefined)
  if (!isSummary(body)) return { ok: false, error: TEXT.badAnswer, signedOut: false }
  return { ok: true, summary: body }
}
