// PGlite serves one process: a second server writing the same directory corrupts it beyond
// restart, and the wrapping keys live there. A lock file holding the owner's pid keeps a second
// server out; a lock left by a process that is gone is taken over, and one whose owner on this
// machine still runs is waited for a while: a server being stopped lets go within seconds.
import { link, readFile, rm, writeFile } from 'node:fs/promises'
import { hostname } from 'node:os'
import { join } from 'node:path'
import { PGLITE_LOCK_FILE, PGLITE_LOCK_WAIT_MS } from '../constants.ts'
import { dataDirInUse } from '../errors.ts'

interface LockOwner {
  pid: number
  host: string
}

export interface DataDirLock {
  release(): Promise<void>
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

async function readOwner(path: string): Promise<LockOwner | undefined> {
  try {
    const owner = JSON.parse(await readFile(path, 'utf8')) as Partial<LockOwner>
    return Number.isInteger(owner.pid) && typeof owner.host === 'string'
      ? { pid: owner.pid as number, host: owner.host }
      : undefined
  } catch {
    return undefined
  }
}

/** What stands in the way: nothing (gone or stale), or a live owner, which may be waited for */
async function holder(path: string): Promise<'stale' | 'wait' | 'refuse'> {
  const owner = await readOwner(path)
  if (!owner) return 'stale'
  if (owner.host !== hostname()) return 'refuse'
  if (!isRunning(owner.pid)) return 'stale'
  // This process holding it already: nothing to wait for.
  return owner.pid === process.pid ? 'refuse' : 'wait'
}

/**
 * Takes the data directory for this process, or throws dataDirInUse naming the owner. A live
 * owner on this machine is waited for up to `waitMs`.
 */
export async function lockDataDir(
  dataDir: string,
  { waitMs = PGLITE_LOCK_WAIT_MS }: { waitMs?: number } = {},
): Promise<DataDirLock> {
  const path = join(dataDir, PGLITE_LOCK_FILE)
  // Written aside and linked into place: the lock appears whole or not at all.
  const draft = `${path}.${process.pid}`
  await writeFile(draft, JSON.stringify({ pid: process.pid, host: hostname() }))
  try {
    return await takeLock(path, draft, dataDir, Date.now() + waitMs)
  } finally {
    await rm(draft, { force: true })
  }
}

async function takeLock(
  path: string,
  draft: string,
  dataDir: string,
  waitUntil: number,
): Promise<DataDirLock> {
  for (let takeovers = 0; ; ) {
    try {
      await link(draft, path)
      let released = false
      return {
        async release() {
          if (released) return
          released = true
          await rm(path, { force: true })
        },
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    }
    const next = await holder(path)
    if (next === 'stale' && takeovers++ < 2) await rm(path, { force: true })
    else if (next !== 'wait' || Date.now() >= waitUntil) break
    else await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(dataDirInUse(dataDir, await readOwner(path)))
}
