#!/usr/bin/env node
// Runs the server alone: `npx tsx packages/server/src/cli.ts`. Stops on SIGINT/SIGTERM.
import { startServer } from './server.ts'

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
