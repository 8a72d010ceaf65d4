// `npm run bench`'s fuzz line: the fuzzer's requests against a real server on PGlite in a temp
// dir (mail to the devnet's SMTP capture, rate limits lifted), in-process through app.request().
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DEMO_PROJECT_ID } from '../constants.ts'
import { startServer } from '../server.ts'
import { runFuzz } from './run.ts'

export interface FuzzBench {
  requests: number
  operations: number
  /** Answers with a 5xx status (0 expected) */
  serverErrors: number
  /** Answers that showed a stack trace or a file path (0 expected) */
  leaks: number
  ms: number
  requestsPerSecond: number
  /** RSS at the end minus RSS after the warm-up (a tenth of the requests), in MiB */
  rssDeltaMiB: number
  rssPeakMiB: number
  seed: number
}

const MIB = 1024 * 1024
const FRAME_ORIGIN = 'http://127.0.0.1:5174'
const DEMO_ORIGIN = 'http://127.0.0.1:5173'

export async function benchFuzz({
  requests = 100_000,
  seed = 20_240_601,
} = {}): Promise<FuzzBench> {
  const { startMailCapture } = await import('@latchkey/devnet')
  const capture = await startMailCapture({ port: 0 })
  const dataDir = await mkdtemp(join(tmpdir(), 'latchkey-bench-fuzz-'))
  const unlimited = { limit: Number.MAX_SAFE_INTEGER, windowMs: 10_000 }
  try {
    const server = await startServer({
      port: 0,
      // The benchmarks run beside `vite build`, which sets NODE_ENV=production in this process.
      mode: 'development',
      logLevel: 'silent',
      databaseUrl: null,
      dataDir,
      mail: { host: capture.host, port: capture.port },
      frameOrigins: [FRAME_ORIGIN],
      allowedOrigins: [DEMO_ORIGIN],
      rateLimit: {
        perAddress: unlimited,
        perProject: unlimited,
        authPerAddress: unlimited,
        authPerEmail: unlimited,
      },
    })
    try {
      const report = await runFuzz({
        request: (url, init) => server.app.request(url, init),
        requests,
        seed,
        projectId: DEMO_PROJECT_ID,
        origins: [FRAME_ORIGIN, DEMO_ORIGIN],
      })
      const serverErrors = Object.entries(report.statuses)
        .filter(([status]) => Number(status) >= 500)
        .reduce((sum, [, count]) => sum + count, 0)
      return {
        requests: report.requests,
        operations: report.operations.length,
        serverErrors,
        leaks: report.leakCount,
        ms: report.ms,
        requestsPerSecond: Math.round((report.requests / report.ms) * 1000),
        rssDeltaMiB: Math.round((report.rssEndBytes - report.rssAfterWarmupBytes) / MIB),
        rssPeakMiB: Math.round(report.rssPeakBytes / MIB),
        seed,
      }
    } finally {
      await server.close()
    }
  } finally {
    await capture.stop()
    await rm(dataDir, { recursive: true, force: true })
  }
}
