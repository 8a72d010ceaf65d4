// The embedded wallet's postMessage protocol (spec §7 "Embedded wallet"): one module that both
// the host page's client and the frame app import, so neither side trusts a shape the other
// did not promise. Every message crossing the window boundary is parsed here first.
import * as z from 'zod/mini'

/** Marks our messages among everything else a window receives (extensions, other libraries). */
export const CHANNEL = 'latchkey-frame'
/** Protocol version; the frame answers FRAME_READY with it and the host checks it. */
export const PROTOCOL_VERSION = 1

const MAX_TEXT = 256
/** Big enough for typed data and batched calls, small enough that nobody can flood a side. */
export const MAX_MESSAGE_BYTES = 256 * 1024

const text = (max = MAX_TEXT) => z.string().check(z.maxLength(max))
const requestId = z.string().check(z.regex(/^[0-9a-f-]{36}$/i))
const chainId = z.union([
  z.number().check(z.int(), z.positive()),
  text(64).check(z.regex(/^[-_a-zA-Z0-9]{1,64}$/)),
])
const httpUrl = text(2048).check(z.regex(/^https?:\/\/[^\s]+$/))
const otp = text(16).check(z.regex(/^[0-9]{4,10}$/))

/** §5 Chain namespaces of the embedded wallet */
export const EMBEDDED_NAMESPACES = ['eip155', 'solana', 'polkadot', 'bip122', 'cosmos'] as const
/** §3 Account types */
export const ACCOUNT_TYPES = ['eoa', 'smartAccount'] as const
/** §5 Social providers */
export const SOCIAL_PROVIDERS = ['google', 'github', 'apple', 'facebook', 'x', 'discord'] as const
/** Who vouched for a user signed in without email: a social provider, or Telegram */
export const LOGIN_PROVIDERS = [...SOCIAL_PROVIDERS, 'telegram'] as const
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

const empty = z.object({})

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
    request: z.object({
      uri: text(4096),
      preferredAccountType: z.optional(z.enum(ACCOUNT_TYPES)),
      chainId: z.optional(chainId),
      siwxMessage: z.optional(SiwxMessageSchema),
      rpcUrl: z.optional(httpUrl),
    }),
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
  APP_GET_FARCASTER_URI: { request: empty, reply: z.object({ url: text(4096) }) },
  APP_CONNECT_FARCASTER: { request: empty, reply: UserSchema },
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

/** A request from the host: { channel, type, id, payload }. */
export interface AppMessage<T extends AppEventType = AppEventType> {
  channel: typeof CHANNEL
  type: T
  id: string
  payload: AppRequest<T>
}

const Envelope = z.object({
  channel: z.literal(CHANNEL),
  type: text(64),
  id: z.optional(requestId),
  payload: z.optional(z.unknown()),
})

function withinSize(data: unknown): boolean {
  try {
    return JSON.stringify(data).length <= MAX_MESSAGE_BYTES
  } catch {
    return false
  }
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; reason: string }

/** The size limit, then the envelope every message of the protocol has */
function parseEnvelope(data: unknown): Parsed<z.infer<typeof Envelope>> {
  if (!withinSize(data)) return { ok: false, reason: 'message too large or not serialisable' }
  const envelope = Envelope.safeParse(data)
  if (!envelope.success) return { ok: false, reason: 'not a frame protocol message' }
  return { ok: true, value: envelope.data }
}

/** What the frame accepts: a known app event with a request id and a valid payload. */
export function parseAppMessage(data: unknown): Parsed<AppMessage> {
  const envelope = parseEnvelope(data)
  if (!envelope.ok) return envelope
  const { type, id, payload } = envelope.value
  // Own keys only: `type in AppEvents` is also true for 'constructor', 'toString', '__proto__'.
  if (!Object.hasOwn(AppEvents, type)) return { ok: false, reason: `unknown app event ${type}` }
  if (!id) return { ok: false, reason: `${type} without a request id` }
  const schema = AppEvents[type as AppEventType].request
  const parsed = schema.safeParse(payload ?? {})
  if (!parsed.success) return { ok: false, reason: `invalid ${type} payload` }
  return {
    ok: true,
    value: { channel: CHANNEL, type: type as AppEventType, id, payload: parsed.data as never },
  }
}

/** Messages the frame sends on its own, without a request. */
export const FrameSignals = {
  FRAME_READY: z.object({ version: z.number() }),
  FRAME_HEARTBEAT: empty,
  /** The embedding page's origin is not one the project allows: the frame will not answer it. */
  FRAME_UNVERIFIED_DOMAIN: empty,
} as const
export type FrameSignalType = keyof typeof FrameSignals

export type FrameMessage =
  | { kind: 'signal'; type: FrameSignalType; payload: unknown }
  | { kind: 'success'; request: AppEventType; id: string; payload: unknown }
  | { kind: 'error'; request: AppEventType; id: string; message: string; code?: number }

