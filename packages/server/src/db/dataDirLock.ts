// PGlite serves one process: a second server writing the same directory corrupts it beyond
// restart, and the wrapping keys live there. A lock file holding the owner's pid keeps a second
// server out; a lock left by a process that is gone is taken over.
import { link, readFile, rm, writeFile } from 'node:fs/promises'
import { hostname } from 'node:os'
import { join } from 'node:path'
import { PGLITE_LOCK_FILE } from '../constants.ts'
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

/** A lock whose owner is on this machine and no longer runs (or that is unreadable) is stale. */
async function isStale(path: string): Promise<boolean> {
  const owner = await readOwner(path)
  if (!owner) return true
  return owner.host === hostname() && !isRunning(owner.pid)
}

/** Takes the data directory for this process, or throws dataDirInUse naming the owner. */
export async function lockDataDir(dataDir: string): Promise<DataDirLock> {
  const path = join(dataDir, PGLITE_LOCK_FILE)
  // Written aside and linked into place: the lock appears whole or not at all.
  const draft = `${path}.${process.pid}`
  await writeFile(draft, JSON.stringify({ pid: process.pid, host: hostname() }))
  try {
    return await takeLock(path, draft, dataDir)
  } finally {
    await rm(draft, { force: true })
  }
}

async function takeLock(path: string, draft: string, dataDir: string): Promise<DataDirLock> {
  for (let attempt = 0; attempt < 2; attempt++) {
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
      if (!(await isStale(path))) break
      await rm(path, { force: true })
    }
  }
  throw new Error(dataDirInUse(dataDir, await readOwner(path)))
}
