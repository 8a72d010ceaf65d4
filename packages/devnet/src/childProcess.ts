// A local node's process (anvil, the bundler): its last stderr for error messages, its exit, a
// stop that escalates to SIGKILL, and a kill when the parent exits so no orphan keeps the port.
import { type ChildProcess, spawn } from 'node:child_process'

const STDERR_LIMIT = 8_000
const STOP_GRACE_MS = 3_000

export interface SupervisedChild {
  /** The end of what the process wrote to stderr */
  stderr(): string
  /** Resolves with "code N" or "signal S" (or the spawn error) once the process is gone */
  exited: Promise<string>
  stop(): Promise<void>
}

export function spawnSupervised(command: string, args: readonly string[], env?: NodeJS.ProcessEnv) {
  const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'], env })
  let stderr = ''
  child.stderr?.setEncoding('utf8')
  child.stderr?.on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-STDERR_LIMIT)
  })
  const exited = waitForExit(child)
  const killOnParentExit = () => child.kill('SIGKILL')
  process.on('exit', killOnParentExit)
  const stop = async () => {
    process.off('exit', killOnParentExit)
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM')
      const escalation = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS)
      await exited
      clearTimeout(escalation)
    }
  }
  return { stderr: () => stderr, exited, stop } satisfies SupervisedChild
}

// Resolves on 'error' too: a failed spawn may never emit 'exit'.
function waitForExit(child: ChildProcess): Promise<string> {
  return new Promise((resolve) => {
    child.once('error', (error) => resolve(error.message))
    child.once('exit', (code, signal) => resolve(signal ? `signal ${signal}` : `code ${code}`))
  })
}
