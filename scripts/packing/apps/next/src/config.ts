// AppKit's Next.js setup (wagmi with cookie storage and ssr), with only the imports changed.
import { WagmiAdapter } from '@latchkey/evm'
import { type AppKitNetwork, defineChain } from '@latchkey/react/networks'
import { cookieStorage, createStorage } from 'wagmi'

export const projectId = process.env.NEXT_PUBLIC_PROJECT_ID ?? ''

export const localChain = defineChain({
  id: 31337,
  caipNetworkId: 'eip155:31337',
  chainNamespace: 'eip155',
  name: 'Local chain',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [process.env.NEXT_PUBLIC_RPC_URL ?? 'http://127.0.0.1:8545'] } },
})

export const otherChain = defineChain({
  id: 31338,
  caipNetworkId: 'eip155:31338',
  chainNamespace: 'eip155',
  name: 'Other local chain',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8546'] } },
})

export const networks: [AppKitNetwork, ...AppKitNetwork[]] = [localChain, otherChain]

export const wagmiAdapter = new WagmiAdapter({
  storage: createStorage({ storage: cookieStorage }),
  ssr: true,
  projectId,
  networks,
})
