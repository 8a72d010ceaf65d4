import { createRequire } from 'node:module'
import { createServer } from 'node:net'
import { setTimeout as sleep } from 'node:timers/promises'
import { DEVNET_MNEMONIC } from './accounts.ts'
import { spawnSupervised } from './childProcess.ts'

export interface StartAnvilOptions {
  port: number
  chainId: number
  host?: string
  /** How long to wait for the node to answer `eth_chainId`. */
  readyTimeoutMs?: number
}

export interface AnvilInstance {
  rpcUrl: string
  chainId: number
  port: number
  stop(): Promise<void>
}

const ARCH_SUFFIX: Partial<Record<NodeJS.Architecture, string>> = { x64: 'amd64', arm64: 'arm64' }
const READY_POLL_INTERVAL_MS = 25

export function anvilBinaryPath(): string {
  const arch = ARCH_SUFFIX[process.arch]
  if (!arch) throw new Error(`anvil has no binary for architecture ${process.arch}`)
  const packageName = `@foundry-rs/anvil-${process.platform}-${arch}`
  const binary = process.platform === 'win32' ? 'anvil.exe' : 'anvil'
  // The platform package is a dependency of @foundry-rs/anvil, so resolve it from there.
  const require = createRequire(import.meta.url)
  const anvilRequire = createRequire(require.resolve('@foundry-rs/anvil/package.json'))
  try {
    return anvilRequire.resolve(`${packageName}/bin/${binary}`)
  } catch {
    throw new Error(
      `anvil binary not found: install ${packageName} (optional dependency of @foundry-rs/anvil)`,
    )
  }
}

export async function startAnvil({
  port,
  chainId,
  host = '127.0.0.1',
  readyTimeoutMs = 15_000,
}: StartAnvilOptions): Promise<AnvilInstance> {
  await assertPortFree(port, host)

  const args = ['--port', String(port), '--host', host, '--chain-id', String(chainId)]
  args.push('--mnemonic', DEVNET_MNEMONIC, '--quiet')
  const { stderr, exited, stop } = spawnSupervised(anvilBinaryPath(), args)

  const rpcUrl = `http://${host.includes(':') ? `[${host}]` : host}:${port}`
  const polling = new AbortController()
  const earlyExit = exited.then((exit) =>
    /address already in use/i.test(stderr())
      ? portInUseError(port)
      : new Error(`anvil on port ${port} exited (${exit}) before it was ready: ${stderr().trim()}`),
  )
  const failure = await Promise.race([
    waitUntilReady(rpcUrl, chainId, port, readyTimeoutMs, polling.signal).then(
      () => undefined,
      (error: unknown) => error,
    ),
    earlyExit,
  ])
  polling.abort()
  if (failure !== undefined) {
    await stop()
    throw failure
  }

  return { rpcUrl, chainId, port, stop }
}

function portInUseError(port: number): Error {
  return new Error(`port ${port} is already in use`)
}

// Without this check, a node already listening on the port would answer the readiness poll.
function assertPortFree(port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', (error: NodeJS.ErrnoException) => {
      reject(error.code === 'EADDRINUSE' ? portInUseError(port) : error)
    })
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve()))
  })
}

async function waitUntilReady(
  rpcUrl: string,
  expectedChainId: number,
  port: number,
  timeoutMs: number,
  signal: AbortSignal,
): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline && !signal.aborted) {
    const chainId = await fetchChainId(rpcUrl)
    if (chainId === expectedChainId) return
    if (chainId !== undefined) {
      throw new Error(`port ${port} answered with chain id ${chainId}, expected ${expectedChainId}`)
    }
    await sleep(READY_POLL_INTERVAL_MS)
  }
  throw new Error(`anvil on port ${port} did not answer eth_chainId within ${timeoutMs} ms`)
}

async function fetchChainId(rpcUrl: string): Promise<number | undefined> {
  try {
    const response = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      signal: AbortSignal.timeout(1_000),
    })
    const body = (await response.json()) as { result?: string }
    return body.result === undefined ? undefined : Number(body.result)
  } catch {
    return undefined
  }
}
