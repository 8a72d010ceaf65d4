import type { PGlite } from '@electric-sql/pglite'
import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely'
import { Mutex } from './mutex.ts'

type Command = PostgresQueryResult<unknown>['command']
const COMMANDS = new Set<Command>(['UPDATE', 'DELETE', 'INSERT', 'SELECT', 'MERGE'])

function commandOf(sql: string, reported: string | undefined): Command {
  const word = (reported ?? sql.trimStart().split(/\s/, 1)[0] ?? '').toUpperCase()
  return COMMANDS.has(word as Command) ? (word as Command) : 'SELECT'
}

/**
 * Kysely's PostgresDialect over one PGlite instance. PGlite has a single session, so a
 * connection holds a lock until released: a transaction's statements never interleave with
 * another connection's.
 */
export function createPglitePool(pglite: PGlite, onEnd: () => Promise<void>): PostgresPool {
  const lock = new Mutex()
  let ended = false

  return {
    async connect(): Promise<PostgresPoolClient> {
      if (ended) throw new Error('The database is closed')
      const release = await lock.acquire()
      let released = false
      const client = {
        async query<R>(sql: string, parameters: ReadonlyArray<unknown>) {
          const result = await pglite.query<R>(sql, parameters as unknown[], { rowMode: 'object' })
          const withCommand = result as typeof result & { command?: string; rowCount?: number }
          return {
            command: commandOf(sql, withCommand.command),
            rowCount: withCommand.affectedRows ?? withCommand.rowCount ?? result.rows.length,
            rows: result.rows,
          }
        },
        release() {
          if (released) return
          released = true
          release()
        },
      }
      return client as PostgresPoolClient
    },
    async end() {
      if (ended) return
      ended = true
      const release = await lock.acquire()
      try {
        await onEnd()
      } finally {
        release()
      }
    },
  }
}