const ErrorPayload = z.object({ message: text(1024), code: z.optional(z.number()) })

/**
 * What the host accepts. A success reply's payload is checked against the schema of the request
 * it answers (`expected`), so a reply to APP_GET_USER cannot arrive shaped like anything else.
 */
export function parseFrameMessage(
  data: unknown,
  expected?: (id: string) => AppEventType | undefined,
): Parsed<FrameMessage> {
  const envelope = parseEnvelope(data)
  if (!envelope.ok) return envelope
  const { type, id, payload } = envelope.value
  if (Object.hasOwn(FrameSignals, type)) {
    const parsed = FrameSignals[type as FrameSignalType].safeParse(payload ?? {})
    if (!parsed.success) return { ok: false, reason: `invalid ${type} payload` }
    return {
      ok: true,
      value: { kind: 'signal', type: type as FrameSignalType, payload: parsed.data },
    }
  }
  const match = /^FRAME_([A-Z_]+)_(SUCCESS|ERROR)$/.exec(type)
  const request = match && (`APP_${match[1]}` as AppEventType)
  if (!match || !request || !Object.hasOwn(AppEvents, request)) {
    return { ok: false, reason: `unknown frame event ${type}` }
  }
  if (!id) return { ok: false, reason: `${type} without a request id` }
  if (expected && expected(id) !== request) {
    return { ok: false, reason: `${type} answers no pending ${request}` }
  }
  if (match[2] === 'ERROR') {
    const parsed = ErrorPayload.safeParse(payload)
    if (!parsed.success) return { ok: false, reason: `invalid ${type} payload` }
    return { ok: true, value: { kind: 'error', request, id, ...parsed.data } }
  }
  const parsed = AppEvents[request].reply.safeParse(payload ?? {})
  if (!parsed.success) return { ok: false, reason: `invalid ${type} payload` }
  return { ok: true, value: { kind: 'success', request, id, payload: parsed.data } }
}

// ---- RPC rules (§6) ----

/** §6 Safe: read-only eth_* methods, and these. They go straight to the chain. */
const SAFE_METHODS = new Set([
  'wallet_getCapabilities',
  'wallet_getCallsStatus',
  'wallet_getAssets',
  'eth_sendRawTransaction',
  'eth_getUserOperationByHash',
  'eth_getUserOperationReceipt',
  'eth_supportedEntryPoints',
  'eth_estimateUserOperationGas',
])

/** §6 Not safe: the visitor approves each inside the frame. */
export const UNSAFE_METHODS = new Set([
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'solana_signMessage',
  'solana_signTransaction',
  'solana_signAllTransactions',
  'solana_signAndSendTransaction',
  'wallet_sendCalls',
  'wallet_grantPermissions',
  'wallet_revokePermissions',
  'eth_sendUserOperation',
])

/** eth_* methods that read the chain (nothing that signs or holds keys). */
const READ_ONLY_ETH = new Set([
  'eth_accounts',
  'eth_blockNumber',
  'eth_call',
  'eth_chainId',
  'eth_estimateGas',
  'eth_feeHistory',
  'eth_gasPrice',
  'eth_getBalance',
  'eth_getBlockByHash',
  'eth_getBlockByNumber',
  'eth_getBlockTransactionCountByHash',
  'eth_getBlockTransactionCountByNumber',
  'eth_getCode',
  'eth_getFilterChanges',
  'eth_getFilterLogs',
  'eth_getLogs',
  'eth_getProof',
  'eth_getStorageAt',
  'eth_getTransactionByBlockHashAndIndex',
  'eth_getTransactionByBlockNumberAndIndex',
  'eth_getTransactionByHash',
  'eth_getTransactionCount',
  'eth_getTransactionReceipt',
  'eth_maxPriorityFeePerGas',
  'eth_newBlockFilter',
  'eth_newFilter',
  'eth_syncing',
  'eth_uninstallFilter',
  'eth_blobBaseFee',
  'net_version',
  'web3_clientVersion',
])

export type RpcClass = 'safe' | 'unsafe' | 'forbidden'

/** §6: safe → the chain; unsafe → approval in the frame; anything else is not allowed. */
export function classifyRpcMethod(method: string): RpcClass {
  if (UNSAFE_METHODS.has(method)) return 'unsafe'
  if (SAFE_METHODS.has(method) || READ_ONLY_ETH.has(method)) return 'safe'
  return 'forbidden'
}

/** §6, §8 */
export const RPC_NOT_ALLOWED = 'Requested RPC call is not allowed'
/** §8 */
export const REQUEST_ABORTED = 'Request was aborted'
/** §8 Rejection default text */
export const USER_REJECTED = 'User rejected the request'
