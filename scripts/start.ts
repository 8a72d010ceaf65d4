// `npm start`: the whole local stack on 127.0.0.1 — two anvil chains with their tokens, and
// the demo page (Vite) pointed at them. Prints the URL to open; Ctrl+C stops everything.
import { fileURLToPath } from 'node:url'
import { startDevnet } from '@latchkey/devnet'
import { createServer } from 'vite'

const demoRoot = fileURLToPath(new URL('../apps/demo', import.meta.url))

const devnet = await startDevnet()
for (const chain of devnet.chains) {
  const tokens = chain.tokens.map((t) => `${t.symbol} ${t.address}`).join(', ')
  console.log(`[latchkey] chain ${chain.chainId} at ${chain.rpcUrl} (${tokens})`)
}
const [chainA, chainB] = devnet.chains
process.env.VITE_RPC_A = chainA?.rpcUrl
process.env.VITE_RPC_B = chainB?.rpcUrl

const demo = await createServer({
  root: demoRoot,
  configFile: `${demoRoot}/vite.config.ts`,
  logLevel: 'warn',
})
await demo.listen()
const url = demo.resolvedUrls?.local[0] ?? `http://127.0.0.1:${demo.config.server.port}/`
console.log(`\n  Latchkey demo: ${url}\n  Ctrl+C stops the stack.\n`)

let stopping = false
async function stop() {
  if (stopping) return
  stopping = true
  await demo.close()
  await devnet.stop()
  process.exit(0)
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
