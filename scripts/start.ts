// `npm start`: the whole local stack on 127.0.0.1 — two anvil chains with their tokens, the
// Solana devnet (LiteSVM behind JSON-RPC on SOLANA_PORT or 8899), the Bitcoin regtest chain
// (Esplora's API on BITCOIN_REGTEST_PORT or 8792), an SMTP capture (SMTP_PORT or
// 2525) standing in for email delivery, an OpenID provider (OIDC_PORT or 8790) standing in for
// social login, a Farcaster auth relay (FARCASTER_RELAY_PORT or 8791) standing in for
// Farcaster's, a local Telegram bot token standing in for a Mini App's bot, the services
// (packages/server, PGlite under .data/ unless DATABASE_URL is set), the embedded wallet's frame
// site (FRAME_PORT or 5174), the demo page (Vite) pointed at them and the analytics dashboard
// (DASHBOARD_PORT or 5175). Prints the URLs to open; Ctrl+C stops everything.
// Request logs are quiet (errors still show); LOG_LEVEL=info brings one line per request back.
import { fileURLToPath } from 'node:url'
import { telegramInitData, telegramLaunchUrl } from '@latchkey/devnet'
import { DEMO_PROJECT_ID, type LogLevel, rotateProjectToken } from '@latchkey/server'
import { createServer } from 'vite'
import { frameHeadersPlugin } from './frameHeaders.ts'
import { startLocalServices } from './localStack.ts'

const demoRoot = fileURLToPath(new URL('../apps/demo', import.meta.url))
const dashboardRoot = fileURLToPath(new URL('../apps/dashboard', import.meta.url))
const frameRoot = fileURLToPath(new URL('../packages/frame', import.meta.url))

const services = await startLocalServices({
  server: { logLevel: (process.env.LOG_LEVEL as LogLevel | undefined) ?? 'warn' },
})
const { server, devnet, solana, bitcoin, mail, oidc, farcasterRelay } = services
console.log(`[latchkey] services at ${server.url} (${server.databaseKind})`)
for (const chain of devnet.chains) {
  const tokens = chain.tokens.map((t) => `${t.symbol} ${t.address}`).join(', ')
  console.log(`[latchkey] chain ${chain.chainId} at ${chain.rpcUrl} (${tokens})`)
}
for (const bundler of services.bundlers) {
  console.log(`[latchkey] ERC-4337 bundler (Alto) for chain ${bundler.chainId} at ${bundler.url}`)
}
console.log(`[latchkey] solana ${solana.caipNetworkId} at ${solana.rpcUrl} (lUSD ${solana.mint})`)
const [btcAccount] = services.bitcoinAccounts
console.log(
  `[latchkey] bitcoin regtest (Esplora API) at ${bitcoin.url}, height ${bitcoin.chain.height}; ` +
    `${services.bitcoinAccounts.length} test accounts with 10 BTC, the first ${btcAccount?.address} (WIF ${btcAccount?.wif})`,
)

const frame = await createServer({
  root: frameRoot,
  configFile: `${frameRoot}/vite.config.ts`,
  logLevel: 'warn',
  plugins: [frameHeadersPlugin({ apiUrl: server.url })],
})
await frame.listen()
// The page reaches the frame as `localhost`: browsers refuse an IP address as a passkey's relying
// party, so a frame on 127.0.0.1 could offer no passkeys (README "Passkeys (frame and modal)").
const frameUrl = `http://localhost:${frame.config.server.port}/`
console.log(`[latchkey] OpenID provider (stands in for every social login) at ${oidc.issuer}`)
console.log(
  `[latchkey] Farcaster auth relay (stands in for relay.farcaster.xyz) at ${farcasterRelay.url}`,
)
console.log(`[latchkey] embedded wallet frame at ${frameUrl}, SMTP capture on ${mail.port}`)
process.env.VITE_FRAME_URL = frameUrl

const demo = await createServer({
  root: demoRoot,
  configFile: `${demoRoot}/vite.config.ts`,
  logLevel: 'warn',
})
await demo.listen()
const url = demo.resolvedUrls?.local[0] ?? `http://127.0.0.1:${demo.config.server.port}/`

const dashboard = await createServer({
  root: dashboardRoot,
  configFile: `${dashboardRoot}/vite.config.ts`,
  logLevel: 'warn',
})
await dashboard.listen()
const dashboardUrl =
  dashboard.resolvedUrls?.local[0] ?? `http://127.0.0.1:${dashboard.config.server.port}/`
// A fresh token for the demo project each start, handed over in the fragment (never sent to a
// server; the page moves it to its session storage and clears the address).
const dashboardToken = await rotateProjectToken(server.db, DEMO_PROJECT_ID)
const dashboardLink = `${dashboardUrl}#${new URLSearchParams({ project: DEMO_PROJECT_ID, token: dashboardToken })}`
// As Telegram would open the demo as a Mini App, for a local test user (valid 24 h).
const miniApp = telegramLaunchUrl(
  url,
  telegramInitData({ user: { id: 424242, first_name: 'Local', username: 'local_tg' } }),
)
console.log(
  `\n  Latchkey demo: ${url}\n  Dev mailbox (email sign-in codes): ${url}mail.html\n  As a Telegram Mini App: ${miniApp}\n  Analytics dashboard (the demo project): ${dashboardLink}\n  Ctrl+C stops the stack.\n`,
)

let stopping = false
async function stop() {
  if (stopping) return
  stopping = true
  await Promise.all([demo.close(), frame.close(), dashboard.close()])
  await services.stop()
  process.exit(0)
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
