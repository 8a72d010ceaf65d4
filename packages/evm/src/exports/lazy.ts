export { LazyWagmiAdapter } from '../lazyAdapter.ts'
