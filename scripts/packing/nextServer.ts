// `next start` of a consumer app as a child process, with everything it printed kept.
import { type ChildProcess, spawn } from 'node:child_process'
import { appEnv } from './consumerApp.ts'

export interface NextServer {
  url: string
  /** What the server printed so far (stdout and stderr) */
  output(): string
  stop(): Promise<void>
}

export async function startNext(
  dir: string,
  port: number,
  env: Record<string, string>,
): Promise<NextServer> {
  let output = ''
  const child: ChildProcess = spawn(
    process.execPath,
    ['node_modules/next/dist/bin/next', 'start', '-p', String(port), '-H', '127.0.0.1'],
    { cwd: dir, env: { ...appEnv(), ...env, NODE_ENV: 'production' } },
  )
  child.stdout?.on('data', (chunk) => {
    output += chunk
  })
  child.stderr?.on('data', (chunk) => {
    output += chunk
  })
  const url = `http://127.0.0.1:${port}`
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve()
      child.once('exit', () => resolve())
      child.kill('SIGTERM')
    })
  const deadline = Date.now() + 60_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`next start exited:\n${output}`)
    const up = await fetch(`${url}/account`).then(
      (response) => response.ok,
      () => false,
    )
    if (up) break
    if (Date.now() > deadline) {
      await stop()
      throw new Error(`next start did not answer within 60 s:\n${output}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  return { url, output: () => output, stop }
}
