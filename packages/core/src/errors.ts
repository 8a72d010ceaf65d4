import { REJECTION_CODES, REJECTION_MESSAGE_FRAGMENTS } from './constants.ts'

/** Every user-facing error text, each citing its section of the spec. */
export const ErrorText = {
  // §4 States and transitions
  /** §4 SIWX: signing failed (toast) */
  errorSigningMessage: 'Error signing message',
  /** §4 SIWX: init failure; the spec's wording, kept as is */
  siwxInitFailed: 'A problem occurred while trying initialize authentication',
  /** Ours: §4 DataCapture with a provider that cannot prove the account to the server */
  emailCaptureNeedsServerSIWX:
    'Email capture needs a sign-in the server verifies (ServerSIWX): it stores emails only for proven accounts',

  // §5 Validation rules
  /** §5 EVM chain id not below 2147483648 for name registration */
  invalidChainId: 'Invalid chainId',
  /** §5 CAIP address validation */
  invalidCaipAddress: 'Invalid CAIP Address',
  /** §5 CAIP-10 address parsing */
  invalidCaip10Address: (value: string) => `Invalid CAIP-10 address: ${value}`,
  /** §5 CAIP-2 network id parsing */
  invalidCaip2NetworkId: (value: string) => `Invalid CAIP-2 network id: ${value}`,
  /** §5 Send without amount or receiver */
  amountAndReceiverRequired: 'An amount and receiver address are required',
  /** §5 Send without token */
  tokenRequired: 'A token is required',
  /** §5 Send: the receiver is not an address of the active namespace (wording is ours) */
  invalidReceiver: 'Invalid receiver address',
  /** §5 Send on a chain other than EVM or Solana */
  unsupportedChain: 'Unsupported chain',
  /** §5 Email warning */
  invalidEmail: 'Please enter a valid email address',
  /** §5 One-time code is a string (of digits, as mailed); the wording is ours */
  invalidOtp: 'Enter the code from the email',
  /** §5 Email change done; the wording is ours */
  emailUpdated: (email: string) => `Email changed to ${email}`,

  // §6 Roles and permissions
  /** §6 Disallowed RPC call */
  rpcNotAllowed: 'Requested RPC call is not allowed',
  /** §6 UI message for a disallowed RPC call */
  actionNotAllowed: 'Action not allowed',

  // §8 Error catalogue
  /** §8 Activity: error toast, history marked empty */
  failedToFetchTransactions: 'Failed to fetch transactions',
  /** §8 Balance failure or unsupported network */
  tokenBalanceUnavailable: 'Token Balance Unavailable',
  /** §8 Email login within the 30 s cooldown */
  tryAgainAfter: (seconds: number) => `Please try again after ${seconds} seconds`,
  /** §8 Swaps: gas price on an unsupported network */
  gasPriceNetworkNotSupported: 'Network not supported for Gas Price',
  /** §8 Swaps on an unsupported network */
  swapsNetworkNotSupported: 'Network not supported for Swaps',
  /** §8 Non-OK HTTP responses */
  httpStatus: (status: number) => `HTTP status code: ${status}`,
  /** §7 A service answered with a body of the wrong shape; the wording is ours */
  malformedResponse: (path: string) => `Malformed response from ${path}`,
  /** §7 A service could not be reached at all (no HTTP answer); the wording is ours */
  requestFailed: (path: string) => `Request to ${path} failed`,
  /** §8 Registration without an active network */
  networkNotFound: 'Network not found',
  /** §8 Registration without address or auth connector */
  addressOrAuthConnectorNotFound: 'Address or auth connector not found',
  /** §8 Names: lookup failed */
  errorResolvingName: 'Error resolving name',
  /** §8 Names: suggestions failed */
  errorFetchingNameSuggestions: 'Error fetching name suggestions',
  /** §8 Names: reverse lookup failed */
  errorFetchingNamesForAddress: 'Error fetching names for address',
  /** §8 Names: registration failed and the API gave no reason */
  errorRegisteringName: (name: string) => `Error registering name ${name}`,
  /** §8 SIWX */
  siwxNotEnabled: 'SIWX is not enabled',
  /** §8 SIWX */
  noActiveCaipAddress: 'No ActiveCaipAddress found',
  /** §8 SIWX */
  noActiveCaipNetworkOrClient: 'No ActiveCaipNetwork or client found',
  /** §8 SIWX */
  noConnectionControllerClient: 'No ConnectionController client found',
  /** §8 Rejection default */
  userRejected: 'User rejected the request',
  /** §8 Provider text mapped to APKT002 */
  providerOriginNotAllowed: 'Unauthorized: origin not allowed',
  /** §8 Provider text mapped to APKT006 */
  providerJwtNotYetValid: 'JWT validation error: JWT Token is not yet valid',
  /** §8 Provider text mapped to APKT007 */
  providerInvalidKey: 'Unauthorized: invalid key',
  /** §8 Swaps: when the reason says so */
  insufficientLiquidity: 'Insufficient liquidity',
  /** §8 Others */
  callConnectBeforeRequest: 'Please call connect() before request()',
  /** §8 Others */
  callStatusNotApproved: 'Fetching call status not approved by the wallet.',
  /** §8 Others */
  emailLoginDependencyFailed: 'Unable to load email login dependency',
  /** §8 Others: "chain-not-approved message on failed switch"; the wording is ours */
  chainNotApproved: (caipNetworkId: string) => `Chain ${caipNetworkId} is not approved`,
  /** §8 Others */
  requestAborted: 'Request was aborted',
  /** §8 Others */
  somethingWentWrong: 'Something went wrong',
  /** §8 Others */
  anErrorOccurred: 'An error occurred',
  /** §8 Others */
  modalClosed: 'Modal closed',
  /** §8 Others */
  connectionRejected: 'Connection rejected',
  /** §8 Others */
  failedToConnect: 'Failed to connect',
  /** §8 Others */
  popupClosed: 'Popup closed',
  /** §8 Others */
  failedToInitiateSocialConnection: 'Failed to initiate social connection',
  /** §8 Others */
  failedToConnectToFarcaster: 'Failed to connect to farcaster',
  /** §8 Others */
  untrustedOrigin: 'Untrusted Origin',
  /** §8 Others */
  noAuthConnector: 'No auth connector found',
  /** §8 Others */
  notConnectedToEmailOrSocial: 'Not connected to email or social',
} as const

