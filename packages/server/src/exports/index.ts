export type { App, AppDeps } from '../app'
export { createApp } from '../app'
export type { InboxMail, MailInbox } from '../auth/devInbox'
export type { Mail, Mailer, MailOptions } from '../auth/mailer'
export {
  PRODUCTION_SOCIAL_PROVIDERS,
  type SocialOptions,
  type SocialProvider,
  type SocialProviderConfig,
  socialFromEnv,
  socialFromIssuer,
} from '../auth/social'
export type { SolanaChainConfig, SolanaTokenConfig } from '../chain/solanaConfig'
export type { RateLimitWindow } from '../constants'
export { DEMO_PROJECT_ID } from '../constants'
export { migrateToLatest } from '../db/migrations'
export type { OpenDatabaseOptions, OpenedDatabase } from '../db/open'
export { openDatabase } from '../db/open'
export type { BadgeType, Database } from '../db/schema'
export { seedDatabase } from '../db/seed'
export type { ErrorBody } from '../errors'
export type { LogLevel } from '../logger'
export { createLogger } from '../logger'
export type { RateLimitOptions } from '../middleware/rateLimit'
export type { Relay } from '../relay/relay'
export type { RemoteFeatures } from '../routes/config'
export type { WalletItem } from '../routes/wallets'
export type { GeneratedWallet } from '../seed/generate'
export { generateWallets } from '../seed/generate'
export type { SeedWallet } from '../seed/wallets'
export { REAL_WALLETS } from '../seed/wallets'
export type { RelayServerOptions, RunningServer, StartServerOptions } from '../server'
export { defaultAllowedOrigins, defaultFrameOrigins, startServer } from '../server'
