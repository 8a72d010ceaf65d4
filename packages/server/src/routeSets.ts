// The route sets createApp guards: every project route, and the auth routes that sign in or mail.

import {
  getAnalyticsSummaryRoute,
  postBatchRoute,
  postErrorEventRoute,
} from './analytics/routeDefs.ts'
import { FARCASTER_ROUTES } from './auth/farcaster/routes.ts'
import { PASSKEY_SIGN_IN_ROUTES } from './auth/passkeys/routes.ts'
import {
  postEmailChangePrimaryRoute,
  postEmailChangeRoute,
  postEmailChangeSecondaryRoute,
  postEmailRoute,
  postOtpRoute,
} from './auth/routes.ts'
import { SOCIAL_ROUTES } from './auth/social.ts'
import { postTelegramConnectRoute } from './auth/telegram.ts'
import { NAME_ROUTES } from './names/routeDefs.ts'
import { ONRAMP_ROUTES } from './onramp/onrampRoutes.ts'
import { getBalanceRoute } from './routes/balance.ts'
import {
  getAnalyticsConfigRoute,
  getConfigRoute,
  getLatestVersionRoute,
  getOriginsRoute,
} from './routes/config.ts'
import { getHistoryRoute } from './routes/history.ts'
import { getIdentityRoute, getSupportedChainsRoute } from './routes/identity.ts'
import {
  getAssetImageRoute,
  getCurrencyImageRoute,
  getSocialImageRoute,
  getTokenImageRoute,
  getWalletImageRoute,
} from './routes/images.ts'
import { postPriceRoute } from './routes/price.ts'
import { getWalletsRoute } from './routes/wallets.ts'
import { SIWX_ROUTES } from './siwx/routeDefs.ts'
import { CONVERT_ROUTES } from './swap/convertRoutes.ts'

/** Every route that needs a project: these get the project, CORS and rate-limit middleware. */
export const PROJECT_ROUTES = [
  getWalletsRoute,
  getWalletImageRoute,
  getAssetImageRoute,
  getCurrencyImageRoute,
  getTokenImageRoute,
  getSocialImageRoute,
  getConfigRoute,
  getLatestVersionRoute,
  getOriginsRoute,
  getAnalyticsConfigRoute,
  postBatchRoute,
  postErrorEventRoute,
  getAnalyticsSummaryRoute,
  getBalanceRoute,
  getHistoryRoute,
  postPriceRoute,
  getIdentityRoute,
  getSupportedChainsRoute,
  ...SIWX_ROUTES,
  ...CONVERT_ROUTES,
  ...ONRAMP_ROUTES,
  ...NAME_ROUTES,
]

/** Project routes the embedded wallet's frame reads too (wallet_getAssets reads the balances) */
export const FRAME_READABLE_ROUTES = new Set<(typeof PROJECT_ROUTES)[number]>([getBalanceRoute])

/** The auth routes that sign in or mail: they also count against authRateLimit's budgets. */
export const SIGN_IN_PATHS = new Set<string>(
  [
    postEmailRoute,
    postOtpRoute,
    postEmailChangeRoute,
    postEmailChangePrimaryRoute,
    postEmailChangeSecondaryRoute,
    ...SOCIAL_ROUTES,
    postTelegramConnectRoute,
    ...FARCASTER_ROUTES,
    ...PASSKEY_SIGN_IN_ROUTES,
  ].map((route) => route.getRoutingPath()),
)
/** Of those, the ones that mail `body.email` */
export const MAILING_AUTH_PATHS = new Set<string>(
  [postEmailRoute, postEmailChangeRoute].map((r) => r.getRoutingPath()),
)