export interface SetupAlert {
  code: string
  shortMessage: string
  longMessage: string
}

/** §8 Setup alerts: short messages are the spec's, long messages our own. */
export const SetupAlerts = {
  APKT001: {
    code: 'APKT001',
    shortMessage: 'Network Not Found',
    longMessage: 'The selected network is not in the networks passed to createAppKit.',
  },
  APKT002: {
    code: 'APKT002',
    shortMessage: 'Invalid App Configuration',
    longMessage: "This page's origin is not allowed for the project ID. Add it to the project.",
  },
  APKT003: {
    code: 'APKT003',
    shortMessage: 'Network Error: Wallet Load Failed',
    longMessage: 'The wallet list could not be loaded. Check the connection and try again.',
  },
  APKT004: {
    code: 'APKT004',
    shortMessage: 'Wallet Request Timeout',
    longMessage: 'The wallet did not answer in time. Try again.',
  },
  APKT005: {
    code: 'APKT005',
    shortMessage: 'Unverified Domain',
    longMessage: 'This domain is not verified for the project ID.',
  },
  APKT006: {
    code: 'APKT006',
    shortMessage: 'Session Expired',
    longMessage: 'The session has expired. Check the system date and time, then reconnect.',
  },
  APKT007: {
    code: 'APKT007',
    shortMessage: 'Invalid Project ID',
    longMessage: 'The project ID was not accepted. Check it in the project settings.',
  },
  APKT008: {
    code: 'APKT008',
    shortMessage: 'Project ID Missing',
    longMessage: 'No project ID was given. Pass projectId to createAppKit.',
  },
  APKT009: {
    code: 'APKT009',
    shortMessage: 'Server Error',
    longMessage: 'Fetching the project configuration failed; default settings are used.',
  },
  APKT010: {
    code: 'APKT010',
    shortMessage: 'Rate Limited',
    longMessage: 'Too many requests for this project. Wait a moment, then try again.',
  },
  APKTW001: {
    code: 'APKTW001',
    shortMessage: 'Inactive Namespace Not Connected',
    longMessage: 'A namespace that is not active has no connection; connect it before use.',
  },
  APKTW002: {
    code: 'APKTW002',
    shortMessage: 'Invalid Email Address',
    longMessage: 'The email address is not valid. Check it and try again.',
  },
} as const satisfies Record<string, SetupAlert>

