import type { CaipNetwork } from '@latchkey/core/networks'
import type { Wallet, WalletAccount } from '@wallet-standard/base'

/** What a connection is: the wallet, the account it gave, and the network the modal shows. */
export interface Session {
  wallet: Wallet
  connectorId: string
  account: WalletAccount
  /** A configured network the account takes; undefined when it takes none of them */
  network: CaipNetwork | undefined
}
