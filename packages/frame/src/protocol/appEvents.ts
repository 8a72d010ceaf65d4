// App events (host -> frame) and their replies: the table both sides parse against.
import * as z from 'zod/mini'
import {
  ACCOUNT_TYPES,
  chainId,
  EMAIL_ACTIONS,
  EMAIL_CHANGE_ACTIONS,
  EMBEDDED_NAMESPACES,
  empty,
  httpUrl,
  otp,
  SiwxMessageSchema,
  SOCIAL_PROVIDERS,
  text,
  UserSchema,
} from './fields.ts'

/** What the page sends with a social login: the network it is on, and its sign-in (§4) */
const socialLogin = {
  preferredAccountType: z.optional(z.enum(ACCOUNT_TYPES)),
  chainId: z.optional(chainId),
  siwxMessage: z.optional(SiwxMessageSchema),
  rpcUrl: z.optional(httpUrl),
}

/** A passkey as the frame tells the page of it (issue 30): no key material, only its labels */
const Passkey = z.object({
  id: text(1024),
  name: z.nullable(text(256)),
  backedUp: z.boolean(),
  createdAt: text(64),
  lastUsedAt: z.nullable(text(64)),
})
export type PasskeyItem = z.infer<typeof Passkey>
const passkeyList = z.object({ passkeys: z.array(Passkey).check(z.maxLength(64)) })

/**
 * App events (host -> frame), §7: the payload of each, and the payload of its
 * FRAME_<name>_SUCCESS reply. Errors are FRAME_<name>_ERROR { message }.
 */
