// The server as the CLI runs it, in a process of its own, for the load benchmarks: PGlite in
// `dataDir`, no chains, silent, rate limits out of the way (each has its own test).
import { findFreePort } from '@latchkey/devnet'
import { SERVER_INSTANCE, type ServerProcess, spawnServer } from '@latchkey/server/bench'

const UNLIMITED = { limit: Number.MAX_SAFE_INTEGER, windowMs: 10_000 }

export async function spawnBenchServer(
  dataDir: string,
  env: Record<string, string> = {},
): Promise<ServerProcess> {
  return spawnServer(
    {
      // The benchmarks run beside `vite build`, which sets NODE_ENV=production in this process.
      LATCHKEY_ENV: 'development',
      NODE_ENV: undefined,
      DATABASE_URL: undefined,
      REDIS_URL: undefined,
      PGLITE_DIR: dataDir,
      SERVER_PORT: String(await findFreePort()),
      LOG_LEVEL: 'silent',
      EVM_RPC_URLS: '',
      SOLANA_RPC_URLS: '',
      LATCHKEY_TEST_RATE_LIMITS: JSON.stringify({ perAddress: UNLIMITED, perProject: UNLIMITED }),
      ...env,
    },
    SERVER_INSTANCE,
  )
}
