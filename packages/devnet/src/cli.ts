#!/usr/bin/env node
import { BITCOIN_TEST_ACCOUNTS, fundBitcoinTestAccounts } from './bitcoin/accounts.ts'
import { startBitcoinRegtest } from './bitcoin/regtest.ts'
import { type DevnetChain, startDevnet } from './devnet.ts'

function describeChain({ chainId, rpcUrl, tokens }: DevnetChain): string {
  const tokenList = tokens.map((token) => `${token.symbol} ${token.address}`).join('  ')
  return `chain ${chainId}  ${rpcUrl}  ${tokenList}`
}

const startedAt = performance.now()
const failed = (error: unknown): never => {
  console.error(`devnet failed to start: ${error instanceof Error ? error.message : error}`)
  process.exit(1)
}
const devnet = await startDevnet().catch(failed)
const bitcoin = await startBitcoinRegtest().catch(async (error: unknown) => {
  await devnet.stop()
  return failed(error)
})
fundBitcoinTestAccounts(bitcoin.chain)

for (const chain of devnet.chains) console.log(describeChain(chain))
if (devnet.solana) {
  const { caipNetworkId, rpcUrl, mint } = devnet.solana
  console.log(`solana ${caipNetworkId}  ${rpcUrl}  lUSD ${mint}`)
}
const [btcAccount] = BITCOIN_TEST_ACCOUNTS
console.log(
  `bitcoin regtest  ${bitcoin.url}  ${BITCOIN_TEST_ACCOUNTS.length} accounts with 10 BTC, ` +
    `the first ${btcAccount?.address} (WIF ${btcAccount?.wif})`,
)
console.log(`devnet ready in ${Math.round(performance.now() - startedAt)} ms (Ctrl+C to stop)`)

let stopping = false
async function shutdown() {
  if (stopping) return
  stopping = true
  await Promise.all([devnet.stop(), bitcoin.stop()])
  console.log('devnet stopped')
}

process.once('SIGINT', shutdown)
process.once('SIGTERM', shutdown)
