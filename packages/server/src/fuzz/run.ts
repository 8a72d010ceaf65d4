// Runs the fuzzer against an app: GET /openapi.json, then `requests` requests spread over every
// operation it lists (round robin, so a route added tomorrow is fuzzed too), each answer read in
// full and checked: no 5xx, nothing that looks like a stack trace or a file path. RSS is sampled
// after a warm-up and at the end.
import { fuzzRequest, type OpenApiDocument, operationsOf, resolverOf } from './requests.ts'
import { Rng } from './rng.ts'

export interface FuzzOptions {
  /** The app's fetch, e.g. (url, init) => app.request(url, init) */
  request(url: string, init: RequestInit): Response | Promise<Response>
  requests: number
  seed: number
  projectId: string
  origins?: readonly string[]
  /** Valid bearer tokens for the routes that need a session */
  tokens?: readonly string[]
  /** Requests before the first RSS sample; default a tenth of `requests` */
  warmup?: number
}

export interface FuzzFinding {
  status: number
  operation: string
  method: string
  url: string
  body: string
}

export interface FuzzReport {
  requests: number
  /** Operations in /openapi.json, as 'METHOD /path' */
  operations: string[]
  /** Answers by status */
  statuses: Record<number, number>
  /** Answers by operation, so a test can see each was reached */
  perOperation: Record<string, number>
  /** The first 50 answers with a 5xx status (`statuses` counts them all) */
  serverErrors: FuzzFinding[]
  /** Answers whose body looks like a stack trace or names a file (the first 50) */
  leaks: FuzzFinding[]
  leakCount: number
  rssAfterWarmupBytes: number
  rssEndBytes: number
  /** The highest RSS sampled after the warm-up */
  rssPeakBytes: number
  ms: number
}

/** A stack frame ("at fn (/x.ts:1:2)", "at file:///…"), a source path, or node_modules. */
const LEAK =
  /\bat (?:async )?[\w$.<>[\] ]*\(?(?:file:\/\/|node:|\/)|\.(?:[cm]?[jt]s):\d+|node_modules|\/src\/[\w/]+\.ts/

/** What in `body` gives the server away, if anything. */
export function leakIn(
  body: string,
  roots: readonly string[] = [process.cwd()],
): string | undefined {
  const match = LEAK.exec(body)?.[0]
  if (match) return match
  return roots.find((root) => root.length > 1 && body.includes(root))
}

const MAX_FINDINGS = 50

export async function runFuzz(options: FuzzOptions): Promise<FuzzReport> {
  const startedAt = performance.now()
  const docResponse = await options.request('/openapi.json', { method: 'GET' })
  if (docResponse.status !== 200) throw new Error(`/openapi.json answered ${docResponse.status}`)
  const doc = (await docResponse.json()) as OpenApiDocument
  const operations = operationsOf(doc)
  if (operations.length === 0) throw new Error('/openapi.json lists no operations')
  const resolve = resolverOf(doc)
  const rng = new Rng(options.seed)
  const context = {
    projectId: options.projectId,
    origins: options.origins ?? [],
    tokens: options.tokens ?? [],
  }
  const warmup = options.warmup ?? Math.floor(options.requests / 10)
  const report: FuzzReport = {
    requests: 0,
    operations: operations.map((op) => `${op.method} ${op.path}`),
    statuses: {},
    perOperation: {},
    serverErrors: [],
    leaks: [],
    leakCount: 0,
    rssAfterWarmupBytes: 0,
    rssEndBytes: 0,
    rssPeakBytes: 0,
    ms: 0,
  }
  for (let i = 0; i < options.requests; i++) {
    const operation = operations[i % operations.length] as (typeof operations)[number]
    const request = fuzzRequest(operation, context, rng, resolve)
    const response = await options.request(request.url, request.init)
    const type = response.headers.get('content-type') ?? ''
    const body = type.startsWith('image/') && !type.includes('svg') ? '' : await response.text()
    if (!body) await response.body?.cancel()
    report.requests++
    report.statuses[response.status] = (report.statuses[response.status] ?? 0) + 1
    report.perOperation[request.operation] = (report.perOperation[request.operation] ?? 0) + 1
    const finding = () => ({
      status: response.status,
      operation: request.operation,
      method: request.init.method ?? 'GET',
      url: request.url.slice(0, 300),
      body: body.slice(0, 300),
    })
    if (response.status >= 500 && report.serverErrors.length < MAX_FINDINGS) {
      report.serverErrors.push(finding())
    }
    if (leakIn(body)) {
      report.leakCount++
      if (report.leaks.length < MAX_FINDINGS) report.leaks.push(finding())
    }
    if (i + 1 === warmup) report.rssAfterWarmupBytes = process.memoryUsage.rss()
    if (i + 1 > warmup && i % 500 === 0) {
      report.rssPeakBytes = Math.max(report.rssPeakBytes, process.memoryUsage.rss())
    }
  }
  report.rssEndBytes = process.memoryUsage.rss()
  report.rssPeakBytes = Math.max(report.rssPeakBytes, report.rssEndBytes)
  report.ms = Math.round(performance.now() - startedAt)
  return report
}
