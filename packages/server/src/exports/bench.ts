// `@latchkey/server/bench`: the services' benchmarks, for bench/ to call (not timed tests).
export { type BalanceBench, benchBalance } from '../bench/balance.ts'
export {
  benchDirectory,
  benchStartup,
  type DirectoryBench,
  type DirectoryBenchOptions,
  type StartupBench,
} from '../bench/directory.ts'
export { benchRelay, type RelayBench, type RelayBenchOptions } from '../bench/relay.ts'
export {
  benchRelayPaced,
  type PacedRelayBench,
  type PacedRelayBenchOptions,
} from '../bench/relayPaced.ts'
export { SERVER_INSTANCE, type ServerProcess, spawnServer } from '../bench/serverProcess.ts'
export { benchSwapQuotes, type SwapBench, type SwapQuoteTiming } from '../bench/swap.ts'
export { percentile } from '../bench/timing.ts'
export { benchFuzz, type FuzzBench } from '../fuzz/bench.ts'
export { redisServerAvailable, startTestRedis, type TestRedis } from '../net/redisServer.ts'
