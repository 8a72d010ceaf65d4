// Test support only: an instance whose one EVM wallet (MetaMask, as discovered) answers as the
// test scripts it (core's scriptedAdapter), with nothing behind its services, destroyed at
// once so nothing starts later; `node` rendered inside it. `options`: the app's other options
// (siwx, metadata, ...).
import { MemoryStorage } from '@latchkey/core/internal'
import { type CaipNetwork, localChainA } from '@latchkey/core/networks'
import { render } from '@testing-library/react'
import type { ReactNode } from 'react'
import { scriptedAdapter } from '../../../core/src/testing/scriptedAdapter.ts'
import { AppKitProvider } from '../context.tsx'
import { type CreateAppKitOptions, createAppKit } from '../createAppKit.ts'
import { metamask } from './wallets.ts'

export const SCRIPTED_ADDRESS = '0x1111111111111111111111111111111111111111'

/** The wallet's refusal (EIP-1193 4001) */
export const userRejection = () =>
  Object.assign(new Error('User rejected the request.'), { code: 4001 })

export function withScriptedWallet(
  networks: readonly [CaipNetwork, ...CaipNetwork[]] = [localChainA],
  options: Partial<CreateAppKitOptions> = {},
) {
  const { adapter, engine } = scriptedAdapter({
    status: 'connected',
    address: SCRIPTED_ADDRESS,
    chainId: 31337,
  })
  const appKit = createAppKit({
    networks,
    projectId: 'p',
    storage: new MemoryStorage(),
    apiUrl: 'http://127.0.0.1:1',
    adapters: [adapter],
    ...options,
  })
  appKit.destroy()
  appKit.core.stores.connectors.setState({ list: [metamask] })
  const show = (node: ReactNode) =>
    render(<AppKitProvider instance={appKit}>{node}</AppKitProvider>)
  return { appKit, engine, show }
}
