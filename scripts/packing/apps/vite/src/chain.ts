// What both pages of the app share: the local chain they connect on (its RPC is set when the
// app is built), the project, and the message they sign.
import { type AppKitNetwork, defineChain } from '@latchkey/react/networks'

const localChain = defineChain({
  id: 31337,
  caipNetworkId: 'eip155:31337',
  chainNamespace: 'eip155',
  name: 'Local chain',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [import.meta.env.VITE_RPC_URL] } },
})

export const networks: [AppKitNetwork, ...AppKitNetwork[]] = [localChain]
export const projectId = import.meta.env.VITE_PROJECT_ID

/** The text both pages ask the wallet to sign (consumer.test.ts verifies the signature). */
export const MESSAGE = 'Signed in an app that installed Latchkey from npm'
