// The analytics collector's ingestion: POST /batch with 100 fresh events each (45 KB batches
// carry a few hundred; 100 is a busy page's 10 s), from 10 concurrent senders for 5 s, against
// the server as the CLI runs it on PGlite, in a process of its own. Events per second stored,
// and the request's p50 / p99.
import { randomUUID } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { DEMO_PROJECT_ID } from '@latchkey/server'
import { percentile, type ServerProcess } from '@latchkey/server/bench'
import { spawnBenchServer } from './benchServer'
import { markdownTable } from './table'

export const ANALYTICS_LOAD = { senders: 10, durationS: 5, eventsPerBatch: 100 } as const

export interface AnalyticsBench {
  requests: number
  eventsStored: number
  eventsPerSecond: number
  p50Ms: number
  p99Ms: number
}

function batch(): string {
  const now = Date.now()
  return JSON.stringify(
    Array.from({ length: ANALYTICS_LOAD.eventsPerBatch }, (_, i) => ({
      eventId: randomUUID(),
      url: 'http://127.0.0.1:5173/',
      domain: '127.0.0.1',
      timestamp: now,
      props: {
        type: 'track',
        event: i % 3 === 0 ? 'MODAL_OPEN' : 'SELECT_WALLET',
        address: '0x1111111111111111111111111111111111111111',
        properties: { caipNetworkId: 'eip155:31337', name: 'MetaMask' },
      },
    })),
  )
}

export async function runAnalyticsBench(): Promise<AnalyticsBench> {
  const dataDir = await mkdtemp(join(tmpdir(), 'latchkey-bench-analytics-'))
  let server: ServerProcess | undefined
  try {
    server = await spawnBenchServer(dataDir)
    const url = `${server.url}/batch?projectId=${DEMO_PROJECT_ID}`
    const post = async () => {
      const body = batch()
      const start = performance.now()
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'text/plain;charset=UTF-8' },
        body,
      })
      const answer = (await response.json()) as { accepted?: number }
      if (response.status !== 202) throw new Error(`/batch answered ${response.status}`)
      return { ms: performance.now() - start, accepted: answer.accepted ?? 0 }
    }
    for (let i = 0; i < 20; i++) await post()
    const latencies: number[] = []
    let stored = 0
    const started = performance.now()
    const until = started + ANALYTICS_LOAD.durationS * 1000
    await Promise.all(
      Array.from({ length: ANALYTICS_LOAD.senders }, async () => {
        while (performance.now() < until) {
          const { ms, accepted } = await post()
          latencies.push(ms)
          stored += accepted
        }
      }),
    )
    const seconds = (performance.now() - started) / 1000
    latencies.sort((a, b) => a - b)
    return {
      requests: latencies.length,
      eventsStored: stored,
      eventsPerSecond: Math.round(stored / seconds),
      p50Ms: Number(percentile(latencies, 50).toFixed(1)),
      p99Ms: Number(percentile(latencies, 99).toFixed(1)),
    }
  } finally {
    await server?.kill()
    await rm(dataDir, { recursive: true, force: true })
  }
}

export function analyticsTable(result: AnalyticsBench): string {
  return markdownTable(
    ['events / s stored', 'requests', 'request p50 (ms)', 'request p99 (ms)'],
    [[result.eventsPerSecond, result.requests, result.p50Ms, result.p99Ms].map(String)],
  )
}

export function analyticsNotes(result: AnalyticsBench): string {
  const { senders, durationS, eventsPerBatch } = ANALYTICS_LOAD
  return `Analytics: POST /batch of ${eventsPerBatch} new events each (text/plain, as a beacon sends it) from ${senders} concurrent senders for ${durationS} s over loopback, to the server as the CLI runs it on PGlite; ${result.eventsStored} events stored, each once.`
}
