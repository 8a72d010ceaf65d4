// Sign In With Farcaster's routes (README "Farcaster login"): the frame starts a sign-in at the
// relay and shows its URL as a QR code; the person signs in their Farcaster client; the frame
// polls connect until the relay has the signed message, which the server verifies on chain.
import { createRoute, z } from '@hono/zod-openapi'
import {
  AUTH_PKCE_CHALLENGE,
  AUTH_PKCE_VERIFIER,
  FARCASTER_CHANNEL_TOKEN_MAX_LENGTH,
} from '../../constants/auth.ts'
import { body, CommonQuery, error, guarded, json, UserSchema } from '../schemas.ts'

const notConfigured =
  "Bad input, or the server has no Farcaster relay ('Farcaster login is not configured')"
const relayFailed = error('The relay (or the IdRegistry chain) could not be reached')

export const postFarcasterStartRoute = createRoute({
  method: 'post',
  path: '/auth/v1/farcaster/start',
  summary:
    'Starts a Sign In With Farcaster: a relay channel whose URL the frame shows as a QR code',
  request: {
    query: CommonQuery,
    body: body(
      z.object({
        codeChallenge: z
          .string()
          .regex(AUTH_PKCE_CHALLENGE, { error: 'must be a PKCE S256 challenge' })
          .openapi({
            description: 'S256 of a PKCE code verifier only the frame holds (RFC 7636)',
          }),
      }),
    ),
  },
  responses: {
    200: json(
      z.object({
        url: z.string().openapi({ description: "The relay's sign-in URL, shown as a QR code" }),
        channelToken: z.string().openapi({ description: 'What connect is polled with' }),
        expiresAt: z.string().openapi({ description: 'Connect before this (ISO 8601)' }),
      }),
      'The sign-in started',
    ),
    ...guarded,
    400: error(notConfigured),
    502: relayFailed,
  },
})

export const postFarcasterConnectRoute = createRoute({
  method: 'post',
  path: '/auth/v1/farcaster/connect',
  summary:
    'Completes a Sign In With Farcaster once signed (202 until then); creates the user if new',
  request: {
    query: CommonQuery,
    body: body(
      z.object({
        channelToken: z.string().min(1).max(FARCASTER_CHANNEL_TOKEN_MAX_LENGTH),
        codeVerifier: z
          .string()
          .regex(AUTH_PKCE_VERIFIER, { error: 'must be a PKCE code verifier' })
          .openapi({ description: "The verifier of start's codeChallenge" }),
      }),
    ),
  },
  responses: {
    200: json(z.object({ token: z.string(), user: UserSchema }), 'Signed in'),
    202: json(z.object({ state: z.literal('pending') }), 'Not signed yet: ask again'),
    ...guarded,
    400: error(notConfigured),
    401: error('The signed message does not prove the fid for this sign-in (Failed to connect)'),
    410: error('Unknown, used or expired sign-in, or not this verifier (Failed to connect)'),
    502: relayFailed,
  },
})

/** The Farcaster routes: they take projectId (project, frame CORS, rate limits) */
export const FARCASTER_ROUTES = [postFarcasterStartRoute, postFarcasterConnectRoute]
