#!/usr/bin/env node
// `latchkey-server` (or `npx tsx packages/server/src/cli.ts`):
//   serve (the default)          runs the server; stops on SIGINT/SIGTERM
//   keys export                  every wrapping key as JSON lines on stdout
//   keys import <file>           adds a backup's missing keys, never overwrites one
//   keys rotate-signing          a new SIWX signing key (the old one verifies until its tokens end)
//   migrate                      brings the database to the latest migration
//   project …                    lists, creates and changes projects (admin/projectCommand.ts)
// The database is the server's: DATABASE_URL, else PGlite in .data/pglite (or PGLITE_DIR).
import { readFile } from 'node:fs/promises'
import { runMigrateCommand, runProjectCommand } from './admin/projectCommand.ts'
import { runKeysCommand } from './keys/command.ts'
import { tuneHeapForServing } from './net/heapTuning.ts'
import { startServer } from './server.ts'
import { modeFromEnv } from './serverEnv.ts'

async function serve() {
  tuneHeapForServing()
  const server = await startServer()
  console.log(`[latchkey] server at ${server.url} (${server.databaseKind}, ${server.startupMs} ms)`)
  if (modeFromEnv() === 'development') {
    console.log(
      '[latchkey] development: the demo project is seeded with local origins. For a deployment set LATCHKEY_ENV=production.',
    )
  }
  let stopping = false
  async function stop() {
    if (stopping) return
    stopping = true
    await server.close()
    process.exit(0)
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
}

const io = {
  write: (line: string) => process.stdout.write(`${line}\n`),
  error: (line: string) => process.stderr.write(`${line}\n`),
}
const [command = 'serve', ...rest] = process.argv.slice(2)
try {
  if (command === 'serve') await serve()
  else if (command === 'keys') {
    process.exitCode = await runKeysCommand(rest, {
      ...io,
      readFile: (path) => readFile(path, 'utf8'),
    })
  } else if (command === 'migrate') {
    process.exitCode = await runMigrateCommand(io)
  } else if (command === 'project') {
    process.exitCode = await runProjectCommand(rest, io)
  } else {
    console.error(
      `Unknown command '${command}'. Commands: serve, migrate, project …, keys export, keys import <file>, keys rotate-signing`,
    )
    process.exitCode = 2
  }
} catch (error) {
  console.error(`[latchkey] ${error instanceof Error ? error.message : String(error)}`)
  process.exitCode = 1
}
