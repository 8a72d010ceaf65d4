// Test support only: an instance with no services behind it (its API URL refuses at once),
// rendered around the component under test and destroyed when the test ends: a modal root
// left mounted would render again when a late refusal lands, after jsdom is gone.
import { MemoryStorage } from '@latchkey/core/internal'
import { type CaipNetwork, localChainA } from '@latchkey/core/networks'
import { act, render } from '@testing-library/react'
import type { ReactNode } from 'react'
import { onTestFinished } from 'vitest'
import { AppKitProvider } from '../context.tsx'
import { type CreateAppKitOptions, createAppKit } from '../createAppKit.ts'
import { idleEvmAdapter } from './wallets.ts'

/** An instance with no services behind it, with an idle EVM wallet, destroyed when the test ends. */
export function offlineAppKit(options: Partial<CreateAppKitOptions> = {}) {
  const appKit = createAppKit({
    networks: [localChainA],
    projectId: 'p',
    storage: new MemoryStorage(),
    apiUrl: 'http://127.0.0.1:1',
    adapters: [idleEvmAdapter],
    ...options,
  })
  onTestFinished(() => act(() => appKit.destroy()))
  return appKit
}

export function renderWithAppKit(
  node: ReactNode,
  networks: readonly [CaipNetwork, ...CaipNetwork[]] = [localChainA],
  options: Partial<CreateAppKitOptions> = {},
) {
  const appKit = createAppKit({
    networks,
    projectId: 'p',
    storage: new MemoryStorage(),
    apiUrl: 'http://127.0.0.1:1',
    ...options,
  })
  onTestFinished(() => act(() => appKit.destroy()))
  render(<AppKitProvider instance={appKit}>{node}</AppKitProvider>)
  return appKit
}
