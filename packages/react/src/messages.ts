import { ErrorText } from '@latchkey/core/errors'

/** Every user-facing text of the modal; the spec's texts are the English entries. */
export const en = {
  connectWallet: 'Connect Wallet',
  connecting: 'Connecting…',
  reconnecting: 'Reconnecting…',
  close: 'Close',
  back: 'Back',
  installed: 'Installed',
  certified: 'Certified',
  allWallets: 'All Wallets',
  searchWallet: 'Search wallet',
  noWalletFound: 'No wallet found',
  loading: 'Loading…',
  recent: 'Recent',
  noWallets: 'No browser wallet found. Install a wallet extension and reload the page.',
  continueIn: 'Continue in {name}',
  acceptRequest: 'Accept the connection request in your wallet.',
  connectionRejected: ErrorText.connectionRejected,
  failedToConnect: ErrorText.failedToConnect,
  tryAgain: 'Try again',
  copyAddress: 'Copy address',
  addressCopied: 'Address copied',
  disconnect: 'Disconnect',
  loadingBalance: 'Loading balance',
  balanceUnavailable: ErrorText.tokenBalanceUnavailable,
  network: 'Network',
  selectNetwork: 'Select network',
  wrongNetwork: 'Wrong network',
  yourWallet: 'your wallet',
  switchNetworkIn: 'Approve the network switch in {name}',
  switchNetworkWaiting: 'Switching to {network}…',
  unsupportedChain:
    "This app doesn't support your current network. Switch to an available option to continue.",
  activeNetwork: 'Active',
  dialogLabel: 'Wallet connection',
  views: {
    Connect: 'Connect Wallet',
    Account: 'Account',
    AllWallets: 'All Wallets',
    ConnectingExternal: 'Connecting',
    ConnectingWalletConnect: 'WalletConnect',
    ConnectingWalletConnectBasic: 'WalletConnect',
    ConnectingFarcaster: 'Farcaster',
    DataCapture: 'Email',
    SIWXSignMessage: 'Sign In',
    ApproveTransaction: 'Approve Transaction',
    RegisterAccountName: 'Choose Name',
    RegisterAccountNameSuccess: 'Name Registered',
    Networks: 'Choose Network',
    SwitchNetwork: 'Switch Network',
    SwitchActiveChain: 'Switch Chain',
    UnsupportedChain: 'Switch Network',
    EmailLogin: 'Email Login',
    ProfileWallets: 'Wallets',
    UpdateEmailWallet: 'Edit Email',
  },
  notBuilt: 'This view is not available yet.',
}

export type Messages = typeof en

export function format(template: string, params: Record<string, string> = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => params[key] ?? whole)
}
