import { DEFAULT_REMOTE_FEATURES, DEFAULT_SOCIALS } from '../constants.ts'
import type { SocialProvider } from '../storage/storageEntries.ts'

/** §7 GET /appkit/v1/config `features`. A field the service leaves out (or sends malformed) is absent. */
export interface RemoteFeatures {
  swaps?: boolean
  onramp?: boolean
  email?: boolean
  socials?: string[] | false
  activity?: boolean
  emailCapture?: boolean
}

// Small and pure on purpose: appkit.ts imports it in the first load to give the features store
// its state before the remote config (remoteConfig.ts, loaded lazily) answers.

/** The features the modal acts on, after code, remote config and §5 rules are applied. */
export interface Features {
  swaps: boolean
  onramp: boolean
  email: boolean
  /** The providers to offer, in order; false when social login is off. */
  socials: SocialProvider[] | false
  activity: boolean
  emailCapture: boolean
  pay: boolean
}

/** The `features` option: what the app sets in code. Unset (undefined) means "no opinion". */
export interface CodeFeatures {
  swaps?: boolean
  onramp?: boolean
  email?: boolean
  socials?: readonly SocialProvider[] | false
  activity?: boolean
  emailCapture?: boolean
  pay?: boolean
  /** AppKit's name for `activity`; `activity` wins when both are set. */
  history?: boolean
  /**
   * AppKit's other feature keys, read where they act: the Connect view (connectLayout.ts), the
   * Account view (receive, send, walletFeaturesOrder). `analytics`, `smartSessions` and
   * `reownAuthentication` are accepted only; with `debug` each one set is logged once
   * (docs/migrating.md).
   */
  receive?: boolean
  send?: boolean
  emailShowWallets?: boolean
  analytics?: boolean
  allWallets?: boolean
  legalCheckbox?: boolean
  smartSessions?: boolean
  collapseWallets?: boolean
  walletFeaturesOrder?: readonly string[]
  connectMethodsOrder?: readonly string[]
  connectorTypeOrder?: readonly string[]
  reownAuthentication?: boolean
  headless?: boolean
}

/** Where the features came from: `pending` until the remote config answers, or when not started. */
export type RemoteConfigStatus = 'pending' | 'loaded' | 'failed'

export interface FeaturesState {
  features: Features
  remote: RemoteConfigStatus
}

const BOOLEAN_FEATURES = ['swaps', 'onramp', 'email', 'activity', 'emailCapture'] as const

/** Known providers only (the UI has a button for each), in the given order, without repeats. */
function toSocials(value: unknown): SocialProvider[] | false | undefined {
  if (value === false) return false
  if (!Array.isArray(value)) return undefined
  const known = DEFAULT_SOCIALS as readonly string[]
  const socials = value.filter(
    (s): s is SocialProvider => typeof s === 'string' && known.includes(s),
  )
  return [...new Set(socials)]
}

function toBoolean(value: unknown): boolean | undefined {
  return typeof value === 'boolean' ? value : undefined
}

/**
 * Precedence, per feature:
 * 1. what the app sets in code (`features` option) wins;
 * 2. a feature the app leaves unset takes the remote config's value (GET /appkit/v1/config);
 * 3. without a remote answer for it, the spec's default (§1, DEFAULT_REMOTE_FEATURES).
 * A value of the wrong type counts as unset. `pay` is code-only (default off), and when it
 * is on, email and socials are off whatever their source (§5).
 */
export function resolveFeatures(
  codeFeatures: CodeFeatures | undefined,
  remoteFeatures: RemoteFeatures | undefined,
): Features {
  const code: Record<string, unknown> = { ...codeFeatures }
  if (code.activity === undefined) code.activity = code.history
  const remote: Record<string, unknown> = { ...remoteFeatures }
  const features: Features = {
    swaps: DEFAULT_REMOTE_FEATURES.swaps,
    onramp: DEFAULT_REMOTE_FEATURES.onramp,
    email: DEFAULT_REMOTE_FEATURES.email,
    socials: [...DEFAULT_REMOTE_FEATURES.socials],
    activity: DEFAULT_REMOTE_FEATURES.activity,
    emailCapture: DEFAULT_REMOTE_FEATURES.emailCapture,
    pay: toBoolean(code.pay) ?? false,
  }
  for (const key of BOOLEAN_FEATURES) {
    features[key] = toBoolean(code[key]) ?? toBoolean(remote[key]) ?? features[key]
  }
  features.socials = toSocials(code.socials) ?? toSocials(remote.socials) ?? features.socials
  if (features.pay) {
    features.email = false
    features.socials = false
  }
  return features
}

export function initialFeaturesState(codeFeatures: CodeFeatures | undefined): FeaturesState {
  return { features: resolveFeatures(codeFeatures, undefined), remote: 'pending' }
}
