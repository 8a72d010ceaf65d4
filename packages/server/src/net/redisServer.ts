// For tests and benchmarks: a throwaway redis-server (Debian's `redis-server`, which .ci/run installs) on a
// free loopback port, nothing saved to disk. Undefined where the binary is missing: the tests
// that need it say so and skip.
import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { Socket } from 'node:net'

const BINARY = ['/usr/bin/redis-server', '/usr/local/bin/redis-server'].find((path) =>
  existsSync(path),
)

export const redisServerAvailable = BINARY !== undefined

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = new Socket()
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
    socket.connect(port, '127.0.0.1')
  })
}

export interface TestRedis {
  url: string
  stop(): Promise<void>
}

export async function startTestRedis(): Promise<TestRedis> {
  if (!BINARY) throw new Error('redis-server is not installed (apt-get install redis-server)')
  // The devnet (a development dependency) is loaded here only, as the benchmarks do.
  const { findFreePort } = await import('@latchkey/devnet')
  const port = await findFreePort()
  const child: ChildProcess = spawn(
    BINARY,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  )
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  // A process that ends without stop() (a crash, process.exit) takes its redis-server with it.
  const killOnParentExit = () => child.kill('SIGKILL')
  process.on('exit', killOnParentExit)
  for (let tries = 0; !(await accepts(port)); tries++) {
    if (tries > 500 || child.exitCode !== null) {
      process.off('exit', killOnParentExit)
      child.kill('SIGKILL')
      throw new Error(`redis-server did not start on port ${port}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    async stop() {
      process.off('exit', killOnParentExit)
      child.kill('SIGTERM')
      await exited
    },
  }
}
