export { rotateToken as rotateProjectToken } from '../admin/projectStore.ts'
export type { AnalyticsSummary } from '../analytics/summary.ts'
export type { App, AppDeps } from '../app.ts'
export { createApp } from '../app.ts'
export type { InboxMail, MailInbox } from '../auth/devInbox.ts'
export type { Mail, Mailer, MailOptions } from '../auth/mailer.ts'
export {
  PRODUCTION_SOCIAL_PROVIDERS,
  type SocialOptions,
  type SocialProvider,
  type SocialProviderConfig,
  socialFromEnv,
  socialFromIssuer,
} from '../auth/socialProviders.ts'
export type { BitcoinChainConfig } from '../chain/bitcoinConfig.ts'
export type { SolanaChainConfig, SolanaTokenConfig } from '../chain/solanaConfig.ts'
export type { RateLimitWindow } from '../constants.ts'
export { DEMO_PROJECT_ID } from '../constants.ts'
export { migrateToLatest } from '../db/migrations.ts'
export type { OpenDatabaseOptions, OpenedDatabase } from '../db/open.ts'
export { openDatabase } from '../db/open.ts'
export type { BadgeType, Database } from '../db/schema.ts'
export { seedDatabase } from '../db/seed.ts'
export type { ErrorBody } from '../errors/body.ts'
export type { FrameHeaderOptions } from '../frameSite/headers.ts'
export { frameContentSecurityPolicy, frameHeaders } from '../frameSite/headers.ts'
export type { LogLevel } from '../logger.ts'
export { createLogger } from '../logger.ts'
export type { RateLimitOptions } from '../middleware/rateLimit.ts'
export { type HostedProvider, SANDBOX_HOSTED_PROVIDER } from '../onramp/hostedProviders.ts'
export type { Relay } from '../relay/relay.ts'
export type { RemoteFeatures } from '../routes/config.ts'
export type { WalletItem } from '../routes/wallets.ts'
export type { GeneratedWallet } from '../seed/generate.ts'
export { generateWallets } from '../seed/generate.ts'
export type { SeedWallet } from '../seed/wallets.ts'
export { REAL_WALLETS } from '../seed/wallets.ts'
export type {
  FrameSiteServerOptions,
  RelayServerOptions,
  RunningServer,
  StartServerOptions,
} from '../server.ts'
export { startServer } from '../server.ts'
export { defaultAllowedOrigins, defaultFrameOrigins } from '../serverEnv.ts'
