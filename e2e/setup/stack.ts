import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { findFreePort } from '@latchkey/devnet'
import { build, preview as previewServer } from 'vite'
import { startLocalServices } from '../../scripts/localStack.ts'

const demoRoot = fileURLToPath(new URL('../../apps/demo', import.meta.url))
const frameRoot = fileURLToPath(new URL('../../packages/frame', import.meta.url))

/** The operator's token of the test stack's server: the tests read the analytics figures with it */
export const E2E_ADMIN_TOKEN = 'e2e-admin-token-0123456789abcdef0123456789abcdef'

/** The demo is built with this wallet excluded (excludeWalletIds): it must never show. */
export const EXCLUDED_WALLET_ID = 'trust'

export interface TestStack {
  demoUrl: string
  apiUrl: string
  /** The server's WalletConnect relay (ws://…/relay) */
  relayUrl: string
  rpcA: string
  rpcB: string
  /** The Solana devnet's JSON-RPC URL */
  solanaRpc: string
  /** solana:<reference> of the Solana devnet */
  solanaCaipNetworkId: string
  /** The embedded wallet's frame site (its own origin) */
  frameUrl: string
  /** The SMTP capture's port (its mails are read through the server's /dev/v1/mails) */
  smtpPort: number
  /** The Farcaster auth relay stand-in */
  farcasterRelayUrl: string
  /** The Bitcoin regtest chain's Esplora API (its faucet: POST /regtest/faucet) */
  bitcoinEsploraUrl: string
  stop(): Promise<void>
}

/** Devnet on free ports, the demo built against it and served by `vite preview`. */
export async function startTestStack(outDir: string, frameOutDir: string): Promise<TestStack> {
  const [portA, portB, solanaPort, demoPort, framePort] = await Promise.all([
    findFreePort(),
    findFreePort(),
    findFreePort(),
    findFreePort(),
    findFreePort(),
  ])
  const frameOrigin = `http://127.0.0.1:${framePort}`
  const dataDir = mkdtempSync(join(tmpdir(), 'latchkey-e2e-'))
  const demoOrigins = [`http://127.0.0.1:${demoPort}`]
  const services = await startLocalServices({
    ports: {
      chains: [
        { chainId: 31337, port: portA },
        { chainId: 31338, port: portB },
      ],
      solana: solanaPort,
    },
    mailPort: 0,
    oidcPort: 0,
    farcasterRelayPort: 0,
    bitcoinRegtestPort: 0,
    server: {
      port: 0,
      frameOrigins: [frameOrigin],
      adminToken: E2E_ADMIN_TOKEN,
      databaseUrl: null,
      dataDir,
      allowedOrigins: demoOrigins,
      // The frame as production serves it: the server's frame site, with its headers (README
      // "Serving the frame"). Its build lands in frameOutDir below; files are read per request.
      frame: { dir: frameOutDir, port: framePort },
      logLevel: 'silent',
      // Enough wallets that serve the local chains for AllWallets to have a third page.
      directorySize: 600,
      // Every browser of every test file is one client address (127.0.0.1): the per-address
      // limit (300 requests in 10 s) is for one visitor, and a test following a wallet-list
      // test went over it (429 on its balances). The limits have their own tests.
      rateLimit: {
        perAddress: { limit: 100_000, windowMs: 10_000 },
        authPerAddress: { limit: 10_000, windowMs: 60_000 },
      },
    },
  })
  const { server, chainA, chainB, solana, mail } = services
  const stopServices = async () => {
    await services.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
  try {
    process.env.VITE_EXCLUDE_WALLET_IDS = EXCLUDED_WALLET_ID
    process.env.VITE_FRAME_URL = `${frameOrigin}/`
    await build({
      root: frameRoot,
      configFile: `${frameRoot}/vite.config.ts`,
      logLevel: 'warn',
      build: { outDir: frameOutDir, emptyOutDir: true },
    })
    await build({ root: demoRoot, logLevel: 'warn', build: { outDir, emptyOutDir: true } })
    const demoPreview = await previewServer({
      root: demoRoot,
      logLevel: 'warn',
      build: { outDir },
      preview: { port: demoPort, strictPort: true, host: '127.0.0.1' },
    })
    return {
      demoUrl: `http://127.0.0.1:${demoPort}/`,
      apiUrl: server.url,
      relayUrl: server.relayUrl,
      rpcA: chainA.rpcUrl,
      rpcB: chainB.rpcUrl,
      solanaRpc: solana.rpcUrl,
      solanaCaipNetworkId: solana.caipNetworkId,
      frameUrl: `${frameOrigin}/`,
      smtpPort: mail.port,
      farcasterRelayUrl: services.farcasterRelay.url,
      bitcoinEsploraUrl: services.bitcoin.url,
      async stop() {
        await demoPreview.close()
        await stopServices()
      },
    }
  } catch (error) {
    await stopServices()
    throw error
  }
}
