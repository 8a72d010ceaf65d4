#!/usr/bin/env node
// `latchkey-server` (or `npx tsx packages/server/src/cli.ts`):
//   serve (the default)          runs the server; stops on SIGINT/SIGTERM
//   keys export                  every wrapping key as JSON lines on stdout
//   keys import <file>           adds a backup's missing keys, never overwrites one
// The database is the server's: DATABASE_URL, else PGlite in .data/pglite (or PGLITE_DIR).
import { readFile } from 'node:fs/promises'
import { runKeysCommand } from './keys/command.ts'
import { startServer } from './server.ts'

async function serve() {
  const server = await startServer()
  console.log(`[latchkey] server at ${server.url} (${server.databaseKind}, ${server.startupMs} ms)`)
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

const [command = 'serve', ...rest] = process.argv.slice(2)
try {
  if (command === 'serve') await serve()
  else if (command === 'keys') {
    process.exitCode = await runKeysCommand(rest, {
      write: (line) => process.stdout.write(`${line}\n`),
      error: (line) => process.stderr.write(`${line}\n`),
      readFile: (path) => readFile(path, 'utf8'),
    })
  } else {
    console.error(`Unknown command '${command}'. Commands: serve, keys export, keys import <file>`)
    process.exitCode = 2
  }
} catch (error) {
  console.error(`[latchkey] ${error instanceof Error ? error.message : String(error)}`)
  process.exitCode = 1
}
