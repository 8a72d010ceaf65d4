// One server in its own process, for the cluster tests (a test can SIGKILL it) and the relay
// benchmarks (the relay measured as it runs in production, with its own heap). It is the CLI's
// `serve` with one difference: the relay's per-client and per-address budgets come from
// LATCHKEY_TEST_RELAY_LIMITS (JSON), because a test client makes 1,000 WalletConnect requests in
// seconds, and a benchmark's clients share one address, where the defaults allow ten a second;
// the HTTP rate limits likewise from LATCHKEY_TEST_RATE_LIMITS (a load test from one address).

import type { RateLimitOptions } from '../middleware/rateLimit.ts'
import { tuneHeapForServing } from '../net/heapTuning.ts'
import type { RelayLimits } from '../relay/budget.ts'
import { startServer } from '../server.ts'

tuneHeapForServing()
const limits = JSON.parse(process.env.LATCHKEY_TEST_RELAY_LIMITS ?? '{}') as Partial<RelayLimits>
const rateLimit = JSON.parse(process.env.LATCHKEY_TEST_RATE_LIMITS ?? '{}') as RateLimitOptions
const server = await startServer({ relay: { limits }, rateLimit })
console.log(`[latchkey] server at ${server.url} (${server.databaseKind}, ${server.startupMs} ms)`)
process.on('SIGTERM', () => {
  void server.close().then(() => process.exit(0))
})
