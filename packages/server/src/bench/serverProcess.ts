// The server's CLI (cli.ts), or serverInstance.ts, as a child process: a test can SIGKILL it for
// real, a benchmark measures it with a heap of its own.
import { type ChildProcess, spawn } from 'node:child_process'
import { extname } from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url))
const here = fileURLToPath(import.meta.url)
/** As source (tsx) or as built JavaScript, like this file */
const CLI = fileURLToPath(new URL(`../cli${extname(here)}`, import.meta.url))
export const SERVER_INSTANCE = fileURLToPath(
  new URL(`./serverInstance${extname(here)}`, import.meta.url),
)
const LISTENING = /\[latchkey\] server at (http:\/\/\S+)/

export interface ServerProcess {
  url: string
  child: ChildProcess
  /** SIGKILL: no handler runs, nothing is flushed or closed; resolves once it has exited */
  kill(): Promise<void>
  /** SIGTERM (the CLI closes the server), then waits for the exit */
  stop(): Promise<void>
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise((resolve) => child.once('exit', () => resolve()))
}

/**
 * `latchkey-server serve` with `env` over this process's (undefined unsets); resolves once it
 * listens. `entry` runs another script that prints the same line (SERVER_INSTANCE).
 */
export function spawnServer(
  env: Record<string, string | undefined>,
  entry = CLI,
): Promise<ServerProcess> {
  const merged = { ...process.env, ...env }
  for (const [key, value] of Object.entries(merged)) if (value === undefined) delete merged[key]
  const child = spawn(
    process.execPath,
    extname(entry) === '.ts'
      ? ['--import', 'tsx', '--conditions=@latchkey/source', entry]
      : [entry],
    {
      cwd: ROOT,
      env: merged,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  let output = ''
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString()
      const url = LISTENING.exec(output)?.[1]
      if (!url) return
      child.stdout?.off('data', onData)
      child.stdout?.resume()
      resolve({
        url,
        child,
        async kill() {
          child.kill('SIGKILL')
          await exited(child)
        },
        async stop() {
          child.kill('SIGTERM')
          await exited(child)
        },
      })
    }
    child.stdout?.on('data', onData)
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString()
    })
    child.once('exit', (code, signal) =>
      reject(new Error(`the server exited (${signal ?? code}) before listening:\n${output}`)),
    )
  })
}
