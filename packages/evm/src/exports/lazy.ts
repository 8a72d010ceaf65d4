export { LazyWagmiAdapter } from '../lazyAdapter'
