export { WagmiAdapter } from '../adapter'
export type { WagmiAdapterOptions } from '../config'
export { toConnectors } from '../discovery'
