// The fuzzer at scale: 100,000 seeded requests over every operation in the server's
// /openapi.json (its tests send 10,000), measured by the server package's benchFuzz().
import { benchFuzz } from '@latchkey/server/bench'

export type FuzzResult = Awaited<ReturnType<typeof benchFuzz>>

export function runFuzzBench(): Promise<FuzzResult> {
  return benchFuzz({ requests: 100_000 })
}

export function fuzzLine(result: FuzzResult): string {
  const count = (value: number) => value.toLocaleString('en-US')
  return (
    `Fuzz: ${count(result.requests)} requests over ${result.operations} operations (seed ${result.seed}), ` +
    `${count(result.serverErrors)} × 5xx, ${count(result.leaks)} stack traces or paths, ` +
    `${(result.ms / 1000).toFixed(1)} s (${count(result.requestsPerSecond)} req/s, in-process, PGlite), ` +
    `RSS ${result.rssDeltaMiB >= 0 ? '+' : ''}${result.rssDeltaMiB} MiB after the warm-up (peak ${count(result.rssPeakMiB)} MiB)`
  )
}
