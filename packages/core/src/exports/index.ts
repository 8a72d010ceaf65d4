export type { AdapterEngine, ChainAdapter, ConnectorInfo } from '../adapter'
export { type AppKitCore, type AppKitOptions, createAppKitCore } from '../appkit'
export type { CaipNetwork } from '../networks'
