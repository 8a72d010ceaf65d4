// headless-web3-provider ships CommonJS without named-export hints, so take its default export.
import headless from 'headless-web3-provider'

export const { injectHeadlessWeb3Provider, Web3RequestKind } = headless

type Wallet = Awaited<ReturnType<typeof injectHeadlessWeb3Provider>>

/** wagmi's injected connector asks for permissions, then for the accounts: the visitor approves both. */
export async function approveConnection(wallet: Wallet) {
  await wallet.authorize(Web3RequestKind.RequestPermissions)
  await wallet.authorize(Web3RequestKind.RequestAccounts)
}

/**
 * The visitor refuses (or the wallet fails). Errors cross Playwright's bridge as message-only
 * errors, so wagmi does not see a 4001 on the permissions request and asks for the accounts too.
 */
export async function rejectConnection(wallet: Wallet, reason?: Error & { code?: number }) {
  await wallet.reject(Web3RequestKind.RequestPermissions, reason)
  await wallet.reject(Web3RequestKind.RequestAccounts, reason)
}
