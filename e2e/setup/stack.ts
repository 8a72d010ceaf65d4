import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import {
  findFreePort,
  LOCAL_TELEGRAM_BOT_TOKEN,
  SOLANA_TOKEN_SPEC,
  startDevnet,
  startMailCapture,
  startOidcProvider,
} from '@latchkey/devnet'
import { socialFromIssuer, startServer } from '@latchkey/server'
import { build, preview as previewServer } from 'vite'

const demoRoot = fileURLToPath(new URL('../../apps/demo', import.meta.url))
const frameRoot = fileURLToPath(new URL('../../packages/frame', import.meta.url))

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
  const devnet = await startDevnet({
    chains: [
      { chainId: 31337, port: portA },
      { chainId: 31338, port: portB },
    ],
    solana: { port: solanaPort },
  })
  const solana = devnet.solana
  const mail = await startMailCapture({ port: 0 })
  const oidc = await startOidcProvider({ port: 0 })
  const server = await startServer({
    port: 0,
    social: socialFromIssuer(oidc.issuer),
    telegramBotToken: LOCAL_TELEGRAM_BOT_TOKEN,
    mail: { host: mail.host, port: mail.port },
    mailInbox: mail,
    mode: 'development',
    frameOrigins: [frameOrigin],
    databaseUrl: null,
    dataDir,
    allowedOrigins: demoOrigins,
    // The frame as production serves it: the server's frame site, with its headers (README
    // "Serving the frame"). Its build lands in frameOutDir below; files are read per request.
    frame: { dir: frameOutDir, port: framePort },
    logLevel: 'silent',
    // Enough wallets that serve the local chains for AllWallets to have a third page.
    directorySize: 600,
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
  }).catch(async (error: unknown) => {
    await Promise.all([devnet.stop(), mail.stop(), oidc.stop()])
    throw error
  })
  const stopServices = async () => {
    await Promise.all([devnet.stop(), server.close(), mail.stop(), oidc.stop()])
    rmSync(dataDir, { recursive: true, force: true })
  }
  try {
    const [chainA, chainB] = devnet.chains
    if (!chainA || !chainB) throw new Error('devnet did not start two chains')
    if (!solana) throw new Error('devnet did not start the Solana node')
    process.env.VITE_RPC_A = chainA.rpcUrl
    process.env.VITE_RPC_B = chainB.rpcUrl
    process.env.VITE_SOLANA_RPC = solana.rpcUrl
    process.env.VITE_API_URL = server.url
    process.env.VITE_RELAY_URL = server.relayUrl
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
