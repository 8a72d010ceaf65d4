// startBitcoinRegtest: the local Bitcoin chain (a regtest stand-in that validates and mines real
// transactions; Bitcoin Core itself is not packaged here) behind Esplora's HTTP API on loopback.

import { listenOn } from '../free-port.ts'
import { BitcoinChain } from './chain.ts'
import { BITCOIN_REGTEST_HOST, DEFAULT_BITCOIN_REGTEST_PORT } from './constants.ts'
import { createEsploraServer } from './http.ts'

export interface StartBitcoinRegtestOptions {
  /** Default BITCOIN_REGTEST_PORT or 8792; 0 picks a free port */
  port?: number
  /** Mine a block right after each accepted transaction; default true */
  automine?: boolean
  /** Also mine a block every this many milliseconds; default never */
  blockIntervalMs?: number
}

export interface BitcoinRegtest {
  /** http://127.0.0.1:<port>: the Esplora base URL */
  url: string
  port: number
  /** The chain in process: height, tip, submit, mine, faucet, the miner's address */
  chain: BitcoinChain
  stop(): Promise<void>
}

/** BITCOIN_REGTEST_PORT when set, else 8792. */
export function defaultBitcoinRegtestPort(): number {
  const raw = process.env.BITCOIN_REGTEST_PORT
  if (raw === undefined || raw === '') return DEFAULT_BITCOIN_REGTEST_PORT
  const port = Number(raw)
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    throw new Error(`BITCOIN_REGTEST_PORT must be a TCP port number, got "${raw}"`)
  }
  return port
}

export async function startBitcoinRegtest(
  options: StartBitcoinRegtestOptions = {},
): Promise<BitcoinRegtest> {
  const requestedPort = options.port ?? defaultBitcoinRegtestPort()
  const { blockIntervalMs } = options
  if (blockIntervalMs !== undefined && !(Number.isFinite(blockIntervalMs) && blockIntervalMs > 0)) {
    throw new Error(
      `blockIntervalMs must be a positive number of milliseconds, got ${blockIntervalMs}`,
    )
  }
  const chain = new BitcoinChain({ automine: options.automine ?? true })
  const server = createEsploraServer(chain)
  const port = await listenOn(server, requestedPort, BITCOIN_REGTEST_HOST)
  const timer =
    blockIntervalMs === undefined ? undefined : setInterval(() => chain.mine(1), blockIntervalMs)
  timer?.unref()
  let stopping: Promise<void> | undefined
  return {
    url: `http://${BITCOIN_REGTEST_HOST}:${port}`,
    port,
    chain,
    stop() {
      clearInterval(timer)
      stopping ??= new Promise((resolve) => {
        server.close(() => resolve())
        // Keep-alive sockets would hold close() open until they time out.
        server.closeAllConnections()
      })
      return stopping
    },
  }
}
