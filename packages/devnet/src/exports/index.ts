export type { TestAccount } from '../accounts'
export { DEVNET_MNEMONIC, TEST_ACCOUNT_ETH_BALANCE, TEST_ACCOUNTS } from '../accounts'
export type { AnvilInstance, StartAnvilOptions } from '../anvil'
export { startAnvil } from '../anvil'
export type { Devnet, DevnetChain, DevnetChainConfig, StartDevnetOptions } from '../devnet'
export { defaultDevnetChains, startDevnet } from '../devnet'
export { findFreePort } from '../free-port'
export {
  type CapturedMail,
  DEFAULT_SMTP_PORT,
  type MailCapture,
  type StartMailCaptureOptions,
  startMailCapture,
} from '../mail/capture'
export { OidcBrowser, type OidcSignInOptions, signInWithOidc } from '../oidc/browser'
export {
  DEFAULT_OIDC_PORT,
  defaultOidcPort,
  OIDC_ROUTES,
  OIDC_SCOPE,
  OIDC_SOCIAL_CLIENTS,
  type OidcProvider,
  type OidcSocialClient,
  type StartOidcProviderOptions,
  startOidcProvider,
} from '../oidc/provider'
export {
  SOLANA_FAUCET_KEYPAIR,
  SOLANA_MINT_KEYPAIR,
  SOLANA_TEST_ACCOUNTS,
  type SolanaTestAccount,
} from '../solana/accounts'
export {
  DEFAULT_SOLANA_PORT,
  LAMPORTS_PER_SOL,
  SOLANA_CAIP_NETWORK_ID,
  SOLANA_GENESIS_HASH,
  SOLANA_TEST_ACCOUNT_LAMPORTS,
  SOLANA_TEST_ACCOUNT_TOKEN_AMOUNT,
  SOLANA_TOKEN_SPEC,
} from '../solana/constants'
export {
  defaultSolanaPort,
  type SolanaDevnet,
  type StartSolanaDevnetOptions,
  startSolanaDevnet,
} from '../solana/devnet'
export { associatedTokenAddress } from '../solana/genesis'
export type { SolanaKeypair } from '../solana/keys'
export {
  sendSolanaInstructions,
  sendSolanaTokenTransfer,
  sendSolanaTransfer,
} from '../solana/transfers'
export {
  LOCAL_TELEGRAM_BOT_TOKEN,
  type TelegramInitDataOptions,
  type TelegramTestUser,
  telegramInitData,
  telegramLaunchUrl,
} from '../telegram/initData'
export type { DevnetToken, DevnetTokenSymbol } from '../tokens'
export { DEVNET_TOKEN_BALANCES, DEVNET_TOKENS, testTokenAbi } from '../tokens'
