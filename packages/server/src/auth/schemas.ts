// The auth routes' shared pieces (README "Embedded-wallet auth"): request fields, the user as
// the frame sees it, `{ message }` error bodies and their OpenAPI responses.
import { z } from '@hono/zod-openapi'
import { isValidEmail, OAUTH_SOCIAL_PROVIDERS } from '@latchkey/core/shared'
import type { Context } from 'hono'
import type { WalletNamespace } from '../db/authSchema.ts'
import {
  type AuthErrorBody,
  authInvalidEmail,
  authInvalidParameter,
  authOtpExpired,
  authOtpLocked,
  authWrongOtp,
} from '../errors/auth.ts'
import { commonQuery } from '../routes/params.ts'
import type { OtpOutcome } from './store/challenges.ts'
import type { UserView } from './store/users.ts'

export const CommonQuery = z.object(commonQuery)

export const EmailField = z
  .string()
  .max(254)
  .refine((value) => isValidEmail(value), { error: authInvalidEmail.message })
  .transform((value) => value.trim().toLowerCase())

export const ChallengeId = z.uuid({ error: 'must be the challengeId the server gave' })
const Otp = z.string().regex(/^\d{4,10}$/, { error: 'must be 4 to 10 digits' })
export const OtpBody = z.object({ challengeId: ChallengeId, otp: Otp })

export const WALLET_NAMESPACES = ['eip155', 'solana'] as const satisfies readonly WalletNamespace[]

export const UserSchema = z
  .object({
    email: z.string().nullable(),
    address: z.string().nullable().openapi({ description: 'The EVM (eip155) address' }),
    solanaAddress: z.string().nullable(),
    chainId: z.union([z.number(), z.string()]).nullable(),
    accounts: z.array(
      z.object({
        address: z.string(),
        type: z.literal('EOA'),
        namespace: z.enum(WALLET_NAMESPACES),
      }),
    ),
    userName: z.string().nullable(),
    socialProvider: z.enum([...OAUTH_SOCIAL_PROVIDERS, 'telegram', 'farcaster']).nullable(),
    preferredAccountType: z.enum(['eoa', 'smartAccount']),
    smartAccountDeployed: z.boolean(),
  })
  .openapi('EmbeddedWalletUser')

const AuthError = z
  .object({
    message: z.string(),
    attemptsLeft: z.number().optional(),
    retryAfter: z.number().optional(),
  })
  .openapi('AuthError')

export function json<T extends z.ZodType>(schema: T, description: string) {
  return { description, content: { 'application/json': { schema } } }
}
export const body = <T extends z.ZodType>(schema: T) => ({
  required: true,
  content: { 'application/json': { schema } },
})
export const error = (description: string) => json(AuthError, description)

export const guarded = {
  400: error('Bad input, or projectId missing (APKT008)'),
  403: error('Unknown projectId (APKT007)'),
  429: error(
    'Rate limited (APKT010), a cooldown, too many wrong codes, or the email login locked; see Retry-After',
  ),
}
export const session = { security: [{ authSession: [] }] }
export const sessionResponses = { ...guarded, 401: error('Not connected to email or social') }
export const otpResponses = {
  ...sessionResponses,
  410: error('The code has expired, was used or is unknown'),
}
export const mailResponses = { 502: error('The mail could not be sent') }

export const UserResponse = json(z.object({ user: UserSchema }), 'The user')

export const ChallengeResponse = <T extends string>(action: T) =>
  json(z.object({ action: z.literal(action), challengeId: z.string() }), 'The next step')

/** Validation failures as the frame shows them: `{ message }`. */
export function authValidationHook(
  result: { success: true } | { success: false; error: z.ZodError },
  c: Context,
) {
  if (result.success) return undefined
  const issue = result.error.issues[0]
  const name = issue?.path.map(String).join('.') || 'body'
  if (name === 'email') return c.json(authInvalidEmail, 400)
  return c.json(authInvalidParameter(name, issue?.message ?? 'is not valid'), 400)
}

/**
 * §3 Embedded-wallet user. A social user's email and userName are its provider's (a userName the
 * frame set wins); accounts list the EVM wallet, then the Solana one.
 */
export function toUser({ row, address, solanaAddress, social }: UserView) {
  const eoa = (account: string, namespace: WalletNamespace) => ({
    address: account,
    type: 'EOA' as const,
    namespace,
  })
  return {
    email: row.email ?? social?.email ?? null,
    address,
    solanaAddress,
    chainId: row.chain_id ?? null,
    accounts: [
      ...(address ? [eoa(address, 'eip155')] : []),
      ...(solanaAddress ? [eoa(solanaAddress, 'solana')] : []),
    ],
    userName: row.user_name ?? social?.userName ?? null,
    socialProvider: social?.provider ?? null,
    preferredAccountType: row.preferred_account_type,
    smartAccountDeployed: false,
  }
}

type OtpFailure = Exclude<OtpOutcome, { status: 'ok' }>

export function otpRefusal(outcome: OtpFailure): {
  body: AuthErrorBody
  status: 400 | 410 | 429
} {
  if (outcome.status === 'wrong') return { body: authWrongOtp(outcome.attemptsLeft), status: 400 }
  if (outcome.status === 'locked') return { body: authOtpLocked, status: 429 }
  return { body: authOtpExpired, status: 410 }
}
