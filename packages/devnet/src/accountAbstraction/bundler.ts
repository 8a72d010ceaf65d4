// The local ERC-4337 bundler: Pimlico's Alto (npm `@pimlico/alto`), one process per chain, on
// loopback, against the chain's anvil. It simulates, bundles and submits user operations to the
// EntryPoint v0.7 that deploy.ts put there; its executor account pays the bundles' gas.
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { createTestClient, http, parseEther } from 'viem'
import { privateKeyToAddress } from 'viem/accounts'
import { spawnSupervised } from '../childProcess.ts'
import { devnetChain } from '../deploy.ts'
import { ACCOUNT_ABSTRACTION, BUNDLER_EXECUTOR_KEY, BUNDLER_UTILITY_KEY } from './contracts.ts'

export interface StartBundlerOptions {
  chainId: number
  /** The chain's node (anvil) */
  rpcUrl: string
  port: number
  host?: string
  readyTimeoutMs?: number
}

export interface Bundler {
  chainId: number
  /** The bundler's JSON-RPC endpoint (eth_sendUserOperation, eth_getUserOperationReceipt, …) */
  url: string
  stop(): Promise<void>
}

const READY_POLL_MS = 100

function altoCli(): string {
  const main = createRequire(import.meta.url).resolve('@pimlico/alto')
  return join(dirname(main), 'cli', 'alto.js')
}

export async function startBundler({
  chainId,
  rpcUrl,
  port,
  host = '127.0.0.1',
  readyTimeoutMs = 30_000,
}: StartBundlerOptions): Promise<Bundler> {
  const testClient = createTestClient({
    chain: devnetChain(chainId, rpcUrl),
    transport: http(rpcUrl),
    mode: 'anvil',
  })
  for (const key of [BUNDLER_EXECUTOR_KEY, BUNDLER_UTILITY_KEY]) {
    await testClient.setBalance({ address: privateKeyToAddress(key), value: parseEther('1000') })
  }
  const args = [
    altoCli(),
    ...['--entrypoints', ACCOUNT_ABSTRACTION.entryPoint],
    ...['--rpc-url', rpcUrl, '--port', String(port)],
    ...['--executor-private-keys', BUNDLER_EXECUTOR_KEY],
    ...['--utility-private-key', BUNDLER_UTILITY_KEY],
    // Safe mode traces validation with geth's JS tracer, which anvil does not have.
    ...['--safe-mode', 'false'],
    // The frame (another origin) sends user operations straight to the bundler.
    ...['--enable-cors', 'true'],
    // anvil mines on every transaction: bundle at once rather than on a block timer.
    ...['--min-bundle-interval', '10', '--max-bundle-interval', '50', '--block-time', '100'],
    // Alto spends what the operations pay beyond their gas on its bundle's tip, and anvil's fee
    // oracle is the last block's tip: the next operation's fee would follow it up without end.
    // Keeping 60 % of that margin keeps the bundle's tip at the network's, where it started.
    ...['--bundler-initial-commission', '60'],
    ...['--utility-wallet-monitor', 'false', '--log-level', 'warn'],
  ]
  const { stderr, exited, stop } = spawnSupervised(process.execPath, args)

  const url = `http://${host}:${port}`
  const ready = await Promise.race([
    waitUntilReady(url, readyTimeoutMs),
    exited.then(
      (exit) => new Error(`the bundler on port ${port} exited (${exit}): ${stderr().trim()}`),
    ),
  ])
  if (ready instanceof Error) {
    await stop()
    throw ready
  }
  return { chainId, url, stop }
}

async function waitUntilReady(url: string, timeoutMs: number): Promise<true | Error> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    const entryPoints = await supportedEntryPoints(url)
    if (
      entryPoints?.some((e) => e.toLowerCase() === ACCOUNT_ABSTRACTION.entryPoint.toLowerCase())
    ) {
      return true
    }
    await new Promise((resolve) => setTimeout(resolve, READY_POLL_MS))
  }
  return new Error(`the bundler at ${url} did not answer within ${timeoutMs} ms`)
}

async function supportedEntryPoints(url: string): Promise<string[] | undefined> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'eth_supportedEntryPoints',
        params: [],
      }),
      signal: AbortSignal.timeout(1_000),
    })
    const body = (await response.json()) as { result?: string[] }
    return body.result
  } catch {
    return undefined
  }
}
