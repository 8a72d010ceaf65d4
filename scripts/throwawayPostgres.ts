// A throwaway PostgreSQL for a mutation run of the server (scripts/mutation.ts): Debian's
// `postgresql` binaries, a data directory in /tmp, a free port, no fsync; removed by stop().
// The same steps as .ci/run, which starts its own for `npm test`.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export interface ThrowawayPostgres {
  url: string
  stop(): void
}

const PG_ROOT = '/usr/lib/postgresql'

function pgBin(): string | undefined {
  if (!existsSync(PG_ROOT)) return undefined
  const versions = readdirSync(PG_ROOT)
    .filter((v) => existsSync(join(PG_ROOT, v, 'bin', 'initdb')))
    .sort((a, b) => Number(a) - Number(b))
  const newest = versions.at(-1)
  return newest ? join(PG_ROOT, newest, 'bin') : undefined
}

function freePort(): number {
  const script =
    "const s=require('node:net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"
  return Number(spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' }).stdout.trim())
}

/** Starts one, or answers undefined (saying why) where Debian's PostgreSQL is not installed. */
export function startThrowawayPostgres(): ThrowawayPostgres | undefined {
  const bin = pgBin()
  if (!bin) {
    console.log('[postgres] no Debian postgresql under /usr/lib/postgresql: using PGlite')
    return undefined
  }
  // initdb refuses to run as root: as root, run it as Debian's postgres user.
  const asRoot = process.getuid?.() === 0
  const run = (command: string, args: string[]) => {
    const [file, argv] = asRoot
      ? ['runuser', ['-u', 'postgres', '--', join(bin, command), ...args]]
      : [join(bin, command), args]
    const result = spawnSync(file, argv, { encoding: 'utf8' })
    if (result.status !== 0) throw new Error(`${command}: ${result.stderr || result.stdout}`)
  }
  const dir = mkdtempSync(join(tmpdir(), 'latchkey-pg-'))
  if (asRoot) spawnSync('chown', ['postgres:postgres', dir])
  const data = join(dir, 'data')
  const port = freePort()
  run('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-sync'])
  const settings = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`
  run('pg_ctl', ['-D', data, '-l', join(dir, 'log'), '-w', '-o', settings, 'start'])
  const stop = () => {
    spawnSync(asRoot ? 'runuser' : join(bin, 'pg_ctl'), [
      ...(asRoot ? ['-u', 'postgres', '--', join(bin, 'pg_ctl')] : []),
      ...['-D', data, '-m', 'fast', '-w', 'stop'],
    ])
    rmSync(dir, { recursive: true, force: true })
  }
  try {
    run('createdb', ['-h', '127.0.0.1', '-p', String(port), 'latchkey_test'])
  } catch (error) {
    stop()
    throw error
  }
  return { url: `postgres://postgres@127.0.0.1:${port}/latchkey_test`, stop }
}
