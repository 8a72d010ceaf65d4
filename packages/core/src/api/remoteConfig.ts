import type { StoreApi } from 'zustand/vanilla'
import type { SetupAlertCode } from '../errors.ts'
import { type ApiClient, setupAlertCodeFor } from './api.ts'
import type { RemoteFeatures } from './features.ts'
import { type CodeFeatures, type FeaturesState, resolveFeatures } from './features.ts'

// The precedence itself is the pure `resolveFeatures` of features.ts: the instance needs it in
// its first load (for the features store's initial state) and this module is loaded lazily.

export interface RemoteConfigContext {
  api: Pick<ApiClient, 'getConfig'>
  raise(code: SetupAlertCode): void
}

/**
 * §7 GET /appkit/v1/config → the remote features, or undefined when it failed. Failures raise
 * a §8 alert: APKT008 when the project ID is missing (the client makes no request then),
 * APKT007 for an unknown project (403), APKT010 when rate limited, APKT009 otherwise.
 */
export async function fetchRemoteFeatures(
  ctx: RemoteConfigContext,
): Promise<RemoteFeatures | undefined> {
  try {
    return (await ctx.api.getConfig()).features
  } catch (error) {
    ctx.raise(setupAlertCodeFor(error, 'APKT009'))
    return undefined
  }
}

/**
 * Fetches the remote config once and puts the resolved features in the store (see
 * `resolveFeatures` for the precedence); on failure the store keeps code + defaults.
 */
export async function loadRemoteFeatures(
  ctx: RemoteConfigContext & {
    codeFeatures: CodeFeatures | undefined
    store: StoreApi<FeaturesState>
  },
): Promise<void> {
  const remote = await fetchRemoteFeatures(ctx)
  ctx.store.setState({
    features: resolveFeatures(ctx.codeFeatures, remote),
    remote: remote ? 'loaded' : 'failed',
  })
}
