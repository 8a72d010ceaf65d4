// The protocol's field shapes and the enumerations its payloads use (see ../protocol.ts).
import * as z from 'zod/mini'

const MAX_TEXT = 256

export const text = (max = MAX_TEXT) => z.string().check(z.maxLength(max))
export const requestId = z.string().check(z.regex(/^[0-9a-f-]{36}$/i))
export const chainId = z.union([
  z.number().check(z.int(), z.positive()),
  text(64).check(z.regex(/^[-_a-zA-Z0-9]{1,64}$/)),
])
export const httpUrl = text(2048).check(z.regex(/^https?:\/\/[^\s]+$/))
export const otp = text(16).check(z.regex(/^[0-9]{4,10}$/))
export const empty = z.object({})

/** §5 Chain namespaces of the embedded wallet */
export const EMBEDDED_NAMESPACES = ['eip155', 'solana', 'polkadot', 'bip122', 'cosmos'] as const
/** §3 Account types */
export const ACCOUNT_TYPES = ['eoa', 'smartAccount'] as const
/** §5 Social providers */
export const SOCIAL_PROVIDERS = ['google', 'github', 'apple', 'facebook', 'x', 'discord'] as const
/** Who vouched for a user signed in without email: a social provider, Farcaster or Telegram */
export const LOGIN_PROVIDERS = [...SOCIAL_PROVIDERS, 'farcaster', 'telegram'] as const
/** §5 Action after email connect */
export const EMAIL_ACTIONS = ['VERIFY_DEVICE', 'VERIFY_OTP', 'CONNECT'] as const
/** §5 Email change actions */
export const EMAIL_CHANGE_ACTIONS = ['VERIFY_PRIMARY_OTP', 'VERIFY_SECONDARY_OTP'] as const

/**
 * §3 Sign-in message data (SIWX). Sent with APP_CONNECT_SOCIAL without an account (the frame
 * fills in the one it signs in), and answered in the user's `siwxMessage`, account filled in.
 */
export const SiwxMessageSchema = z.object({
  accountAddress: z.optional(text(128)),
  chainId: text(64),
  domain: text(256),
  uri: text(2048),
  version: text(16),
  nonce: text(128),
  issuedAt: text(64),
  statement: z.optional(text(2048)),
  expirationTime: z.optional(text(64)),
  notBefore: z.optional(text(64)),
  requestId: z.optional(text(256)),
  resources: z.optional(z.array(text(2048)).check(z.maxLength(64))),
})
export type SiwxMessage = z.infer<typeof SiwxMessageSchema>

/** §3 Embedded-wallet user. `address` is the EVM account; `accounts` has one per namespace. */
export const UserSchema = z.object({
  email: z.nullable(z.optional(text(320))),
  address: text(128),
  chainId,
  accounts: z.array(
    z.object({
      address: text(128),
      type: z.enum(['EOA', 'SMART_ACCOUNT']),
      namespace: z.optional(z.enum(EMBEDDED_NAMESPACES)),
    }),
  ),
  userName: z.optional(z.nullable(text(256))),
  preferredAccountType: z.optional(z.enum(ACCOUNT_TYPES)),
  signature: z.optional(text(1024)),
  message: z.optional(text(8192)),
  smartAccountDeployed: z.boolean(),
  siwxMessage: z.optional(SiwxMessageSchema),
  /** The Solana account (base58), when the frame holds a Solana key */
  solanaAddress: z.optional(text(64)),
  /** Social login: the provider the visitor signed in with */
  socialProvider: z.optional(z.enum(LOGIN_PROVIDERS)),
})
export type EmbeddedUser = z.infer<typeof UserSchema>
