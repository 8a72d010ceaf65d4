// The local stack's services, one way for everyone who runs them (`npm start`, the e2e setup,
// the bench): two anvil chains with their tokens, the Solana devnet, the Bitcoin regtest chain
// (Esplora's API) with its funded test accounts, an SMTP capture standing in
// for email delivery, an OpenID provider standing in for social login, a local Telegram bot
// token, and the services (packages/server) wired to all of them, the onramp sandbox paying from
// the devnet's treasury included, and an ERC-4337 bundler (Alto) per chain for smart accounts. The page side (a Vite dev server, or a build behind `vite
// preview`) is the caller's; the VITE_* variables that point it here are set on return.
import {
  BITCOIN_TEST_ACCOUNTS,
  type Bundler,
  type DevnetChainConfig,
  defaultBundlerPorts,
  findFreePort,
  fundBitcoinTestAccounts,
  LOCAL_TELEGRAM_BOT_TOKEN,
  ONRAMP_TREASURY_KEY,
  SOLANA_ONRAMP_TREASURY_KEY,
  SOLANA_TOKEN_SPEC,
  startBitcoinRegtest,
  startBundler,
  startDevnet,
  startFarcasterRelay,
  startMailCapture,
  startOidcProvider,
} from '@latchkey/devnet'
import {
  SANDBOX_HOSTED_PROVIDER,
  type StartServerOptions,
  socialFromIssuer,
  startServer,
} from '@latchkey/server'

/** CAIP-2 of the regtest chain: `bip122:` and its genesis hash's first 32 hex characters */
export const BITCOIN_REGTEST_CAIP_NETWORK_ID = 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328'

export interface LocalServicesOptions {
  /**
   * The chains' and Solana's ports (free ones in tests, and free ones for the bundlers); the
   * defaults of `npm start` when left out
   */
  ports?: { chains: DevnetChainConfig[]; solana: number }
  /** 0 for a free port; SMTP_PORT / OIDC_PORT / FARCASTER_RELAY_PORT or their defaults when left out */
  mailPort?: number
  oidcPort?: number
  farcasterRelayPort?: number
  /** 0 for a free port; BITCOIN_REGTEST_PORT or 8792 when left out */
  bitcoinRegtestPort?: number
  /** What differs per caller: port, database, origins, log level, the frame site… */
  server?: StartServerOptions
}

export async function startLocalServices(options: LocalServicesOptions = {}) {
  const devnet = await startDevnet(
    options.ports && { chains: options.ports.chains, solana: { port: options.ports.solana } },
  )
  const mail = await startMailCapture(
    options.mailPort === undefined ? {} : { port: options.mailPort },
  )
  const oidc = await startOidcProvider(
    options.oidcPort === undefined ? {} : { port: options.oidcPort },
  )
  const farcasterRelay = await startFarcasterRelay(
    options.farcasterRelayPort === undefined ? {} : { port: options.farcasterRelayPort },
  )
  const bitcoin = await startBitcoinRegtest(
    options.bitcoinRegtestPort === undefined ? {} : { port: options.bitcoinRegtestPort },
  )
  const bundlers: Bundler[] = []
  const stopDevnet = async () => {
    await Promise.all(bundlers.map((bundler) => bundler.stop()))
    await Promise.all([
      devnet.stop(),
      mail.stop(),
      oidc.stop(),
      farcasterRelay.stop(),
      bitcoin.stop(),
    ])
  }
  const [chainA, chainB] = devnet.chains
  const solana = devnet.solana
  if (!chainA || !chainB || !solana) {
    await stopDevnet()
    throw new Error('the devnet did not start two chains and the Solana node')
  }
  try {
    fundBitcoinTestAccounts(bitcoin.chain)
    for (const [index, chain] of devnet.chains.entries()) {
      const port = options.ports ? await findFreePort() : (defaultBundlerPorts()[index] ?? 0)
      bundlers.push(await startBundler({ chainId: chain.chainId, rpcUrl: chain.rpcUrl, port }))
    }
  } catch (error) {
    await stopDevnet()
    throw error
  }
  const bundlerUrl = (chainId: number) => bundlers.find((b) => b.chainId === chainId)?.url
  const server = await startServer({
    social: socialFromIssuer(oidc.issuer),
    // Fids resolve on chain A, where the devnet placed its IdRegistry stand-in.
    farcaster: { relayUrl: farcasterRelay.url, rpcUrl: chainA.rpcUrl },
    telegramBotToken: process.env.LATCHKEY_TELEGRAM_BOT_TOKEN || LOCAL_TELEGRAM_BOT_TOKEN,
    mail: { host: mail.host, port: mail.port },
    mailInbox: mail,
    mode: 'development',
    onrampTreasuryKey: ONRAMP_TREASURY_KEY,
    onrampSolanaTreasuryKey: SOLANA_ONRAMP_TREASURY_KEY,
    // The sandbox also as a configured provider's hosted page (README "Buy crypto").
    onrampProviders: [SANDBOX_HOSTED_PROVIDER],
    chains: devnet.chains.map(({ chainId, rpcUrl }) => ({
      chainId,
      rpcUrl,
      bundlerUrl: bundlerUrl(chainId),
    })),
    solanaChains: [
      {
        caipNetworkId: solana.caipNetworkId,
        rpcUrl: solana.rpcUrl,
        tokens: [{ mint: solana.mint, ...SOLANA_TOKEN_SPEC }],
      },
    ],
    bitcoinChains: [{ caipNetworkId: BITCOIN_REGTEST_CAIP_NETWORK_ID, esploraUrl: bitcoin.url }],
    ...options.server,
  }).catch(async (error: unknown) => {
    await stopDevnet()
    throw error
  })
  process.env.VITE_RPC_A = chainA.rpcUrl
  process.env.VITE_RPC_B = chainB.rpcUrl
  process.env.VITE_SOLANA_RPC = solana.rpcUrl
  process.env.VITE_BITCOIN_ESPLORA = bitcoin.url
  process.env.VITE_API_URL = server.url
  process.env.VITE_RELAY_URL = server.relayUrl
  return {
    devnet,
    bundlers,
    chainA,
    chainB,
    solana,
    /** The regtest chain; its test accounts (BITCOIN_TEST_ACCOUNTS) hold 10 BTC each */
    bitcoin,
    bitcoinAccounts: BITCOIN_TEST_ACCOUNTS,
    mail,
    oidc,
    farcasterRelay,
    server,
    async stop() {
      await Promise.all([server.close(), stopDevnet()])
    },
  }
}

export type LocalServices = Awaited<ReturnType<typeof startLocalServices>>