export type SetupAlertCode = keyof typeof SetupAlerts

/** §8 Provider texts mapped to setup alerts */
const PROVIDER_TEXT_ALERTS: ReadonlyArray<readonly [string, SetupAlertCode]> = [
  [ErrorText.providerOriginNotAllowed, 'APKT002'],
  [ErrorText.providerJwtNotYetValid, 'APKT006'],
  [ErrorText.providerInvalidKey, 'APKT007'],
]

/** The setup alert for a provider's error message, if it is one of the known texts (§8). */
export function setupAlertForProviderMessage(
  message: string,
): (typeof SetupAlerts)[SetupAlertCode] | undefined {
  if (typeof message !== 'string') return undefined
  const match = PROVIDER_TEXT_ALERTS.find(([text]) => message.includes(text))
  return match ? SetupAlerts[match[1]] : undefined
}

export class AppKitError extends Error {
  readonly code?: string

  constructor(message: string, options: { code?: string; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause })
    this.name = 'AppKitError'
    if (options.code !== undefined) this.code = options.code
  }
}

/** How many `.cause` links below the error itself are inspected. */
const MAX_CAUSE_DEPTH = 5

/** Reads a property without letting a throwing getter or proxy escape. */
function readProperty(value: unknown, key: string): unknown {
  if ((typeof value !== 'object' && typeof value !== 'function') || value === null) {
    return undefined
  }
  try {
    return (value as Record<string, unknown>)[key]
  } catch {
    return undefined
  }
}

function messageOf(error: unknown): string | undefined {
  if (typeof error === 'string') return error
  const message = readProperty(error, 'message')
  return typeof message === 'string' ? message : undefined
}

function isRejectionCode(code: unknown): boolean {
  return typeof code === 'number' && (REJECTION_CODES as readonly number[]).includes(code)
}

function hasRejectionMessage(message: string | undefined): boolean {
  if (message === undefined) return false
  const lower = message.toLowerCase()
  return REJECTION_MESSAGE_FRAGMENTS.some((fragment) => lower.includes(fragment))
}

/** §8 Rejection: codes 4001, 5000, 5002 or a 'user rejected/cancelled/canceled' message. */
export function isUserRejectedError(error: unknown): boolean {
  let current: unknown = error
  for (let depth = 0; depth <= MAX_CAUSE_DEPTH; depth++) {
    if (current === null || current === undefined) return false
    if (isRejectionCode(readProperty(current, 'code'))) return true
    if (hasRejectionMessage(messageOf(current))) return true
    current = readProperty(current, 'cause')
  }
  return false
}

/**
 * The text to show for an error: the rejection default, the error's own short message (viem's
 * `shortMessage`) or message, else the fallback: §8 'An error occurred' unless the caller has a
 * better one (the embedded wallet's flows say 'Something went wrong', as the frame does).
 */
export function toUserMessage(
  error: unknown,
  fallback: string = ErrorText.anErrorOccurred,
): string {
  if (isUserRejectedError(error)) return ErrorText.userRejected
  for (const message of [readProperty(error, 'shortMessage'), messageOf(error)]) {
    if (typeof message === 'string' && message.trim() !== '') return message
  }
  return fallback
}