export const AppEvents = {
  APP_SWITCH_NETWORK: {
    request: z.object({ chainId, rpcUrl: z.optional(httpUrl) }),
    reply: z.object({ chainId }),
  },
  APP_CONNECT_EMAIL: {
    request: z.object({ email: text(320) }),
    reply: z.object({ action: z.enum(EMAIL_ACTIONS) }),
  },
  APP_CONNECT_DEVICE: { request: empty, reply: empty },
  APP_CONNECT_OTP: { request: z.object({ otp }), reply: empty },
  APP_CONNECT_SOCIAL: {
    request: z.object({ uri: text(4096), ...socialLogin }),
    reply: UserSchema,
  },
  /** Inside a Telegram Mini App: the initData Telegram gave it signs the Telegram user in */
  APP_CONNECT_TELEGRAM: {
    request: z.object({
      initData: text(4096),
      preferredAccountType: z.optional(z.enum(ACCOUNT_TYPES)),
      chainId: z.optional(chainId),
      rpcUrl: z.optional(httpUrl),
    }),
    reply: UserSchema,
  },
  /** A Farcaster relay channel's URL, which the host shows as a QR code (or opens on a phone) */
  APP_GET_FARCASTER_URI: { request: empty, reply: z.object({ url: text(4096) }) },
  /** Waits until the visitor signed in with Farcaster on that channel; then as APP_CONNECT_SOCIAL */
  APP_CONNECT_FARCASTER: { request: z.object(socialLogin), reply: UserSchema },
  /** Issue 30: the frame shows its card; its button signs in with a passkey, then as social */
  APP_CONNECT_PASSKEY: { request: z.object(socialLogin), reply: UserSchema },
  /** The signed-in user's passkeys */
  APP_GET_PASSKEYS: { request: empty, reply: passkeyList },
  /** The frame shows its card; its button creates a passkey for the user. Answers the list */
  APP_ADD_PASSKEY: { request: empty, reply: passkeyList },
  /** Takes the passkey card down (the visitor left the modal's view); its request is refused */
  APP_CANCEL_PASSKEY: { request: empty, reply: empty },
  APP_REMOVE_PASSKEY: {
    request: z.object({ id: text(1024).check(z.regex(/^[A-Za-z0-9_-]+$/)) }),
    reply: passkeyList,
  },
  /**
   * Issue 30: the frame's card shows the key of `namespace` after the visitor confirms its
   * warning; answers when the card closes. The key never crosses: the reply is empty
   */
  APP_EXPORT_KEY: {
    request: z.object({ namespace: z.enum(['eip155', 'solana']) }),
    reply: empty,
  },
  /** Takes the export card down (the visitor left the modal's view) */
  APP_CANCEL_EXPORT: { request: empty, reply: empty },
  APP_GET_USER: { request: z.object({ chainId: z.optional(chainId) }), reply: UserSchema },
  APP_GET_SOCIAL_REDIRECT_URI: {
    request: z.object({ provider: z.enum(SOCIAL_PROVIDERS) }),
    reply: z.object({ uri: text(4096) }),
  },
  APP_SIGN_OUT: { request: empty, reply: empty },
  /** Every session of the user ends, on every device; this frame signs out too */
  APP_SIGN_OUT_EVERYWHERE: { request: empty, reply: empty },
  APP_IS_CONNECTED: {
    request: z.object({ token: z.optional(text(128)) }),
    reply: z.object({ isConnected: z.boolean() }),
  },
  APP_GET_CHAIN_ID: { request: empty, reply: z.object({ chainId }) },
  APP_GET_SMART_ACCOUNT_ENABLED_NETWORKS: {
    request: empty,
    reply: z.object({ smartAccountEnabledNetworks: z.array(z.number()) }),
  },
  APP_INIT_SMART_ACCOUNT: {
    request: empty,
    reply: z.object({ address: text(128), isDeployed: z.boolean() }),
  },
  APP_SET_PREFERRED_ACCOUNT: {
    request: z.object({ type: z.enum(ACCOUNT_TYPES) }),
    reply: z.object({ type: z.enum(ACCOUNT_TYPES), address: text(128) }),
  },
  APP_RPC_REQUEST: {
    request: z.object({
      method: text(64).check(z.regex(/^[a-zA-Z0-9_]+$/)),
      params: z.optional(z.unknown()),
      chainId: z.optional(chainId),
      chainNamespace: z.optional(z.enum(EMBEDDED_NAMESPACES)),
      rpcUrl: z.optional(httpUrl),
    }),
    reply: z.object({ result: z.unknown() }),
  },
  APP_UPDATE_EMAIL: {
    request: z.object({ email: text(320) }),
    reply: z.object({ action: z.enum(EMAIL_CHANGE_ACTIONS) }),
  },
  APP_UPDATE_EMAIL_PRIMARY_OTP: {
    request: z.object({ otp }),
    reply: z.object({ action: z.enum(EMAIL_CHANGE_ACTIONS) }),
  },
  APP_UPDATE_EMAIL_SECONDARY_OTP: {
    request: z.object({ otp }),
    reply: z.object({ email: text(320) }),
  },
  APP_SYNC_THEME: {
    request: z.object({
      themeMode: z.optional(z.enum(['light', 'dark'])),
      themeVariables: z.optional(z.record(text(64), z.union([text(256), z.number()]))),
      /** Ours: the language the modal shows (BCP 47), which the frame's cards follow */
      locale: z.optional(z.string().check(z.regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8}){0,3}$/))),
    }),
    reply: empty,
  },
  APP_SYNC_DAPP_DATA: {
    request: z.object({
      projectId: z.optional(text(64)),
      sdkVersion: z.optional(text(64)),
      sdkType: z.optional(text(64)),
      metadata: z.optional(
        z.object({
          name: z.optional(text()),
          description: z.optional(text(1024)),
          url: z.optional(text(2048)),
          icons: z.optional(z.array(text(2048)).check(z.maxLength(8))),
        }),
      ),
    }),
    reply: empty,
  },
  APP_RELOAD: { request: empty, reply: empty },
  APP_RPC_ABORT: { request: empty, reply: empty },
} as const

export type AppEventType = keyof typeof AppEvents
export type AppRequest<T extends AppEventType> = z.infer<(typeof AppEvents)[T]['request']>
export type AppReply<T extends AppEventType> = z.infer<(typeof AppEvents)[T]['reply']>

export const APP_EVENT_TYPES = Object.keys(AppEvents) as AppEventType[]

/** FRAME_CONNECT_EMAIL_SUCCESS for APP_CONNECT_EMAIL, and so on. */
export function successType(type: AppEventType): string {
  return `FRAME_${type.slice('APP_'.length)}_SUCCESS`
}
export function errorType(type: AppEventType): string {
  return `FRAME_${type.slice('APP_'.length)}_ERROR`
}
