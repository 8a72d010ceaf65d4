#!/usr/bin/env node
import { type DevnetChain, startDevnet } from './devnet.ts'

function describeChain({ chainId, rpcUrl, tokens }: DevnetChain): string {
  const tokenList = tokens.map((token) => `${token.symbol} ${token.address}`).join('  ')
  return `chain ${chainId}  ${rpcUrl}  ${tokenList}`
}

const startedAt = performance.now()
const devnet = await startDevnet().catch((error: unknown) => {
  console.error(`devnet failed to start: ${error instanceof Error ? error.message : error}`)
  process.exit(1)
})

for (const chain of devnet.chains) console.log(describeChain(chain))
if (devnet.solana) {
  const { caipNetworkId, rpcUrl, mint } = devnet.solana
  console.log(`solana ${caipNetworkId}  ${rpcUrl}  lUSD ${mint}`)
}
console.log(`devnet ready in ${Math.round(performance.now() - startedAt)} ms (Ctrl+C to stop)`)

let stopping = false
async function shutdown() {
  if (stopping) return
  stopping = true
  await devnet.stop()
  console.log('devnet stopped')
}

process.once('SIGINT', shutdown)
process.once('SIGTERM', shutdown)
