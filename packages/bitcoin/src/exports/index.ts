export type { BitcoinAdapterOptions } from '../adapter.ts'
export { BitcoinAdapter } from '../adapter.ts'
export { toConnectors } from '../connectors.ts'
export type { BitcoinEngine } from '../engine.ts'
export { BitcoinTransferError } from '../errors.ts'
export type {
  BitcoinAddressPurpose,
  BitcoinSignTransactionInput,
  InputToSign,
} from '../features.ts'
export type { AccountAddress } from '../link.ts'
export { bitcoin, bitcoinRegtest, bitcoinSignet, bitcoinTestnet } from '../networks.ts'
export type {
  BitcoinProvider,
  SignPSBTParams,
  SignPSBTResponse,
  SignPsbtOptions,
} from '../provider.ts'
export type { SatsProvider, SatsProviderInfo } from '../satsProtocol.ts'
export { satsConnectorId } from '../satsProviders.ts'
export { isBitcoinWallet, standardConnectorId } from '../standardWallets.ts'
