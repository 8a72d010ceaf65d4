export {
  type Bundler,
  type StartBundlerOptions,
  startBundler,
} from '../accountAbstraction/bundler.ts'
export {
  ACCOUNT_ABSTRACTION,
  BUNDLER_EXECUTOR_KEY,
  DETERMINISTIC_DEPLOYER,
} from '../accountAbstraction/contracts.ts'
export { deployAccountAbstraction } from '../accountAbstraction/deploy.ts'
export type { TestAccount } from '../accounts.ts'
export { DEVNET_MNEMONIC, TEST_ACCOUNT_ETH_BALANCE, TEST_ACCOUNTS } from '../accounts.ts'
export type { AnvilInstance, StartAnvilOptions } from '../anvil.ts'
export { startAnvil } from '../anvil.ts'
export {
  BITCOIN_TEST_ACCOUNT_SATS,
  BITCOIN_TEST_ACCOUNTS,
  type BitcoinTestAccount,
  fundBitcoinTestAccounts,
} from '../bitcoin/accounts.ts'
export {
  BitcoinChain,
  type BitcoinChainOptions,
  type BitcoinFaucetPayment,
  InvalidBitcoinRequest,
} from '../bitcoin/chain.ts'
export {
  BITCOIN_REGTEST_NETWORK,
  DEFAULT_BITCOIN_REGTEST_PORT,
} from '../bitcoin/constants.ts'
export {
  type BitcoinRegtest,
  defaultBitcoinRegtestPort,
  type StartBitcoinRegtestOptions,
  startBitcoinRegtest,
} from '../bitcoin/regtest.ts'
export { BitcoinTransactionRejected } from '../bitcoin/reject.ts'
export type { Devnet, DevnetChain, DevnetChainConfig, StartDevnetOptions } from '../devnet.ts'
export { defaultBundlerPorts, defaultDevnetChains, startDevnet } from '../devnet.ts'
export {
  EXCHANGE_ADDRESSES,
  EXCHANGE_DEPLOYER,
  factoryAbi,
  PAIR_INIT_CODE_HASH,
  pairAbi,
  pairAddress,
  routerAbi,
  wethAbi,
} from '../exchange/contracts.ts'
export { type PoolSide, SEED_POOLS, type SeedPool } from '../exchange/pools.ts'
export { FARCASTER_SIGN_IN_URL } from '../farcaster/channels.ts'
export {
  FARCASTER_ID_REGISTRY,
  farcasterIdRegistryAbi,
  placeFarcasterIdRegistry,
  type RegisterFarcasterFidOptions,
  registerFarcasterFid,
} from '../farcaster/idRegistry.ts'
export {
  DEFAULT_FARCASTER_CHANNEL_TTL_MS,
  DEFAULT_FARCASTER_RELAY_PORT,
  defaultFarcasterRelayPort,
  type FarcasterRelay,
  LOCAL_FARCASTER_RELAY_KEY,
  type StartFarcasterRelayOptions,
  startFarcasterRelay,
} from '../farcaster/relay.ts'
export {
  type FarcasterSignIn,
  type FarcasterSignInTamper,
  type FarcasterTestClient,
  type FarcasterTestClientOptions,
  farcasterTestClient,
} from '../farcaster/testClient.ts'
export { findFreePort } from '../free-port.ts'
export {
  type CapturedMail,
  DEFAULT_SMTP_PORT,
  type MailCapture,
  type StartMailCaptureOptions,
  startMailCapture,
} from '../mail/capture.ts'
export { OidcBrowser, type OidcSignInOptions, signInWithOidc } from '../oidc/browser.ts'
export {
  DEFAULT_OIDC_PORT,
  OIDC_ROUTES,
  OIDC_SCOPE,
  OIDC_SOCIAL_CLIENTS,
  type OidcSocialClient,
} from '../oidc/clients.ts'
export {
  defaultOidcPort,
  type OidcProvider,
  type StartOidcProviderOptions,
  startOidcProvider,
} from '../oidc/provider.ts'
export {
  ONRAMP_TREASURY,
  ONRAMP_TREASURY_ETH,
  ONRAMP_TREASURY_KEY,
  ONRAMP_TREASURY_LUSD,
} from '../onrampTreasury.ts'
export {
  SOLANA_FAUCET_KEYPAIR,
  SOLANA_MINT_KEYPAIR,
  SOLANA_ONRAMP_TREASURY,
  SOLANA_ONRAMP_TREASURY_KEY,
  SOLANA_TEST_ACCOUNTS,
  type SolanaTestAccount,
} from '../solana/accounts.ts'
export {
  DEFAULT_SOLANA_PORT,
  LAMPORTS_PER_SOL,
  SOLANA_CAIP_NETWORK_ID,
  SOLANA_GENESIS_HASH,
  SOLANA_TEST_ACCOUNT_LAMPORTS,
  SOLANA_TEST_ACCOUNT_TOKEN_AMOUNT,
  SOLANA_TOKEN_SPEC,
} from '../solana/constants.ts'
export {
  defaultSolanaPort,
  type SolanaDevnet,
  type StartSolanaDevnetOptions,
  startSolanaDevnet,
} from '../solana/devnet.ts'
export { associatedTokenAddress } from '../solana/genesis.ts'
export type { SolanaKeypair } from '../solana/keys.ts'
export {
  sendSolanaInstructions,
  sendSolanaTokenTransfer,
  sendSolanaTransfer,
} from '../solana/transfers.ts'
export {
  LOCAL_TELEGRAM_BOT_TOKEN,
  type TelegramInitDataOptions,
  type TelegramTestUser,
  telegramInitData,
  telegramLaunchUrl,
} from '../telegram/initData.ts'
export type { DevnetToken, DevnetTokenSymbol } from '../tokens.ts'
export { DEVNET_TOKEN_BALANCES, DEVNET_TOKENS, testTokenAbi } from '../tokens.ts'
