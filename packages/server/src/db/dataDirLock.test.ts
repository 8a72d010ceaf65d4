import { spawn } from 'node:child_process'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { hostname, tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'kysely'
import { afterEach, describe, expect, it } from 'vitest'
import { PGLITE_LOCK_FILE } from '../constants.ts'
import { lockDataDir } from './dataDirLock.ts'
import { openDatabase } from './open.ts'

const dirs: string[] = []
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true })
})

async function dataDir() {
  const dir = await mkdtemp(join(tmpdir(), 'latchkey-lock-'))
  dirs.push(dir)
  return dir
}

/** The pid of a process that has ended. */
function endedPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', ''])
  return new Promise((resolve) => child.once('exit', () => resolve(child.pid as number)))
}

describe('the PGlite data directory lock', () => {
  it('a second server on the same directory is refused with a clear error; the first keeps working', async () => {
    const dir = await dataDir()
    const first = await openDatabase({ dataDir: dir })
    try {
      await sql`create table kept (n int)`.execute(first.db)
      await expect(openDatabase({ dataDir: dir })).rejects.toThrow(
        `The database directory ${dir} is in use by the server with pid ${process.pid} on ${hostname()}. PGlite serves one process`,
      )
      await sql`insert into kept values (1)`.execute(first.db)
    } finally {
      await first.close()
    }
    // Closed, the directory is free again and nothing was lost.
    const again = await openDatabase({ dataDir: dir })
    const { rows } = await sql<{ n: number }>`select n from kept`.execute(again.db)
    expect(rows).toEqual([{ n: 1 }])
    await again.close()
  })

  it('takes over a lock left by a server that is gone (killed, power loss)', async () => {
    const dir = await dataDir()
    const pid = await endedPid()
    await writeFile(join(dir, PGLITE_LOCK_FILE), JSON.stringify({ pid, host: hostname() }))
    const opened = await openDatabase({ dataDir: dir })
    expect(JSON.parse(await readFile(join(dir, PGLITE_LOCK_FILE), 'utf8'))).toEqual({
      pid: process.pid,
      host: hostname(),
    })
    await opened.close()
    await expect(readFile(join(dir, PGLITE_LOCK_FILE))).rejects.toThrow(/ENOENT/)
  })

  it('a lock held by a running process on this machine is respected, after waiting for it', async () => {
    const dir = await dataDir()
    const holder = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'])
    try {
      const host = hostname()
      await writeFile(join(dir, PGLITE_LOCK_FILE), JSON.stringify({ pid: holder.pid, host }))
      await expect(lockDataDir(dir, { waitMs: 300 })).rejects.toThrow(
        `in use by the server with pid ${holder.pid} on ${host}`,
      )
      expect(holder.exitCode).toBeNull()
    } finally {
      holder.kill()
    }
  })

  it('a server still stopping (Ctrl+C, then npm start again) is waited for: its directory is taken once it exits', async () => {
    const dir = await dataDir()
    // The holder exits on its own a little later, as a stopping server does.
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 400)'])
    await writeFile(
      join(dir, PGLITE_LOCK_FILE),
      JSON.stringify({ pid: holder.pid, host: hostname() }),
    )
    const exited = new Promise((resolve) => holder.once('exit', resolve))
    const opened = await openDatabase({ dataDir: dir })
    await exited
    expect(JSON.parse(await readFile(join(dir, PGLITE_LOCK_FILE), 'utf8'))).toEqual({
      pid: process.pid,
      host: hostname(),
    })
    await opened.close()
  })

  it('a lock of another machine (a shared directory) is refused at once', async () => {
    const dir = await dataDir()
    const owner = { pid: process.pid, host: `not-${hostname()}` }
    await writeFile(join(dir, PGLITE_LOCK_FILE), JSON.stringify(owner))
    await expect(lockDataDir(dir, { waitMs: 60_000 })).rejects.toThrow(
      `in use by the server with pid ${owner.pid} on ${owner.host}`,
    )
  })

  it('memory databases need no lock', async () => {
    const a = await openDatabase({ dataDir: 'memory://' })
    const b = await openDatabase({ dataDir: 'memory://' })
    await Promise.all([a.close(), b.close()])
    expect(a.kind).toBe('pglite')
  })
})
