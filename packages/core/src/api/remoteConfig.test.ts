import { describe, expect, it } from 'vitest'
import { createStore } from 'zustand/vanilla'
import type { SetupAlertCode } from '../errors.ts'
import { createApiClient } from './apiClient.ts'
import { type FeaturesState, initialFeaturesState, resolveFeatures } from './features.ts'
import { fetchRemoteFeatures, loadRemoteFeatures } from './remoteConfig.ts'

// Port 1 on loopback refuses connections: a real network failure, no stand-in.
const unreachable = (projectId = 'p') =>
  createApiClient({ apiUrl: 'http://127.0.0.1:1', projectId, sdkType: 'appkit', sdkVersion: 'v' })

describe('fetchRemoteFeatures', () => {
  it('raises APKT009 when the config cannot be fetched', async () => {
    const raised: SetupAlertCode[] = []
    const features = await fetchRemoteFeatures({ api: unreachable(), raise: (c) => raised.push(c) })
    expect(features).toBeUndefined()
    expect(raised).toEqual(['APKT009'])
  })

  it('raises APKT008, not APKT009, for an empty project ID: no request was made', async () => {
    const raised: SetupAlertCode[] = []
    await fetchRemoteFeatures({ api: unreachable(''), raise: (c) => raised.push(c) })
    expect(raised).toEqual(['APKT008'])
  })
})

describe('loadRemoteFeatures', () => {
  it('on failure keeps code features over the defaults and marks the config failed', async () => {
    const store = createStore<FeaturesState>(() => initialFeaturesState({ swaps: false }))
    await loadRemoteFeatures({
      api: unreachable(),
      raise: () => undefined,
      codeFeatures: { swaps: false },
      store,
    })
    expect(store.getState()).toEqual({
      features: resolveFeatures({ swaps: false }, undefined),
      remote: 'failed',
    })
  })
})
