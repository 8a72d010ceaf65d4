export { WagmiAdapter } from '../adapter.ts'
export type { WagmiAdapterOptions } from '../config.ts'
export { toConnectors } from '../discovery.ts'
