// `npm start`: the whole local stack on 127.0.0.1 — two anvil chains with their tokens, the
// Solana devnet (LiteSVM behind JSON-RPC on SOLANA_PORT or 8899), the services (packages/server,
// PGlite under .data/ unless DATABASE_URL is set), and the demo page (Vite) pointed at them.
// Prints the URL to open; Ctrl+C stops everything.
import { fileURLToPath } from 'node:url'
import { SOLANA_TOKEN_SPEC, startDevnet } from '@latchkey/devnet'
import { startServer } from '@latchkey/server'
import { createServer } from 'vite'

const demoRoot = fileURLToPath(new URL('../apps/demo', import.meta.url))

const devnet = await startDevnet()
const solana = devnet.solana
const server = await startServer({
  chains: devnet.chains.map(({ chainId, rpcUrl }) => ({ chainId, rpcUrl })),
  ...(solana && {
    solanaChains: [
      {
        caipNetworkId: solana.caipNetworkId,
        rpcUrl: solana.rpcUrl,
        tokens: [{ mint: solana.mint, ...SOLANA_TOKEN_SPEC }],
      },
    ],
  }),
})
console.log(`[latchkey] services at ${server.url} (${server.databaseKind})`)
for (const chain of devnet.chains) {
  const tokens = chain.tokens.map((t) => `${t.symbol} ${t.address}`).join(', ')
  console.log(`[latchkey] chain ${chain.chainId} at ${chain.rpcUrl} (${tokens})`)
}
if (solana) {
  console.log(`[latchkey] solana ${solana.caipNetworkId} at ${solana.rpcUrl} (lUSD ${solana.mint})`)
}
const [chainA, chainB] = devnet.chains
process.env.VITE_RPC_A = chainA?.rpcUrl
process.env.VITE_RPC_B = chainB?.rpcUrl
if (solana) process.env.VITE_SOLANA_RPC = solana.rpcUrl
process.env.VITE_API_URL = server.url
process.env.VITE_RELAY_URL = server.relayUrl

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
  await Promise.all([devnet.stop(), server.close()])
  process.exit(0)
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
