// headless-web3-provider ships CommonJS without named-export hints, so take its default export.
import headless from 'headless-web3-provider'

export const { injectHeadlessWeb3Provider, Web3RequestKind } = headless

type Wallet = Awaited<ReturnType<typeof injectHeadlessWeb3Provider>>

/** How long the visitor's wallet waits for a request the test expects. */
const WALLET_WAIT_MS = 30_000

/**
 * headless-web3-provider's authorize/reject wait for a request of that kind for ever; a request
 * that never comes would only show as the test's timeout. Bounded here, and the failure says
 * which request was awaited and which were pending instead.
 */
export function boundWalletWaits(wallet: Wallet): Wallet {
  const answered: string[] = []
  for (const name of ['authorize', 'reject'] as const) {
    const original = wallet[name].bind(wallet) as (
      kind: string,
      ...rest: unknown[]
    ) => Promise<void>
    ;(wallet as unknown as Record<string, unknown>)[name] = (kind: string, ...rest: unknown[]) => {
      let timer: NodeJS.Timeout | undefined
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          const pending = wallet.getPendingRequests().map((r: { method: string }) => r.method)
          reject(
            new Error(
              `the wallet waited ${WALLET_WAIT_MS} ms to ${name} ${kind}; pending: [${pending.join(', ')}]; answered before: [${answered.join(', ')}]`,
            ),
          )
        }, WALLET_WAIT_MS)
      })
      return Promise.race([original(kind, ...rest), timeout])
        .then((result) => {
          answered.push(`${name} ${kind}`)
          return result
        })
        .finally(() => clearTimeout(timer))
    }
  }
  return wallet
}

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
